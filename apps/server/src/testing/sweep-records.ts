/**
 * Company B's canary records of the data-scope sweep: a net-test address and run, an upgrade run, a
 * task with its store target and stage change, a logo and an operation log entry. Each carries texts
 * that must never reach an asker outside company B; the texts are returned with the records, so a
 * record seeded here is always one the sweep looks for.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';

const TEXT = {
  netTestAddress: 'CANARY-NETTEST-B',
  netTestUrl: 'https://canary-nettest-b.invalid',
  netTestRunBy: 'CANARY-NETTEST-RUN-B',
  upgradeRunBy: 'CANARY-UPGRADE-RUN-B',
  upgradeHalt: 'CANARY-UPGRADE-HALT-B',
  taskTitle: 'CANARY-TASK-B',
  taskNote: 'CANARY-TASK-NOTE-B',
  taskBy: 'CANARY-TASK-BY-B',
  taskStage: 'CANARY-TASK-STAGE-B',
  logo: 'canary-logo-b',
  opLog: 'CANARY-OPLOG-B',
  opLogData: 'CANARY-OPLOG-DATA-B',
} as const;

/** Seeds company B's canary records; returns the texts no one outside company B may see. */
export async function seedCanaryRecords(
  db: Kysely<DB>,
  b: { companyId: number; storeId: number; userId: number; userName: string },
): Promise<{ secrets: string[] }> {
  const now = Date.now();
  const stamp = { created_at: now, updated_at: now };
  await db
    .insertInto('net_test_addresses')
    .values({
      company_id: b.companyId,
      ping_url: TEXT.netTestUrl,
      ping_url_name: TEXT.netTestAddress,
      ...stamp,
    })
    .execute();
  await db
    .insertInto('net_test_runs')
    .values({
      company_id: b.companyId,
      status: 'finished',
      box_count: 1,
      address_count: 1,
      created_by: TEXT.netTestRunBy,
      created_at: now,
      finished_at: now,
    })
    .execute();
  // Versions are platform-wide; the upgrade run and its reason belong to company B.
  const version = await db
    .insertInto('agent_versions')
    .values({
      version_no: 'sweep-canary',
      notes: '',
      file_name: '00000000000000000000000000000000.pkg',
      size: 0,
      sha256: '0'.repeat(64),
      is_current: 0,
      created_by: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('upgrade_runs')
    .values({
      company_id: b.companyId,
      version_id: version.id,
      status: 'halted',
      wave_size: 1,
      failure_threshold: 0,
      current_wave: 1,
      wave_count: 1,
      halt_reason: TEXT.upgradeHalt,
      created_by: TEXT.upgradeRunBy,
      created_at: now,
      finished_at: now,
    })
    .execute();
  const task = await db
    .insertInto('tasks')
    .values({
      company_id: b.companyId,
      title: TEXT.taskTitle,
      description: TEXT.taskNote,
      type: 'repair',
      priority: 'high',
      stage: 'created',
      due_at: now,
      assignee_id: b.userId,
      created_by: TEXT.taskBy,
      created_at: now,
      stage_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('task_targets')
    .values({ task_id: task.id, company_id: b.companyId, shop_id: b.storeId, device_id: null })
    .execute();
  await db
    .insertInto('task_stage_changes')
    .values({ task_id: task.id, to_stage: 'created', at: now, note: TEXT.taskStage, photos: '[]' })
    .execute();
  await db
    .insertInto('company_logos')
    .values({
      company_id: b.companyId,
      img_url: `/api/user-service/log/file/${TEXT.logo}.png`,
      status: 1,
      ...stamp,
    })
    .execute();
  await db
    .insertInto('operation_logs')
    .values({
      company_id: b.companyId,
      api_name: TEXT.opLog,
      class_method: 'sweep.canary',
      req_data: JSON.stringify({ canary: TEXT.opLogData }),
      req_url: '/api/canary-oplog-b',
      status: 200,
      error_msg: null,
      ip_address: '127.0.0.1',
      user_id: b.userId,
      user_name: b.userName,
      module_name: 'sweep',
      operation_time: now,
    })
    .execute();
  return { secrets: [...Object.values(TEXT), TEXT.netTestAddress.toLowerCase()] };
}
