/**
 * The device details page's two alert calls: the enabled rules that apply to the device
 * (listAlertsRule) and its alert records (listAlertsHistory). The device must be inside the caller's
 * scope (404 otherwise, like every device call).
 */
import {
  type DeviceAlertEvent,
  type DeviceAlertEventsQuery,
  type DeviceAlertRule,
  type DeviceAlertRulesQuery,
  type Lang,
  type PagedResult,
  toPagedResult,
} from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { pageWindow } from '../../db/paging';
import { ruleApplies } from '../../engine/alerting/alert-evaluation';
import { listStoreLevels } from '../../engine/alerting/alert-records.repository';
import { invalid, notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { deviceInScope } from '../monitoring/running-info.service';
import { toDeviceAlertRule } from './alert-rule-view';
import { listDeviceAlertRecords, listDeviceIdsByHostid } from './device-alerts.repository';

/**
 * The device listAlertsRule names: by its hostid (the string it carries), or by `deviceId`, which
 * also picks one of several devices in scope that carry the same hostid (400 asking for it
 * otherwise). Not in scope: 404.
 */
async function deviceOfQuery(ctx: AppContext, scope: Scope, query: DeviceAlertRulesQuery): Promise<number> {
  if (query.deviceId !== undefined) return query.deviceId;
  if (query.hostid === undefined)
    throw invalid('hostid', { zh: '必填（设备的 hostid）', en: "is required (the device's hostid)" });
  const ids = await listDeviceIdsByHostid(ctx.db, scope, query.hostid);
  const [first] = ids;
  if (first === undefined) throw notFound({ zh: '设备', en: 'device' });
  if (ids.length > 1)
    throw invalid('deviceId', {
      zh: `有多台设备的 hostid 为 "${query.hostid}"，请同时传入 deviceId`,
      en: `is required: several devices carry hostid "${query.hostid}"`,
    });
  return first;
}

/**
 * Enabled rules of the device's company that apply to it — the rules cache filtered by `ruleApplies`,
 * exactly what alerting evaluates the device with — highest level first. Each rule's description
 * names its trigger in `lang`. With hostid and deviceId both, the device must carry that hostid.
 */
export async function deviceAlertRules(
  ctx: AppContext,
  scope: Scope,
  query: DeviceAlertRulesQuery,
  lang: Lang = 'zh',
): Promise<DeviceAlertRule[]> {
  const device = await deviceInScope(ctx, scope, await deviceOfQuery(ctx, scope, query));
  if (query.hostid !== undefined && device.hostid !== query.hostid)
    throw notFound({ zh: '设备', en: 'device' });
  const rules = (await ctx.engine.rulesCache.rulesFor(ctx.db, [device.company_id])).get(device.company_id);
  const levels = rules?.usesAreas ? await listStoreLevels(ctx.db, [device.shop_id]) : undefined;
  return [...(rules?.byId.values() ?? [])]
    .filter((rule) => ruleApplies(rule, device, (shopId) => levels?.get(shopId)))
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
