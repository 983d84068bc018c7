/**
 * The alert overview (issue 11 "Pages"): the company's alert records in the caller's scope (open first,
 * then history), their counts, the header badge's open count, and the operator's actions.
 * - Acknowledge: records who saw the record, when, and a note; the record stays as it is (open or
 *   ended). A later acknowledgement replaces the earlier one.
 * - Close: an operator ends an open record by hand (status 1, recovery time = now, closed by/at). Unlike
 *   a recovery it says nothing about the device: if the rule's condition still holds at the device's
 *   next evaluated value, the rule fires again and a new record opens (docs/decisions/alerting.md).
 * Actions are published on the alert bus after commit, so open overviews and badges follow.
 */
import {
  type AlertAckBody,
  type AlertRecord,
  type AlertRecordCounts,
  type AlertRecordFilter,
  type AlertRecordListQuery,
  AlertRecordStatus,
  type Lang,
  type OpenAlertCount,
  type PagedResult,
  toPagedResult,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { pageWindow } from '../../db/paging';
import type { AlertChange } from '../../engine/alerting/alert-bus';
import { refreshOpenAlertCounts } from '../../engine/alerting/alert-records.repository';
import { conflict, invalid, notFound } from '../../http/errors';
import { parseDateTime } from '../../http/time';
import { toAlertRecord } from './alert-record-view';
import {
  type AlertRecordCriteria,
  type AlertRecordRow,
  acknowledgeAlertRecordRow,
  closeAlertRecordRow,
  countAlertRecordRows,
  countOpenAlertRecords,
  findAlertRecordRow,
  listAlertRecordRows,
} from './alert-records.repository';
import { levelNames } from './alert-rules.service';

const NOT_A_TIME = { zh: '不是存在的日期时间', en: 'is not a date-time that exists' };
const RECORD = { zh: '告警记录', en: 'alert record' };

/** The filter with its time range read (400 naming the field when a time does not exist or the range is reversed). */
export function alertRecordCriteria(filter: AlertRecordFilter): AlertRecordCriteria {
  const { startTime, endTime, ...rest } = filter;
  const from = startTime ? parseDateTime(startTime) : null;
  const to = endTime ? parseDateTime(endTime) : null;
  if (startTime && from === null) throw invalid('startTime', NOT_A_TIME);
  if (endTime && to === null) throw invalid('endTime', NOT_A_TIME);
  if (from !== null && to !== null && from > to)
    throw invalid('endTime', { zh: '不能早于 startTime', en: 'must not be before startTime' });
  // The range is to the second: the whole end second counts.
  return { ...rest, from, to: to === null ? null : to + 999 };
}

/** One page of the filtered records in scope: open first, then history, each newest first. */
export async function listAlertRecords(
  ctx: AppContext,
  scope: Scope,
  query: AlertRecordListQuery,
  lang: Lang = 'zh',
): Promise<PagedResult<AlertRecord>> {
  const criteria = alertRecordCriteria(query);
  const [{ rows, total }, levels] = await Promise.all([
    listAlertRecordRows(ctx.db, scope, criteria, pageWindow(query)),
    levelNames(ctx),
  ]);
  return toPagedResult(
    rows.map((row) => toAlertRecord(row, levels, lang)),
    total,
    query,
    'status asc, alertTime desc',
  );
}

/** Counts over the filtered records: total, open, ended, and open ones per level 1–5. */
export async function alertRecordCounts(
  ctx: AppContext,
  scope: Scope,
  filter: AlertRecordFilter,
): Promise<AlertRecordCounts> {
  const rows = await countAlertRecordRows(ctx.db, scope, alertRecordCriteria(filter));
  const sum = (status: number) => rows.filter((r) => r.status === status).reduce((n, r) => n + r.num, 0);
  const unresolved = sum(AlertRecordStatus.UNRESOLVED);
  const recovered = sum(AlertRecordStatus.RECOVERED);
  const bySeverity = [1, 2, 3, 4, 5].map((severity) => ({
    severity,
    num: rows
      .filter((r) => r.status === AlertRecordStatus.UNRESOLVED && r.severity === severity)
      .reduce((n, r) => n + r.num, 0),
  }));
  return { total: unresolved + recovered, unresolved, recovered, bySeverity };
}

/** The open records in scope: what the header badge shows. */
export async function openAlertCount(ctx: AppContext, scope: Scope): Promise<OpenAlertCount> {
  return { open: await countOpenAlertRecords(ctx.db, scope) };
}

async function recordInScope(ctx: AppContext, scope: Scope, id: number): Promise<AlertRecordRow> {
  const row = await findAlertRecordRow(ctx.db, scope, id);
  if (!row) throw notFound(RECORD);
  return row;
}

function publish(ctx: AppContext, change: AlertChange, row: AlertRecordRow, companyId: number, at: number) {
  const recordId = Number(row.id);
  const deviceId = Number(row.device_id);
  ctx.engine.statusBus.alerts.publish([
    { change, recordId, deviceId, shopId: Number(row.shop_id), companyId, at },
  ]);
}

/** Whose name an action records: the person's name, else the account name. */
const actorOf = (caller: Caller) => caller.name || caller.userName;

/** Records the caller's acknowledgement of record `id` (in scope, 404 otherwise); answers the record. */
export async function acknowledgeAlert(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  id: number,
  body: AlertAckBody,
  lang: Lang = 'zh',
): Promise<AlertRecord> {
  const row = await recordInScope(ctx, scope, id);
  const at = Date.now();
  await acknowledgeAlertRecordRow(ctx.db, row.id, { by: actorOf(caller), at, note: body.note || null });
  const updated = await recordInScope(ctx, scope, id);
  publish(ctx, 'acknowledged', updated, Number(row.company_id), at);
  return toAlertRecord(updated, await levelNames(ctx), lang);
}

/**
 * Ends the open record `id` by hand (409 when it has ended already), in one transaction with the
 * device's open-alert count (the lists' problems-first order); answers the record.
 */
export async function closeAlert(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  id: number,
  lang: Lang = 'zh',
): Promise<AlertRecord> {
  const at = Date.now();
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const row = await findAlertRecordRow(trx, scope, id);
    if (!row) throw notFound(RECORD);
    if (!(await closeAlertRecordRow(trx, row.id, { by: actorOf(caller), at }))) {
      throw conflict({
        zh: '该告警已恢复或已关闭',
        en: 'This alert record has already recovered or been closed',
      });
    }
    await refreshOpenAlertCounts(trx, [Number(row.device_id)]);
    return row;
  });
  const updated = await recordInScope(ctx, scope, id);
  publish(ctx, 'closed', updated, Number(closed.company_id), at);
  return toAlertRecord(updated, await levelNames(ctx), lang);
}
