/**
 * The device details page's two alert calls: the enabled rules that apply to the device
 * (listAlertsRule) and its alert records (listAlertsHistory). The device must be inside the caller's
 * scope (404 otherwise, like every device call).
 */
import {
  type DeviceAlertEvent,
  type DeviceAlertEventsQuery,
  type DeviceAlertRule,
  type Lang,
  type PagedResult,
  toPagedResult,
} from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { pageWindow } from '../../db/paging';
import { ruleApplies } from '../../engine/alerting/alert-evaluation';
import { formatDateTime } from '../../http/time';
import { deviceInScope } from '../monitoring/running-info.service';
import { toDeviceAlertRule } from './alert-rule-view';
import { listDeviceAlertRecords } from './device-alerts.repository';

/**
 * Enabled rules of the device's company that apply to it — the rules cache filtered by `ruleApplies`,
 * exactly what alerting evaluates the device with — highest level first. Each rule's description
 * names its trigger in `lang`.
 */
export async function deviceAlertRules(
  ctx: AppContext,
  scope: Scope,
  deviceId: number,
  lang: Lang = 'zh',
): Promise<DeviceAlertRule[]> {
  const device = await deviceInScope(ctx, scope, deviceId);
  const rules = (await ctx.rulesCache.rulesFor(ctx.db, [device.company_id])).get(device.company_id);
  return [...(rules?.byId.values() ?? [])]
    .filter((rule) => ruleApplies(rule, device))
    .sort((a, b) => b.level - a.level || a.id - b.id)
    .map((rule) => toDeviceAlertRule(rule, lang));
}

/**
 * One page of the device's alert records, newest first. An event's name is its rule's name when it
 * fired — the company's own words, so it reads the same in either language.
 */
export async function deviceAlertEvents(
  ctx: AppContext,
  scope: Scope,
  query: DeviceAlertEventsQuery,
): Promise<PagedResult<DeviceAlertEvent>> {
  const device = await deviceInScope(ctx, scope, query.deviceId);
  const { rows, total } = await listDeviceAlertRecords(ctx.db, device.id, pageWindow(query));
  const list = rows.map((row) => ({
    eventid: row.uuid,
    clock: formatDateTime(row.alert_time),
    name: row.name,
    severity: row.severity,
    status: row.status,
    recoveryTime: formatDateTime(row.recovery_time),
  }));
  return toPagedResult(list, total, query, 'alertTime desc');
}
