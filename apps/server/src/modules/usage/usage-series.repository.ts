/**
 * The daily usage series the anomaly and forecast calls model (docs/decisions/forecast.md): reads of
 * `device_usage_days` (written by the usage job, modules/usage/jobs/usage-days.repository.ts; read by the usage
 * module only) shaped for modelling: per device or per store and day, inside the caller's scope, the
 * forecast query's places (the one store-place filter) and categoryType. A store's or a selection's
 * usage rate is the reports' rate: online time over measured time (docs/decisions/usage.md).
 */
import {
  FORECAST_CATEGORY_CLASSES,
  FORECAST_CATEGORY_LARGE,
  ForecastCategoryType,
  type ForecastCategoryTypeValue,
} from '@storefleet/contracts';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import { type StorePlaceFilter, storePlaceConditions } from '../stores/store-place-filter';

export interface SeriesFilter {
  from: string;
  to: string;
  place: StorePlaceFilter;
  categoryType?: ForecastCategoryTypeValue;
  deviceId?: number;
}

/** One device's or store's day: mean usage rate and the share of its devices online that day (%). */
export interface SeriesDay {
  key: number;
  shopId: number;
  date: string;
  usageRate: number;
  onlineRate: number;
  devices: number;
  /** The device's category and class that day (device series only). */
  category?: string | null;
  deviceClass?: string | null;
}

type UsageEb = ExpressionBuilder<DB, 'device_usage_days' | 'stores'>;

const keysOf = (
  type: ForecastCategoryTypeValue,
  table: Readonly<Record<string, ForecastCategoryTypeValue>>,
) =>
  Object.entries(table)
    .filter(([, v]) => v === type)
    .map(([k]) => k);

/** The categoryType predicate on the usage row's category and class (contracts forecastCategoryTypeOf). */
function inCategoryType(eb: UsageEb, type: ForecastCategoryTypeValue): Expression<SqlBool> {
  const cls = sql.ref('device_usage_days.device_class');
  const large = sql.ref('device_usage_days.device_category');
  const allClasses = Object.keys(FORECAST_CATEGORY_CLASSES);
  const classOf = (codes: string[]) =>
    codes.length ? sql<SqlBool>`coalesce(${cls}, '') in (${sql.join(codes)})` : sql<SqlBool>`1 = 0`;
  const largeOf = (codes: string[]) =>
    codes.length ? sql<SqlBool>`coalesce(${large}, '') in (${sql.join(codes)})` : sql<SqlBool>`1 = 0`;
  const mappedClass = classOf(allClasses);
  if (type === ForecastCategoryType.OTHER)
    return eb.and([eb.not(mappedClass), eb.not(largeOf(Object.keys(FORECAST_CATEGORY_LARGE)))]);
  return eb.or([
    classOf(keysOf(type, FORECAST_CATEGORY_CLASSES)),
    eb.and([eb.not(mappedClass), largeOf(keysOf(type, FORECAST_CATEGORY_LARGE))]),
  ]);
}

function filtered(db: Kysely<DB>, scope: Scope, f: SeriesFilter) {
  let q = db
    .selectFrom('device_usage_days')
    .innerJoin('stores', 'stores.id', 'device_usage_days.shop_id')
    .where((eb) => storeInScope(eb, scope))
    .where('device_usage_days.statistics_date', '>=', f.from)
    .where('device_usage_days.statistics_date', '<=', f.to);
  const place = storePlaceConditions(f.place, 'device_usage_days.shop_id');
  if (place.length > 0) q = q.where((eb) => eb.and(place));
  if (f.deviceId !== undefined) q = q.where('device_usage_days.device_id', '=', f.deviceId);
  const type = f.categoryType;
  if (type !== undefined) q = q.where((eb) => inCategoryType(eb, type));
  return q;
}

const onlineShare = sql<number>`avg(case when device_usage_days.online_ms > 0 then 100.0 else 0.0 end)`;
const usageRate = sql<number>`sum(device_usage_days.online_ms) * 100.0 / sum(device_usage_days.base_ms)`;

/** Per device and day (key = device id), oldest first. */
export async function listDeviceSeries(db: Kysely<DB>, scope: Scope, f: SeriesFilter): Promise<SeriesDay[]> {
  const rows = await filtered(db, scope, f)
    .select([
      'device_usage_days.device_id as key',
      'device_usage_days.shop_id as shopId',
      'device_usage_days.statistics_date as date',
      'device_usage_days.usage_rate as usageRate',
      sql<number>`case when device_usage_days.online_ms > 0 then 100 else 0 end`.as('onlineRate'),
      'device_usage_days.device_category as category',
      'device_usage_days.device_class as deviceClass',
    ])
    .orderBy('device_usage_days.device_id')
    .orderBy('device_usage_days.statistics_date')
    .execute();
  return rows.map((r) => ({
    ...r,
    key: Number(r.key),
    shopId: Number(r.shopId),
    usageRate: Number(r.usageRate),
    onlineRate: Number(r.onlineRate),
    devices: 1,
  }));
}

/** Per store and day (key = store id): its devices' usage rate and online share, oldest first. */
export async function listStoreSeries(db: Kysely<DB>, scope: Scope, f: SeriesFilter): Promise<SeriesDay[]> {
  const rows = await filtered(db, scope, f)
    .select((eb) => [
      'device_usage_days.shop_id as key',
      'device_usage_days.statistics_date as date',
      usageRate.as('usageRate'),
      onlineShare.as('onlineRate'),
      eb.fn.countAll<number>().as('devices'),
    ])
    .groupBy(['device_usage_days.shop_id', 'device_usage_days.statistics_date'])
    .orderBy('device_usage_days.shop_id')
    .orderBy('device_usage_days.statistics_date')
    .execute();
  return rows.map((r) => ({
    key: Number(r.key),
    shopId: Number(r.key),
    date: r.date,
    usageRate: Number(r.usageRate),
    onlineRate: Number(r.onlineRate),
    devices: Number(r.devices),
  }));
}

/** The whole selection per day (the chart of many devices or stores), oldest first. */
export async function listTotalSeries(db: Kysely<DB>, scope: Scope, f: SeriesFilter): Promise<SeriesDay[]> {
  const rows = await filtered(db, scope, f)
    .select((eb) => [
      'device_usage_days.statistics_date as date',
      usageRate.as('usageRate'),
      onlineShare.as('onlineRate'),
      eb.fn.countAll<number>().as('devices'),
    ])
    .groupBy('device_usage_days.statistics_date')
    .orderBy('device_usage_days.statistics_date')
    .execute();
  return rows.map((r) => ({
    key: 0,
    shopId: 0,
    date: r.date,
    usageRate: Number(r.usageRate),
    onlineRate: Number(r.onlineRate),
    devices: Number(r.devices),
  }));
}
