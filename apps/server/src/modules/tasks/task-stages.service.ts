/**
 * Stage moves of a task (issue 14, docs/decisions/tasks.md): created → dispatched → inProgress →
 * completed → verified (or cancelled), each change recorded with who, when, a note and photos; who may
 * make which move is task-access.ts. Verifying a repair task created from an alert record, with every
 * device of it back online, ends the record (as the alert overview's close does) in the same transaction
 * as the stage change.
 */
import {
  AlertRecordStatus,
  OnlineStatus,
  OPEN_TASK_STAGES,
  TASK_TRANSITIONS,
  type TaskAdvanceBody,
  type TaskCancelBody,
  type TaskDetail,
  type TaskStage,
  transitionNeeds,
} from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import type { AlertChange } from '../../engine/alerting/alert-bus';
import { refreshOpenAlertCounts } from '../../engine/alerting/alert-records.repository';
import { conflict, forbidden, invalid } from '../../http/errors';
import { closeAlertRecordRow, findAlertRecordRow } from '../alerts/alert-records.repository';
import { actorOf, mayMove } from './task-access';
import { checkedPhotoNames } from './task-photos';
import { taskDetail } from './task-reading.service';
import { listTaskTargets } from './task-targets.repository';
import { visibleTask } from './task-view';
import { changeTaskStage } from './tasks.repository';

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
    ctx.engine.statusBus.alerts.publish([
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
