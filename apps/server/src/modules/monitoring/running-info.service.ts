/** Running info of one device: last values, one item's history, the online chart (spec §3, §9). */
import type { HistoryPoint, HistoryRange, Lang, RunningInfosQuery, RunningItem } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { metricItem, STRUCTURED_ITEMS } from '../../engine/ingest/metric-items';
import { notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { type DeviceRef, findDeviceRefInScope } from '../devices/devices.repository';
import { listLatestValues, listRecentSamples, listSampleSteps } from './running-info.repository';

/** Spec §9: running history shows 20 points, the online chart the latest 30. */
export const HISTORY_POINTS = 20;
export const ONLINE_CHART_POINTS = 30;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An average rounded to 4 decimals: enough for a chart, without float noise in the reply. */
const roundValue = (value: number) => Math.round(value * 10_000) / 10_000;

/** The device in scope, or 404 (a device outside the scope looks the same as a missing one). */
export async function deviceInScope(ctx: AppContext, scope: Scope, deviceId: number): Promise<DeviceRef> {
  const device = await findDeviceRefInScope(ctx.db, scope, deviceId);
  if (!device) throw notFound({ zh: '设备', en: 'device' });
  return device;
}

const valueText = (num: number | null, text: string | null) => (num !== null ? String(num) : (text ?? ''));

/**
 * The device's items with their last values (getRunninginfo). Item names and descriptions in `lang`:
 * stored rows hold only the item key, so one reading answers either language.
 */
export async function getRunningInfo(
  ctx: AppContext,
  scope: Scope,
  deviceId: number,
  lang: Lang = 'zh',
): Promise<RunningItem[]> {
  const device = await deviceInScope(ctx, scope, deviceId);
  const rows = await listLatestValues(ctx.db, device.id);
  return rows
    .filter((row) => !STRUCTURED_ITEMS.has(row.item))
    .map((row) => {
      const item = metricItem(row.item);
      return {
        itemid: row.item,
        name: item?.name[lang] ?? row.item,
        units: item?.units ?? '',
        value: valueText(row.value_num, row.value_text),
        value_type: item?.valueType ?? (row.value_num !== null ? 0 : 1),
        description: item?.description[lang] ?? '',
        createDatetime: formatDateTime(row.clock),
      };
    });
}

/** How far back each chart range reaches and the step its points are averaged over. */
export const HISTORY_RANGE_SPANS: Record<HistoryRange, { span: number; step: number }> = {
  hour: { span: HOUR, step: MINUTE },
  day: { span: 24 * HOUR, step: 15 * MINUTE },
  week: { span: 7 * 24 * HOUR, step: HOUR },
};

/**
 * One item's history, oldest first (getRunninginfos): the last 20 points, or with `range` the
 * item's numeric values over the last hour/day/week up to `now`, averaged per step.
 */
export async function getRunningInfos(
  ctx: AppContext,
  scope: Scope,
  query: RunningInfosQuery,
  now: number = Date.now(),
): Promise<HistoryPoint[]> {
  const device = await deviceInScope(ctx, scope, query.deviceId);
  if (query.range) {
    const { span, step } = HISTORY_RANGE_SPANS[query.range];
    const points = await listSampleSteps(ctx.db, device.id, query.itemid, {
      from: now - span,
      to: now,
      step,
    });
    return points.map((p) => ({ clock: formatDateTime(p.clock), value: String(roundValue(p.value)) }));
  }
  const rows = await listRecentSamples(ctx.db, device.id, query.itemid, HISTORY_POINTS);
  return rows
    .reverse()
    .map((row) => ({ clock: formatDateTime(row.clock), value: valueText(row.value_num, row.value_text) }));
}

/** The latest 30 online points (1 online, 0 offline), oldest first (getOnlineChart). */
export async function getOnlineChart(
  ctx: AppContext,
  scope: Scope,
  deviceId: number,
): Promise<HistoryPoint[]> {
  const device = await deviceInScope(ctx, scope, deviceId);
  const rows = await listRecentSamples(ctx.db, device.id, 'online', ONLINE_CHART_POINTS);
  return rows
    .reverse()
    .map((row) => ({ clock: formatDateTime(row.clock), value: valueText(row.value_num, null) }));
}
