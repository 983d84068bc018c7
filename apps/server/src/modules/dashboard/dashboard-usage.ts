/**
 * The dashboard's usage figures, read from the stored daily usage rows (modules/usage; days up to
 * yesterday): a figure is the usage rate of the reports (docs/decisions/usage.md): the devices' online
 * time over their measured time, in percent with two decimals, so the dashboard and device-use agree.
 */
import type { UsageTrendPoint, UsageTrendQuery } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { invalid } from '../../http/errors';
import { addDays, dayOf } from '../usage/device-usage.repository';
import { sumUsageRatesByDay, sumUsageRatesByStore } from '../usage/usage-dashboard.repository';

/** The longest trend asked for at once (days). */
export const MAX_TREND_DAYS = 366;

const rate = (r: { onlineMs: number; baseMs: number }) =>
  r.baseMs > 0 ? Math.round((r.onlineMs * 10_000) / r.baseMs) / 100 : 0;

/** Yesterday's usage rate (percent) per store among `shopIds`; stores without rows are absent. */
export async function yesterdayUsageByStore(
  ctx: Pick<AppContext, 'db'>,
  scope: Scope,
  shopIds: readonly number[],
  now: number = Date.now(),
): Promise<Map<number, number>> {
  const yesterday = addDays(dayOf(now), -1);
  const rows = await sumUsageRatesByStore(ctx.db, scope, yesterday, shopIds);
  return new Map(rows.map((r) => [r.shopId, rate(r)]));
}

/** `usageTrend`: per stored day of the range, the usage rate of the devices in the place. */
export async function usageTrend(
  ctx: Pick<AppContext, 'db'>,
  scope: Scope,
  query: UsageTrendQuery,
): Promise<UsageTrendPoint[]> {
  const { startTime, endTime } = query;
  if (dayOf(new Date(`${startTime}T12:00:00`).getTime()) !== startTime)
    throw invalid('startTime', { zh: '不是存在的日期', en: 'is not a date that exists' });
  if (dayOf(new Date(`${endTime}T12:00:00`).getTime()) !== endTime)
    throw invalid('endTime', { zh: '不是存在的日期', en: 'is not a date that exists' });
  if (endTime < startTime)
    throw invalid('endTime', { zh: '不能早于 startTime', en: 'must not be before startTime' });
  if (addDays(startTime, MAX_TREND_DAYS - 1) < endTime)
    throw invalid('endTime', {
      zh: `范围最多 ${MAX_TREND_DAYS} 天`,
      en: `must be at most ${MAX_TREND_DAYS} days after startTime`,
    });
  const rows = await sumUsageRatesByDay(ctx.db, scope, startTime, endTime, {
    ...(query.shopId !== undefined ? { shopIds: [query.shopId] } : {}),
    ...(query.areaLevel !== undefined ? { areaLevel: query.areaLevel } : {}),
    ...(query.provinceLevel !== undefined ? { provinceLevel: query.provinceLevel } : {}),
    ...(query.cityLevel !== undefined ? { cityLevel: query.cityLevel } : {}),
  });
  return rows.map((r) => ({
    statisticsDate: r.date,
    usageRate: rate(r),
    deviceNum: r.devices,
  }));
}
