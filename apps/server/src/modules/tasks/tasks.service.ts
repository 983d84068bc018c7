/**
 * Task dispatch (issue 14, docs/decisions/tasks.md): work orders on devices or stores, assigned to an
 * active common user of the company and moved through created → dispatched → inProgress → completed →
 * verified (or cancelled), each change recorded with who, when, a note and photos.
 * - Data scope: the company, and a task's stores inside the caller's region/store scope; a common user
 *   (type 3) sees and acts on only the tasks assigned to it (others read as missing, 404).
 * - Moves: TASK_TRANSITIONS; `transitionNeeds` says which button code a move takes.
 * - Verifying a repair task created from an alert record, with every device of it back online, ends the
 *   record (as the alert overview's close does) in the same transaction as the stage change.
 * - Overdue: a due time passed while the task is created, dispatched or in progress; computed on read.
 */

import {
  AlertRecordStatus,
  BUTTON,
  type Lang,
  OnlineStatus,
  OPEN_TASK_STAGES,
  type PagedResult,
  PENDING_REASON_TASK_TYPE,
  type PendingDevice,
  type PendingDeviceQuery,
  TASK_TRANSITIONS,
  TASK_TYPE_LABELS,
  type Task,
  type TaskAdvanceBody,
  type TaskBatchBody,
  type TaskCancelBody,
  type TaskCreateBody,
  type TaskDetail,
  type TaskDeviceEvent,
  type TaskFilter,
  type TaskFromAlertBody,
  type TaskListQuery,
  type TaskPriority,
  type TaskStage,
  type TaskStageCount,
  TaskStage as TaskStageEnum,
  type TaskType,
  type TaskUpdateBody,
  toPagedResult,
  transitionNeeds,
  UserType,
} from '@storefleet/contracts';
import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { pageWindow } from '../../db/paging';
import type { AlertChange } from '../../engine/alerting/alert-bus';
import { refreshOpenAlertCounts } from '../../engine/alerting/alert-records.repository';
import { conflict, forbidden, invalid, invalidFields, notFound } from '../../http/errors';
import { formatDateTime, parseDateTime } from '../../http/time';
import { closeAlertRecordRow, findAlertRecordRow } from '../alerts/alert-records.repository';
import { listMonitorLogRows } from '../alerts/monitor-log.repository';
import { checkedPhotoNames, taskPhotoUrl } from './task-photos';
import {
  changeTaskStage,
  countTasksByStage,
  devicesInScope,
  devicesWithOpenTask,
  findActiveCommonUser,
  findTaskRow,
  insertTask,
  listPendingRows,
  listStageChanges,
  listTaskRows,
  listTaskTargets,
  pendingReasonsOf,
  storesInScope,
  type TaskAudience,
  type TaskCriteria,
  type TaskRow,
  type TaskTarget,
  type TaskTargetRow,
  updateTask as updateTaskRow,
} from './tasks.repository';

const TASK = { zh: '任务', en: 'task' };
const OVERDUE_STAGES: readonly string[] = ['created', 'dispatched', 'inProgress'];
/** Devices whose history a task's detail shows, and entries at most. */
const EVENT_DEVICES = 20;
const EVENT_MAX = 200;

const actorOf = (caller: Caller) => caller.name || caller.userName;
const isCommon = (caller: Caller) => caller.userType === UserType.CUSTOMER_COMMON_USER;
const canManage = (caller: Caller) => caller.buttonAuthorities.includes(BUTTON.taskAdd);
const canHandle = (caller: Caller) => caller.buttonAuthorities.includes(BUTTON.taskUpdate);

/** What the caller may see: its scope, and for a common user only its own tasks. */
export function audienceOf(caller: Caller, scope: Scope): TaskAudience {
  return { scope, assigneeId: isCommon(caller) ? caller.userId : null };
}

