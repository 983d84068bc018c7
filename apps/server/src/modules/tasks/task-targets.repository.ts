/**
 * SQL of `task_targets`, owned here: the devices and whole stores a task concerns, written with the
 * task (tasks.repository.ts calls in) and read with the devices' current state.
 */
import { OPEN_TASK_STAGES } from '@storefleet/contracts';

import type { Trx } from '../../db/trx';

const OPEN = [...OPEN_TASK_STAGES];
const numberOrNull = (v: number | string | null) => (v === null ? null : Number(v));

export interface TaskTargetRow {
  task_id: number;
  shop_id: number;
  store_name: string | null;
  device_id: number | null;
  device_name: string | null;
  online_status: number | null;
  open_alerts: number | null;
}

export interface TaskTarget {
  shopId: number;
  deviceId: number | null;
}

/** The devices and stores of the tasks `ids`, with names and the devices' current state. */
export async function listTaskTargets(db: Trx, ids: readonly number[]): Promise<TaskTargetRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('task_targets as tt')
    .leftJoin('stores', 'stores.id', 'tt.shop_id')
    .leftJoin('devices', 'devices.id', 'tt.device_id')
    .select([
      'tt.task_id',
      'tt.shop_id',
      'stores.store_name',
      'tt.device_id',
      'devices.device_name',
      'devices.online_status',
      'devices.open_alerts',
    ])
    .where('tt.task_id', 'in', [...ids])
    .orderBy('tt.id')
    .execute();
  return rows.map((r) => ({
    task_id: Number(r.task_id),
    shop_id: Number(r.shop_id),
    store_name: r.store_name,
    device_id: numberOrNull(r.device_id),
    device_name: r.device_name,
    online_status: numberOrNull(r.online_status),
    open_alerts: numberOrNull(r.open_alerts),
  }));
}

/** Adds the targets of task `taskId`. */
export async function insertTaskTargets(
  trx: Trx,
  taskId: number,
  companyId: number,
  targets: readonly TaskTarget[],
): Promise<void> {
  if (targets.length === 0) return;
  await trx
    .insertInto('task_targets')
    .values(
      targets.map((t) => ({
        task_id: taskId,
        company_id: companyId,
        shop_id: t.shopId,
        device_id: t.deviceId,
      })),
    )
    .execute();
}

/** Replaces the targets of task `taskId`. */
export async function replaceTaskTargets(
  trx: Trx,
  taskId: number,
  companyId: number,
  targets: readonly TaskTarget[],
): Promise<void> {
  await trx.deleteFrom('task_targets').where('task_id', '=', taskId).execute();
  await insertTaskTargets(trx, taskId, companyId, targets);
}

/** Of `deviceIds`, those with an open task. */
export async function devicesWithOpenTask(trx: Trx, deviceIds: readonly number[]): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('task_targets as tt')
    .innerJoin('tasks', 'tasks.id', 'tt.task_id')
    .select('tt.device_id')
    .where('tt.device_id', 'in', [...deviceIds])
    .where('tasks.stage', 'in', OPEN)
    .execute();
  return new Set(rows.map((r) => Number(r.device_id)));
}
