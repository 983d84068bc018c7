/**
 * Reading tasks (issue 14, docs/decisions/tasks.md): the list and per-stage counts (filtered, overdue
 * computed on read), and a task's detail — its stage history, the history of its devices since it (or
 * the alert it came from) opened, and the moves the caller may make.
 */
import {
  OPEN_TASK_STAGES,
  type PagedResult,
  TASK_TRANSITIONS,
  type Task,
  type TaskDetail,
  type TaskDeviceEvent,
  type TaskFilter,
  type TaskListQuery,
  type TaskStage,
  type TaskStageCount,
  TaskStage as TaskStageEnum,
  toPagedResult,
} from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { pageWindow } from '../../db/paging';
import { invalid } from '../../http/errors';
import { formatDateTime, parseDateTime } from '../../http/time';
import { findAlertRecordRow } from '../alerts/alert-records.repository';
import { listMonitorLogRows } from '../alerts/monitor-log.repository';
import { audienceOf, canManage, isCommon, mayMove } from './task-access';
import { taskPhotoUrl } from './task-photos';
import { listStageChanges } from './task-stage-changes.repository';
import { listTaskTargets } from './task-targets.repository';
import { toTask, visibleTask } from './task-view';
import { countTasksByStage, listTaskRows, type TaskCriteria, type TaskRow } from './tasks.repository';

/** Devices whose history a task's detail shows, and entries at most. */
const EVENT_DEVICES = 20;
const EVENT_MAX = 200;

/** The filter as the repository takes it (400 naming a day that does not exist). */
function criteriaOf(filter: TaskFilter, now: number): TaskCriteria {
  const day = (field: 'dueFrom' | 'dueTo', text: string | undefined, time: string) => {
    if (text === undefined) return undefined;
    const ms = parseDateTime(`${text} ${time}`);
    if (ms === null) throw invalid(field, { zh: '不是存在的日期', en: 'is not a date that exists' });
    return ms;
  };
  return {
    type: filter.type,
    priority: filter.priority,
    assigneeId: filter.assigneeId,
    shopId: filter.shopId,
    areaId: filter.areaId,
    dueFrom: day('dueFrom', filter.dueFrom, '00:00:00'),
    dueTo: day('dueTo', filter.dueTo, '23:59:59'),
    overdue: filter.overdue,
    keyword: filter.keyword || undefined,
    now,
  };
}

export async function listTasks(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  query: TaskListQuery,
): Promise<PagedResult<Task>> {
  requireCompany(scope);
  const now = Date.now();
  const { rows, total } = await listTaskRows(
    ctx.db,
    audienceOf(caller, scope),
    { ...criteriaOf(query, now), stages: query.stage },
    pageWindow(query),
  );
  const targets = await listTaskTargets(
    ctx.db,
    rows.map((r) => r.id),
  );
  return toPagedResult(
    rows.map((r) => toTask(r, targets, now)),
    total,
    query,
  );
}

export async function taskStageCounts(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  filter: TaskFilter,
): Promise<TaskStageCount[]> {
  requireCompany(scope);
  const rows = await countTasksByStage(ctx.db, audienceOf(caller, scope), criteriaOf(filter, Date.now()));
  return TaskStageEnum.options.map((stage) => {
    const row = rows.find((r) => r.stage === stage);
    return { stage, count: row?.count ?? 0, overdue: row?.overdue ?? 0 };
  });
}

async function deviceEvents(
  ctx: AppContext,
  scope: Scope,
  task: Task,
  since: number,
): Promise<TaskDeviceEvent[]> {
  const events: TaskDeviceEvent[] = [];
  for (const device of task.devices.slice(0, EVENT_DEVICES)) {
    const { rows } = await listMonitorLogRows(
      ctx.db,
      scope,
      { from: since, to: null, deviceId: device.deviceId, kinds: null },
      { limit: EVENT_MAX, offset: 0 },
    );
    for (const row of rows)
      events.push({
        key: `${row.kind}:${row.source_id}`,
        kind: row.kind,
        at: formatDateTime(Number(row.at)),
        deviceId: Number(row.device_id),
        deviceName: row.device_name,
        recordId: row.record_id === null ? null : Number(row.record_id),
        name: row.name,
        severity: row.severity === null ? null : Number(row.severity),
      });
  }
  return events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, EVENT_MAX);
}

export async function taskDetail(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  id: number,
): Promise<TaskDetail> {
  const row = await visibleTask(ctx, caller, scope, id);
  const now = Date.now();
  const task = toTask(row, await listTaskTargets(ctx.db, [row.id]), now);
  const history = (await listStageChanges(ctx.db, row.id)).map((c) => ({
    id: Number(c.id),
    fromStage: c.from_stage as TaskStage | null,
    toStage: c.to_stage as TaskStage,
    byUserId: c.by_user_id === null ? null : Number(c.by_user_id),
    byName: c.by_name,
    time: formatDateTime(c.at),
    note: c.note,
    photos: readNames(c.photos).map(taskPhotoUrl),
  }));
  const open = OPEN_TASK_STAGES.includes(task.stage);
  const own = !isCommon(caller) || row.assignee_id === caller.userId;
  return {
    task,
    history,
    deviceEvents: await deviceEvents(ctx, scope, task, await openedAt(ctx, scope, row)),
    allowedStages: TASK_TRANSITIONS[task.stage].filter((to) => mayMove(caller, row, to)),
    canEdit: own && canManage(caller) && (task.stage === 'created' || task.stage === 'dispatched'),
    canCancel: own && canManage(caller) && open,
  };
}

/** Since when a task's device history counts: its creation, or the opening of the alert it came from. */
async function openedAt(ctx: AppContext, scope: Scope, row: TaskRow): Promise<number> {
  if (row.alert_record_id === null) return row.created_at;
  const record = await findAlertRecordRow(ctx.db, scope, row.alert_record_id);
  return record ? Math.min(row.created_at, Number(record.alert_time)) : row.created_at;
}

function readNames(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