function toTask(row: TaskRow, targets: readonly TaskTargetRow[], now: number): Task {
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

/** Whether the caller may move `row` to `to` now (code, and for a common user its own task). */
function mayMove(caller: Caller, row: TaskRow, to: TaskStage): boolean {
  if (isCommon(caller) && row.assignee_id !== caller.userId) return false;
  const from = row.stage as TaskStage;
  if (!TASK_TRANSITIONS[from].includes(to)) return false;
  return transitionNeeds(from, to) === 'manage' ? canManage(caller) : canHandle(caller);
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

async function visibleTask(ctx: AppContext, caller: Caller, scope: Scope, id: number): Promise<TaskRow> {
  requireCompany(scope);
  const row = await findTaskRow(ctx.db, audienceOf(caller, scope), id);
  if (!row) throw notFound(TASK);
  return row;
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

/** A due time as stored; 400 for a time that does not exist. */
function dueOf(text: string | null | undefined): number | null {
  if (!text) return null;
  const ms = parseDateTime(text);
  if (ms === null)
    throw invalid('dueTime', { zh: '不是存在的日期时间', en: 'is not a date-time that exists' });
  return ms;
}

async function checkedAssignee(ctx: AppContext, companyId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return null;
  const user = await findActiveCommonUser(ctx.db, companyId, id);
  if (!user)
    throw invalid('assigneeId', {
      zh: '必须是本公司启用中的普通用户',
      en: 'must be an active common user of your company',
    });
  return user.id;
}

/** The targets of a create/update body: devices and stores in scope (400 naming what is not). */
async function checkedTargets(ctx: AppContext, scope: Scope, body: TaskCreateBody): Promise<TaskTarget[]> {
  const deviceIds = [...new Set(body.deviceIds)];
  const shopIds = [...new Set(body.shopIds)];
  if (deviceIds.length + shopIds.length === 0)
    throw invalid('deviceIds', {
      zh: '请选择至少一台设备或一个门店',
      en: 'pick at least one device or store',
    });
  const devices = await devicesInScope(ctx.db, scope, deviceIds);
  const problems = [];
  if (devices.length !== deviceIds.length)
    problems.push({
      field: 'deviceIds',
      message: {
        zh: '包含不存在或无权管理的设备',
        en: 'names devices that do not exist or that you do not manage',
      },
    });
  const stores = await storesInScope(ctx.db, scope, shopIds);
  if (stores.length !== shopIds.length)
    problems.push({
      field: 'shopIds',
      message: {
        zh: '包含不存在或无权管理的门店',
        en: 'names stores that do not exist or that you do not manage',
      },
    });
  if (problems.length > 0) throw invalidFields(problems);
  return [
    ...devices.map((d) => ({ shopId: d.shop_id, deviceId: d.id })),
    ...stores.map((id) => ({ shopId: id, deviceId: null })),
  ];
}

async function answerTask(ctx: AppContext, scope: Scope, id: number): Promise<Task> {
  const row = await findTaskRow(ctx.db, { scope, assigneeId: null }, id);
  if (!row) throw notFound(TASK);
  return toTask(row, await listTaskTargets(ctx.db, [id]), Date.now());
}

export async function createTask(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: TaskCreateBody,
): Promise<Task> {
  const companyId = requireCompany(scope);
  const due = dueOf(body.dueTime);
  const assignee = await checkedAssignee(ctx, companyId, body.assigneeId);
  const targets = await checkedTargets(ctx, scope, body);
  const now = Date.now();
  const id = await ctx.db.transaction().execute((trx) =>
    insertTask(
      trx,
      {
        company_id: companyId,
        title: body.title,
        description: body.description,
        type: body.type,
        priority: body.priority,
        due_at: due,
        assignee_id: assignee,
        alert_record_id: null,
        created_by_id: caller.userId,
        created_by: actorOf(caller),
      },
      targets,
      '',
      now,
    ),
  );
  return answerTask(ctx, scope, id);
}

export async function updateTask(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: TaskUpdateBody,
): Promise<Task> {
  const companyId = requireCompany(scope);
  const row = await visibleTask(ctx, caller, scope, body.id);
  if (row.stage !== 'created' && row.stage !== 'dispatched')
    throw conflict({
      zh: '只能修改已创建或已派发的任务',
      en: 'Only a created or dispatched task can be edited',
    });
  const due = dueOf(body.dueTime);
  const assignee = await checkedAssignee(ctx, companyId, body.assigneeId);
  if (row.stage === 'dispatched' && assignee === null)
    throw invalid('assigneeId', {
      zh: '已派发的任务必须有处理人',
      en: 'a dispatched task needs an assignee',
    });
  const targets = await checkedTargets(ctx, scope, body);
  await ctx.db.transaction().execute((trx) =>
    updateTaskRow(
      trx,
      row.id,
      {
        title: body.title,
        description: body.description,
        type: body.type,
        priority: body.priority,
        due_at: due,
        assignee_id: assignee,
      },
      targets,
      companyId,
      Date.now(),
    ),
  );
  return answerTask(ctx, scope, row.id);
}

const PRIORITY_OF_SEVERITY = (severity: number): TaskPriority =>
  severity >= 5 ? 'urgent' : severity >= 4 ? 'high' : severity >= 3 ? 'normal' : 'low';

export async function createTaskFromAlert(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: TaskFromAlertBody,
): Promise<Task> {
  const companyId = requireCompany(scope);
  const record = await findAlertRecordRow(ctx.db, scope, body.alertRecordId);
  if (!record) throw notFound({ zh: '告警记录', en: 'alert record' });
  if (Number(record.status) !== AlertRecordStatus.UNRESOLVED)
    throw conflict({
      zh: '该告警已恢复或已关闭',
      en: 'This alert record has already recovered or been closed',
    });
  const deviceId = Number(record.device_id);
  const due = dueOf(body.dueTime);
  const assignee = await checkedAssignee(ctx, companyId, body.assigneeId);
  const now = Date.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    if ((await devicesWithOpenTask(trx, [deviceId])).size > 0)
      throw conflict({
        zh: '该设备已有未结束的任务',
        en: 'This device already has an open task',
      });
    return insertTask(
      trx,
      {
        company_id: companyId,
        title: body.title ?? `${record.name} - ${record.device_name ?? ''}`.slice(0, 100),
        description: body.description ?? '',
        type: 'repair',
        priority: body.priority ?? PRIORITY_OF_SEVERITY(Number(record.severity)),
        due_at: due,
        assignee_id: assignee,
        alert_record_id: Number(record.id),
        created_by_id: caller.userId,
        created_by: actorOf(caller),
      },
      [{ shopId: Number(record.shop_id), deviceId }],
      '',
      now,
    );
  });
  return answerTask(ctx, scope, id);
}

async function offlineBefore(ctx: AppContext, companyId: number, now: number): Promise<number> {
  const settings = await ctx.jobs.settings(ctx.db, companyId);
  return now - settings.offlineThresholdSeconds * 1000;
}

export async function pendingDevices(
  ctx: AppContext,
  scope: Scope,
  query: PendingDeviceQuery,
): Promise<PagedResult<PendingDevice>> {
  const companyId = requireCompany(scope);
  const before = await offlineBefore(ctx, companyId, Date.now());
  const { rows, total } = await listPendingRows(
    ctx.db,
    scope,
    {
      reason: query.reason,
      shopId: query.shopId,
      areaId: query.areaId,
      keyword: query.keyword || undefined,
      offlineBefore: before,
    },
    pageWindow(query),
  );
  return toPagedResult(
    rows.map((r) => ({
      deviceId: r.device_id,
      deviceName: r.device_name,
      productId: r.product_id,
      shopId: r.shop_id,
      storeName: r.store_name,
      reason: r.reason,
      suggestedType: PENDING_REASON_TASK_TYPE[r.reason],
      onlineStatus: r.online_status,
      offlineSince: r.reason === 'offline' ? formatDateTime(r.latest_offline_time) : null,
      openAlertRecordId: r.open_record_id,
    })),
    total,
    query,
  );
}

export async function batchCreateTasks(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: TaskBatchBody,
  lang: Lang,
): Promise<{ created: Task[] }> {
  const companyId = requireCompany(scope);
  const due = dueOf(body.dueTime);
  const assignee = await checkedAssignee(ctx, companyId, body.assigneeId);
  const deviceIds = [...new Set(body.deviceIds)];
  const now = Date.now();
  const before = await offlineBefore(ctx, companyId, now);
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const pending = await pendingReasonsOf(trx, scope, deviceIds, before);
    const missing = deviceIds.filter((id) => !pending.has(id));
    if (missing.length > 0)
      throw invalid('deviceIds', {
        zh: `以下设备不是待处理设备（不存在、无权管理或已有任务）：${missing.join(', ')}`,
        en: `these devices are not pending (missing, outside your scope or already tasked): ${missing.join(', ')}`,
      });
    const created: number[] = [];
    for (const deviceId of deviceIds) {
      const p = pending.get(deviceId);
      if (!p) continue;
      const type = body.type ?? PENDING_REASON_TASK_TYPE[p.reason];
      created.push(
        await insertTask(
          trx,
          {
            company_id: companyId,
            title: `${TASK_TYPE_LABELS[type][lang]} ${p.deviceName}`.slice(0, 100),
            description: '',
            type,
            priority: body.priority,
            due_at: due,
            assignee_id: assignee,
            alert_record_id: null,
            created_by_id: caller.userId,
            created_by: actorOf(caller),
          },
          [{ shopId: p.shopId, deviceId }],
          '',
          now,
        ),
      );
    }
    return created;
  });
  const created: Task[] = [];
  for (const id of ids) created.push(await answerTask(ctx, scope, id));
  return { created };
}

