/**
 * Creating and editing tasks (issue 14, docs/decisions/tasks.md): a task on devices and/or stores, a
 * batch from pending devices (one task per device), or a repair task from an open alert record; each
 * starts in stage created, assigned (or not yet) to an active common user of the company. A task can be
 * edited while created or dispatched.
 */
import {
  AlertRecordStatus,
  type Lang,
  PENDING_REASON_TASK_TYPE,
  TASK_TYPE_LABELS,
  type Task,
  type TaskBatchBody,
  type TaskCreateBody,
  type TaskFromAlertBody,
  type TaskPriority,
  type TaskUpdateBody,
} from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { conflict, invalid, invalidFields, notFound } from '../../http/errors';
import { parseDateTime } from '../../http/time';
import { findAlertRecordRow } from '../alerts/alert-records.repository';
import { pendingReasonsOf } from './pending-devices.repository';
import { offlineBefore } from './pending-devices.service';
import { actorOf } from './task-access';
import { devicesInScope, findActiveCommonUser, storesInScope } from './task-candidates.repository';
import { devicesWithOpenTask, type TaskTarget } from './task-targets.repository';
import { answerTask, visibleTask } from './task-view';
import { insertTask, updateTask as updateTaskRow } from './tasks.repository';

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

/** The columns a task's form sets, with its checked due time and assignee. */
function taskColumns(body: TaskCreateBody, due: number | null, assignee: number | null) {
  return {
    title: body.title,
    description: body.description,
    type: body.type,
    priority: body.priority,
    due_at: due,
    assignee_id: assignee,
  };
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
        ...taskColumns(body, due, assignee),
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
        ...taskColumns(body, due, assignee),
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
