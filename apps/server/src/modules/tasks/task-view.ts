/**
 * A task as the API answers it: its row and targets shaped to contracts `Task`, overdue (a due time
 * passed while the task is created, dispatched or in progress) computed on read; and the lookups that
 * read a task the caller may not see as missing (404).
 */
import type { Task, TaskPriority, TaskStage, TaskType } from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { audienceOf } from './task-access';
import { listTaskTargets, type TaskTargetRow } from './task-targets.repository';
import { findTaskRow, type TaskRow } from './tasks.repository';

const TASK = { zh: '任务', en: 'task' };
const OVERDUE_STAGES: readonly string[] = ['created', 'dispatched', 'inProgress'];

/** Task `row` with its own of `targets`, overdue as of `now`. */
export function toTask(row: TaskRow, targets: readonly TaskTargetRow[], now: number): Task {
  const own = targets.filter((t) => t.task_id === row.id);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type as TaskType,
    priority: row.priority as TaskPriority,
    stage: row.stage as TaskStage,
    dueTime: formatDateTime(row.due_at),
    overdue: row.due_at !== null && row.due_at < now && OVERDUE_STAGES.includes(row.stage),
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    devices: own.flatMap((t) =>
      t.device_id === null
        ? []
        : [
            {
              deviceId: t.device_id,
              deviceName: t.device_name ?? '',
              shopId: t.shop_id,
              storeName: t.store_name ?? '',
              onlineStatus: t.online_status ?? 0,
              openAlerts: t.open_alerts ?? 0,
            },
          ],
    ),
    stores: own
      .filter((t) => t.device_id === null)
      .map((t) => ({ shopId: t.shop_id, storeName: t.store_name ?? '' })),
    alertRecordId: row.alert_record_id,
    createBy: row.created_by,
    createTime: formatDateTime(row.created_at),
    stageTime: formatDateTime(row.stage_at),
    updateTime: formatDateTime(row.updated_at),
  };
}

/** Task `id` when the caller may see it (404 otherwise). */
export async function visibleTask(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  scope: Scope,
  id: number,
): Promise<TaskRow> {
  requireCompany(scope);
  const row = await findTaskRow(ctx.db, audienceOf(caller, scope), id);
  if (!row) throw notFound(TASK);
  return row;
}

/** Task `id` as answered after a write (scope only: the writer was already checked). */
export async function answerTask(ctx: Pick<AppContext, 'db'>, scope: Scope, id: number): Promise<Task> {
  const row = await findTaskRow(ctx.db, { scope, assigneeId: null }, id);
  if (!row) throw notFound(TASK);
  return toTask(row, await listTaskTargets(ctx.db, [id]), Date.now());
}