export async function advanceTask(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: TaskAdvanceBody,
): Promise<TaskDetail> {
  const companyId = requireCompany(scope);
  const row = await visibleTask(ctx, caller, scope, body.id);
  const from = row.stage as TaskStage;
  const to = body.stage;
  if (!TASK_TRANSITIONS[from].includes(to))
    throw invalid('stage', {
      zh: `任务处于「${from}」阶段，不能转到「${to}」`,
      en: `a task in stage ${from} cannot move to ${to}`,
    });
  if (!mayMove(caller, row, to))
    throw forbidden({
      zh:
        transitionNeeds(from, to) === 'manage'
          ? '派发、验收或退回任务需要「新建任务」权限'
          : '处理任务需要「处理任务」权限',
      en:
        transitionNeeds(from, to) === 'manage'
          ? 'Dispatching, verifying or sending a task back needs the task:add permission'
          : 'Starting or completing a task needs the task:update permission',
    });
  if (to === 'dispatched' && row.assignee_id === null)
    throw conflict({ zh: '请先为任务指定处理人再派发', en: 'Set an assignee before dispatching the task' });
  const photos = await checkedPhotoNames(ctx.db, companyId, body.photos);
  const now = Date.now();
  let closedRecord: { id: number; deviceId: number; shopId: number } | null = null;
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await changeTaskStage(
      trx,
      row.id,
      { from, to, byUserId: caller.userId, byName: actorOf(caller), note: body.note, photos },
      now,
    );
    if (!moved)
      throw conflict({
        zh: '任务阶段已被他人更改，请刷新后重试',
        en: 'The task changed meanwhile; reload it and try again',
      });
    if (to === 'verified' && row.type === 'repair' && row.alert_record_id !== null) {
      const targets = await listTaskTargets(trx, [row.id]);
      const devices = targets.filter((t) => t.device_id !== null);
      const allOnline = devices.length > 0 && devices.every((t) => t.online_status === OnlineStatus.ONLINE);
      if (allOnline) {
        const record = await findAlertRecordRow(
          trx,
          { companyId, storeIds: null, levelIds: null },
          row.alert_record_id,
        );
        if (
          record &&
          Number(record.status) === AlertRecordStatus.UNRESOLVED &&
          (await closeAlertRecordRow(trx, Number(record.id), { by: actorOf(caller), at: now }))
        ) {
          await refreshOpenAlertCounts(trx, [Number(record.device_id)]);
          closedRecord = {
            id: Number(record.id),
            deviceId: Number(record.device_id),
            shopId: Number(record.shop_id),
          };
        }
      }
    }
  });
  const closed = closedRecord as { id: number; deviceId: number; shopId: number } | null;
  if (closed) {
    const change: AlertChange = 'closed';
    ctx.statusBus.alerts.publish([
      { change, recordId: closed.id, deviceId: closed.deviceId, shopId: closed.shopId, companyId, at: now },
    ]);
  }
  return taskDetail(ctx, caller, scope, row.id);
}

export async function cancelTask(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: TaskCancelBody,
): Promise<TaskDetail> {
  requireCompany(scope);
  const row = await visibleTask(ctx, caller, scope, body.id);
  const from = row.stage as TaskStage;
  if (!OPEN_TASK_STAGES.includes(from))
    throw conflict({ zh: '任务已结束，不能取消', en: 'The task has ended and cannot be cancelled' });
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await changeTaskStage(
      trx,
      row.id,
      {
        from,
        to: 'cancelled',
        byUserId: caller.userId,
        byName: actorOf(caller),
        note: body.note,
        photos: [],
      },
      Date.now(),
    );
    if (!moved)
      throw conflict({
        zh: '任务阶段已被他人更改，请刷新后重试',
        en: 'The task changed meanwhile; reload it and try again',
      });
  });
  return taskDetail(ctx, caller, scope, row.id);
}
