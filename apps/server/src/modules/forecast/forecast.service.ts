/**
 * Anomaly and forecast calls (spec §7 "Forecast service"; docs/decisions/forecast.md): read the daily
 * usage series of the caller's devices or stores (usage/usage-series.repository), model them with the pure
 * modules (anomaly-score.ts, forecast-model.ts) and shape the replies. The window ends yesterday (the
 * last whole day the usage job computed) and reaches FORECAST_HISTORY_DAYS back.
 */
import {
  type AnomalyChart,
  type AnomalyItem,
  FORECAST_HISTORY_DAYS,
  FORECAST_HORIZON_DAYS,
  FORECAST_LIST_DAYS,
  FORECAST_LIST_MAX,
  FORECAST_MODEL_MAX,
  type ForecastCategoryTypeValue,
  type ForecastChart,
  type ForecastChartQuery,
  type ForecastItem,
  type ForecastListQuery,
  ForecastQueryType,
  forecastCategoryTypeOf,
  type Lang,
  nameIn,
} from '@storefleet/contracts';

import { requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { listDeviceLabels } from '../devices/devices.repository';
import { listItemNames } from '../dictionaries/dictionary.repository';
import { findStoreNames } from '../stores/stores.repository';
import { addDays, dayOf } from '../usage/device-usage.repository';
import {
  listDeviceSeries,
  listStoreSeries,
  listTotalSeries,
  type SeriesDay,
  type SeriesFilter,
} from '../usage/usage-series.repository';
import { DAY_FLAG_Z, ownDrop, RECENT_DAYS, scoreSeries } from './anomaly-score';
import { forecastSeries } from './forecast-model';

/** The modelled window: FORECAST_HISTORY_DAYS days ending yesterday. */
function window(now: Date): { from: string; to: string; dates: string[] } {
  const to = addDays(dayOf(now.getTime()), -1);
  const from = addDays(to, -(FORECAST_HISTORY_DAYS - 1));
  return { from, to, dates: Array.from({ length: FORECAST_HISTORY_DAYS }, (_, i) => addDays(from, i)) };
}

function seriesFilter(query: ForecastListQuery | ForecastChartQuery, from: string, to: string): SeriesFilter {
  return {
    from,
    to,
    place: {
      areaLevelListStr: query.areaLevelListStr ?? [],
      provinceLevelListStr: query.provinceLevelListStr ?? [],
      cityLevelListStr: query.cityLevelListStr ?? [],
      shopIdStr: query.shopIdStr ?? [],
    },
    ...(query.categoryType === undefined
      ? {}
      : { categoryType: query.categoryType as ForecastCategoryTypeValue }),
    ...('deviceId' in query && query.deviceId !== undefined ? { deviceId: query.deviceId } : {}),
  };
}

interface Entity {
  key: number;
  shopId: number;
  usage: (number | null)[];
  online: (number | null)[];
  category: string | null;
  deviceClass: string | null;
}

/** Days grouped per device or store onto the window's dates (null: no row that day). */
function entities(days: readonly SeriesDay[], dates: readonly string[]): Entity[] {
  const index = new Map(dates.map((d, i) => [d, i]));
  const out = new Map<number, Entity>();
  for (const d of days) {
    const i = index.get(d.date);
    if (i === undefined) continue;
    let e = out.get(d.key);
    if (!e) {
      e = {
        key: d.key,
        shopId: d.shopId,
        usage: dates.map(() => null),
        online: dates.map(() => null),
        category: null,
        deviceClass: null,
      };
      out.set(d.key, e);
    }
    e.usage[i] = d.usageRate;
    e.online[i] = d.onlineRate;
    // The latest day's category names the device.
    e.category = d.category ?? e.category;
    e.deviceClass = d.deviceClass ?? e.deviceClass;
  }
  return [...out.values()];
}

/** Leading days without data dropped, gaps carried forward: what the forecast model reads. */
function filled(values: readonly (number | null)[]): number[] {
  const start = values.findIndex((v) => v !== null);
  if (start < 0) return [];
  const out: number[] = [];
  let last = values[start] ?? 0;
  for (const v of values.slice(start)) {
    if (v !== null) last = v;
    out.push(last);
  }
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const avg = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const recentMean = (values: readonly (number | null)[]) =>
  avg(values.slice(-RECENT_DAYS).filter((v): v is number => v !== null));

async function readEntities(ctx: AppContext, scope: Scope, query: ForecastListQuery, now: Date) {
  const { from, to, dates } = window(now);
  const filter = seriesFilter(query, from, to);
  const days =
    query.queryType === ForecastQueryType.DEVICE
      ? await listDeviceSeries(ctx.db, scope, filter)
      : await listStoreSeries(ctx.db, scope, filter);
  // Enough history for a weekday baseline; the least used first when there are too many to model.
  return entities(days, dates)
    .filter((e) => e.usage.filter((v) => v !== null).length >= RECENT_DAYS + 1)
    .sort((a, b) => recentMean(a.usage) - recentMean(b.usage) || a.key - b.key)
    .slice(0, FORECAST_MODEL_MAX);
}

/** What names a list item: device name and category, store name. */
async function labels(ctx: AppContext, query: ForecastListQuery, lang: Lang, picked: readonly Entity[]) {
  const isDevice = query.queryType === ForecastQueryType.DEVICE;
  const devices = isDevice
    ? await listDeviceLabels(
        ctx.db,
        picked.map((e) => e.key),
      )
    : [];
  const byDevice = new Map(devices.map((d) => [d.id, d]));
  const stores = await findStoreNames(ctx.db, [...new Set(picked.map((e) => e.shopId))]);
  const categories = new Map(
    (await listItemNames(ctx.db, ['CATEGORY_TYPE'])).map((c) => [c.code, nameIn(lang, c.name, c.name_en)]),
  );
  return (e: Entity) => {
    const device = byDevice.get(e.key);
    // The category of the usage rows (what the categoryType filter matched), else the device's.
    const category = isDevice ? (e.category ?? device?.device_category ?? null) : null;
    return {
      deviceId: isDevice ? e.key : null,
      deviceName: isDevice ? (device?.device_name ?? null) : null,
      shopId: e.shopId,
      shopName: stores.get(e.shopId) ?? String(e.shopId),
      deviceCategoryCode: category,
      deviceCategoryName: category ? (categories.get(category) ?? category) : null,
      categoryType: isDevice
        ? forecastCategoryTypeOf(category, e.deviceClass ?? device?.device_class)
        : (query.categoryType ?? null),
    };
  };
}

/** Devices or stores by anomaly score, highest first (at most FORECAST_LIST_MAX). */
export async function findAnomalies(
  ctx: AppContext,
  scope: Scope,
  lang: Lang,
  query: ForecastListQuery,
  now = new Date(),
): Promise<AnomalyItem[]> {
  requireCompany(scope);
  const all = await readEntities(ctx, scope, query, now);
  // Peers: the same categoryType among devices; every selected store among stores.
  const peerKey = (e: Entity) =>
    query.queryType === ForecastQueryType.DEVICE ? forecastCategoryTypeOf(e.category, e.deviceClass) : 0;
  const scored = new Map<Entity, ReturnType<typeof scoreSeries>[number]>();
  for (const group of new Set(all.map(peerKey))) {
    const members = all.filter((e) => peerKey(e) === group);
    const scores = scoreSeries(members.map((e) => e.usage));
    members.forEach((e, i) => {
      const s = scores[i];
      if (s) scored.set(e, s);
    });
  }
  const picked = [...scored.entries()]
    .sort(([a, x], [b, y]) => y.score - x.score || a.key - b.key)
    .slice(0, FORECAST_LIST_MAX);
  const label = await labels(
    ctx,
    query,
    lang,
    picked.map(([e]) => e),
  );
  return picked.map(([e, s]) => ({
    ...label(e),
    score: s.score,
    recentRate: round2(s.recentMean),
    expectedRate: round2(s.expectedMean),
    ownZ: round2(s.ownZ),
    peerRank: round2(s.peerRank),
  }));
}

/** The selection's daily mean usage against its weekday baseline, with the days that dropped. */
export async function anomalyChart(
  ctx: AppContext,
  scope: Scope,
  query: ForecastChartQuery,
  now = new Date(),
): Promise<AnomalyChart> {
  requireCompany(scope);
  const { from, to, dates } = window(now);
  const days = await listTotalSeries(ctx.db, scope, seriesFilter(query, from, to));
  const byDate = new Map(days.map((d) => [d.date, d]));
  const actual = dates.map((d) => byDate.get(d)?.usageRate ?? null);
  const drop = ownDrop(actual);
  return {
    dates,
    actual: actual.map((v) => (v === null ? null : round2(v))),
    expected: drop.expected.map((v) => (v === null ? null : round2(v))),
    anomalyDates: dates.filter((_, i) => (drop.dailyZ[i] ?? 0) >= DAY_FLAG_Z),
    members: Math.max(0, ...days.map((d) => d.devices)),
  };
}

/** The selection's usage and online rate, the last four weeks and FORECAST_HORIZON_DAYS ahead. */
export async function forecastChart(
  ctx: AppContext,
  scope: Scope,
  query: ForecastChartQuery,
  now = new Date(),
): Promise<ForecastChart> {
  requireCompany(scope);
  const { from, to, dates } = window(now);
  const days = await listTotalSeries(ctx.db, scope, seriesFilter(query, from, to));
  const byDate = new Map(days.map((d) => [d.date, d]));
  const usage = filled(dates.map((d) => byDate.get(d)?.usageRate ?? null));
  const online = filled(dates.map((d) => byDate.get(d)?.onlineRate ?? null));
  const history = dates
    .filter((d) => byDate.has(d))
    .slice(-28)
    .map((d) => ({
      date: d,
      usageRate: round2(byDate.get(d)?.usageRate ?? 0),
      onlineRate: round2(byDate.get(d)?.onlineRate ?? 0),
    }));
  if (usage.length === 0) return { history, forecast: [], members: 0 };
  const options = { min: 0, max: 100 };
  const u = forecastSeries(usage, FORECAST_HORIZON_DAYS, options);
  const o = forecastSeries(online, FORECAST_HORIZON_DAYS, options);
  const forecast = u.point.map((p, h) => ({
    date: addDays(to, h + 1),
    usageRate: round2(p),
    usageLower: round2(u.lower[h] ?? p),
    usageUpper: round2(u.upper[h] ?? p),
    onlineRate: round2(o.point[h] ?? 0),
    onlineLower: round2(o.lower[h] ?? 0),
    onlineUpper: round2(o.upper[h] ?? 0),
  }));
  return { history, forecast, members: Math.max(0, ...days.map((d) => d.devices)) };
}

/** Devices or stores with their next FORECAST_LIST_DAYS days averaged, lowest forecast usage first. */
export async function findForecasts(
  ctx: AppContext,
  scope: Scope,
  lang: Lang,
  query: ForecastListQuery,
  now = new Date(),
): Promise<ForecastItem[]> {
  requireCompany(scope);
  const all = await readEntities(ctx, scope, query, now);
  const options = { min: 0, max: 100 };
  const modelled = all.map((e) => {
    const u = forecastSeries(filled(e.usage), FORECAST_LIST_DAYS, options);
    const o = forecastSeries(filled(e.online), FORECAST_LIST_DAYS, options);
    return {
      e,
      lastWeekUsageRate: round2(recentMean(e.usage)),
      usageRate: round2(avg(u.point)),
      usageLower: round2(avg(u.lower)),
      usageUpper: round2(avg(u.upper)),
      onlineRate: round2(avg(o.point)),
      onlineLower: round2(avg(o.lower)),
      onlineUpper: round2(avg(o.upper)),
    };
  });
  const picked = modelled
    .sort((a, b) => a.usageRate - b.usageRate || a.e.key - b.e.key)
    .slice(0, FORECAST_LIST_MAX);
  const label = await labels(
    ctx,
    query,
    lang,
    picked.map((m) => m.e),
  );
  return picked.map(({ e, ...m }) => ({ ...label(e), ...m }));
}
