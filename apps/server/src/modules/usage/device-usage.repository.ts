/**
 * Device usage for the modules (issue 13, docs/decisions/usage.md). The SQL that writes
 * `device_usage_days` lives with its writer, the daily usage job (modules/usage/jobs/usage-days.repository.ts:
 * the engine never imports modules, modules import the engine); this names what modules may use of it,
 * and holds the reads of the usage list, its export and the reports (docs/decisions/usage.md "List,
 * export and reports"). Every read joins the row's own store (`u.shop_id`, where the device was that
 * day) for the scope and the place filters; device fields (names, flags, text filters) come from the
 * device as it is now (left join: a deleted device's days still count in the reports). The dashboards'
 * reads are in usage-dashboard.repository.ts.
 */
import { DeviceQueryType, ProductType, type UsageFilter, type UsageSortField } from '@storefleet/contracts';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { type StoreColumns, storeInScope } from '../../db/scope';
import { containsText } from '../../db/text';
import { storePlaceConditions } from '../stores/store-place-filter';
import { type DeviceUsageDay, type UsageComputation, usageRowsSelect } from './jobs/usage-days.repository';

export {
  addDays,
  dayOf,
  daySpan,
  measuredSpans,
  spansUntil,
  type UsageSpan,
} from './jobs/usage-days';
export {
  computeUsageDays,
  type DeviceUsageDay,
  latestUsageRate,
  listDeviceUsageDays,
  type UsageComputation,
  type UsageDevices,
  upsertDeviceUsageDays,
} from './jobs/usage-days.repository';

/** The filter fields of the usage list and export, after the date range is resolved. */
export type UsageRowFilter = Omit<UsageFilter, 'sortBy' | 'sortDirection' | 'startTime' | 'endTime'>;

/** Usage-list sort: a reply field and a direction. */
export interface UsageRowSort {
  field: UsageSortField;
  direction: 'asc' | 'desc';
}

const USAGE_SORT_COLUMNS = {
  statisticsDate: 'u.statistics_date',
  usageRate: 'u.usage_rate',
  onlineTime: 'u.online_ms',
  offlineTime: 'u.offline_ms',
  deviceId: 'u.device_id',
  deviceName: 'd.device_name',
  deviceSn: 'd.device_sn',
  assetNo: 'd.asset_no',
  shopName: 's.store_name',
} as const satisfies Record<UsageSortField, string>;

/** The scope predicate on a usage row: its company and store are the row's own. */
export const USAGE_STORE_COLUMNS: StoreColumns = {
  companyId: 'u.company_id',
  storeId: 'u.shop_id',
  area: 's.area_level',
  province: 's.province_level',
  city: 's.city_level',
};

/** The days a read covers: stored days of [start, end], and today so far when `today` is given. */
export interface UsageSource {
  start: string;
  end: string;
  /** Today's computation (spans cut at now): its rows are computed in the statement, not stored. */
  today?: UsageComputation;
}

const SOURCE_COLUMNS = sql.raw(
  'device_id, statistics_date, company_id, shop_id, product_id, device_category, device_class, ' +
    'online_ms, offline_ms, base_ms, usage_rate, computed_at',
);

/** `device_usage_days as u` over the source's days (today's rows computed on the fly and unioned). */
export function usageDays(db: Kysely<DB>, source: UsageSource) {
  const stored = db
    .selectFrom('device_usage_days as u')
    .where('u.statistics_date', '>=', source.start)
    .where('u.statistics_date', '<=', source.end);
  if (!source.today) return stored;
  const today = source.today;
  const union = sql<DeviceUsageDay>`(select ${SOURCE_COLUMNS} from device_usage_days
    where statistics_date >= ${source.start} and statistics_date <= ${source.end} and statistics_date < ${today.date}
    union all select ${SOURCE_COLUMNS} from (${usageRowsSelect(today)}) today_rows)`;
  return db.selectFrom(union.as('u')) as unknown as typeof stored;
}

/**
 * The same predicate with the company read from the row's store (`s.company_id`, always the row's own
 * company: a store never changes company). For reads that name their stores (`u.shop_id in (…)`): with
 * no condition on `u.company_id` left, SQLite seeks the listed stores' days in (shop_id,
 * statistics_date) instead of scanning every day of the company (bench/usage-reports.ts).
 */
const USAGE_STORE_COLUMNS_BY_STORE: StoreColumns = { ...USAGE_STORE_COLUMNS, companyId: 's.company_id' };

/** Usage rows (alias `u`) with their store (`s`) and device (`d`), limited to `scope` and the days. */
function usageRowsInScope(
  db: Kysely<DB>,
  scope: Scope,
  source: UsageSource,
  columns: StoreColumns = USAGE_STORE_COLUMNS,
) {
  return usageDays(db, source)
    .innerJoin('stores as s', 's.id', 'u.shop_id')
    .leftJoin('devices as d', 'd.id', 'u.device_id')
    .where((eb) => storeInScope(eb, scope, columns));
}

/** Every list filter `f` sets, as conditions on `u`, `s` and `d`. */
function usageRowConditions(f: UsageRowFilter): Expression<SqlBool>[] {
  const parts = storePlaceConditions(f, 'u.shop_id', 's');
  const is = (column: string, value: number | string | undefined) => {
    if (value !== undefined && value !== '') parts.push(sql<SqlBool>`${sql.ref(column)} = ${value}`);
  };
  const contains = (column: string, value: string | undefined) => {
    if (value) parts.push(containsText(column, value));
  };
  contains('d.device_name', f.deviceName);
  contains('d.device_sn', f.deviceSn);
  contains('d.mac_address', f.macAddress);
  contains('d.intranet_ip', f.intranetIp);
  contains('d.extranet_ip', f.extranetIp);
  contains('d.model', f.model);
  contains('d.asset_no', f.assetNo);
  is('u.company_id', f.companyId);
  is('d.online_status', f.onlineStatus);
  is('d.monitored', f.monitored);
  is('d.is_preinstallation', f.isPreinstallation);
  is('d.is_network_device', f.isNetworkDevice);
  is('d.state', f.status);
  is('d.connect_type', f.connectType);
  is('d.parent_device_id', f.parentDeviceId);
  is('d.property_type', f.propertyType || undefined);
  is('u.product_id', f.productId);
  is('u.device_category', f.deviceCategory || undefined);
  is('u.device_class', f.deviceClass || undefined);
  if (f.queryType === DeviceQueryType.BOX) is('u.product_id', ProductType.AI_BOX);
  if (f.queryType === DeviceQueryType.SUB_DEVICE)
    parts.push(sql<SqlBool>`${sql.ref('u.product_id')} <> ${ProductType.AI_BOX}`);
  return parts;
}

function filteredUsageRows(db: Kysely<DB>, scope: Scope, source: UsageSource, f: UsageRowFilter) {
  return usageRowsInScope(db, scope, source).where((eb) => eb.and(usageRowConditions(f)));
}

/** A usage row as the list reads it (names of categories come from the dictionary cache). */
export interface UsageListRow {
  device_id: number;
  statistics_date: string;
  online_ms: number;
  offline_ms: number;
  usage_rate: number;
  product_id: number;
  shop_id: number;
  device_category: string | null;
  device_class: string | null;
  store_name: string;
  device_name: string | null;
  device_sn: string | null;
  asset_no: string | null;
  property_type: string | null;
}

const USAGE_LIST_COLUMNS = [
  'u.device_id',
  'u.statistics_date',
  'u.online_ms',
  'u.offline_ms',
  'u.usage_rate',
  'u.product_id',
  'u.shop_id',
  'u.device_category',
  'u.device_class',
  's.store_name',
  'd.device_name',
  'd.device_sn',
  'd.asset_no',
  'd.property_type',
] as const;

/** How many usage rows the filter lists. */
export async function countUsageRows(
  db: Kysely<DB>,
  scope: Scope,
  source: UsageSource,
  f: UsageRowFilter,
): Promise<number> {
  if (source.start > source.end) return 0;
  const row = await filteredUsageRows(db, scope, source, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Rows of the filter in `sort` order (ties: newest day first, then device id), `limit` from `offset`. */
export async function listUsageRows(
  db: Kysely<DB>,
  scope: Scope,
  source: UsageSource,
  f: UsageRowFilter,
  sort: UsageRowSort,
  window: { limit: number; offset: number },
): Promise<UsageListRow[]> {
  if (source.start > source.end) return [];
  let query = filteredUsageRows(db, scope, source, f)
    .select(USAGE_LIST_COLUMNS)
    .orderBy(USAGE_SORT_COLUMNS[sort.field], sort.direction);
  if (sort.field !== 'statisticsDate') query = query.orderBy('u.statistics_date', 'desc');
  if (sort.field !== 'deviceId') query = query.orderBy('u.device_id', 'asc');
  const rows = await query.limit(window.limit).offset(window.offset).execute();
  return rows.map((r) => ({
    ...r,
    online_ms: Number(r.online_ms),
    offline_ms: Number(r.offline_ms),
    usage_rate: Number(r.usage_rate),
  }));
}

/** Every row of the filter in `sort` order, `batch` rows per query (the export). */
export async function* usageRowBatches(
  db: Kysely<DB>,
  scope: Scope,
  source: UsageSource,
  f: UsageRowFilter,
  sort: UsageRowSort,
  batch: number,
): AsyncGenerator<UsageListRow[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await listUsageRows(db, scope, source, f, sort, { limit: batch, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

/** What a report groups by: region, city, or store (with the category or the small class below). */
export type UsageReportLevel = 'area' | 'city' | 'store';

/** The report's rows: the range, the groups asked for, an optional small class. */
export interface UsageReportFilter {
  level: UsageReportLevel;
  deviceClass?: string;
  /** City report: these cities, or the cities of these provinces. */
  cityIds?: readonly number[];
  provinceIds?: readonly number[];
  /** Store report: these stores, one large category. */
  shopIds?: readonly number[];
  deviceCategory?: string;
}

/** Sums of the usage rows of one group (and one category, when `category` is set). */
export interface UsageSums {
  groupId: number;
  /** The category (area/city) or small class (store) code; '' for none; null on a group total. */
  category: string | null;
  /** Distinct devices with a row. */
  devices: number;
  /** Distinct devices with some online time. */
  usedDevices: number;
  /** Rows (device-days). */
  deviceDays: number;
  /** Rows with some online time. */
  usedDays: number;
  onlineMs: number;
  baseMs: number;
}

const GROUP_COLUMN: Record<UsageReportLevel, string> = {
  area: 's.area_level',
  city: 's.city_level',
  store: 'u.shop_id',
};

/**
 * Sums per group and per category (`byCategory`), or per group alone: two passes rather than one
 * with rollup, because distinct devices of a group are not the sum over its categories when a
 * device changed category inside the range.
 */
export async function sumUsage(
  db: Kysely<DB>,
  scope: Scope,
  source: UsageSource,
  f: UsageReportFilter,
  byCategory: boolean,
): Promise<UsageSums[]> {
  if (source.start > source.end) return [];
  const group = sql.ref(GROUP_COLUMN[f.level]);
  const categoryColumn = f.level === 'store' ? 'u.device_class' : 'u.device_category';
  const category = sql<string>`coalesce(${sql.ref(categoryColumn)}, '')`;
  const columns = f.level === 'store' ? USAGE_STORE_COLUMNS_BY_STORE : USAGE_STORE_COLUMNS;
  let query = usageRowsInScope(db, scope, source, columns)
    .where(sql<SqlBool>`${group} is not null`)
    .select([
      sql<number>`${group}`.as('groupId'),
      sql<number>`count(distinct ${sql.ref('u.device_id')})`.as('devices'),
      sql<number>`count(distinct case when ${sql.ref('u.online_ms')} > 0 then ${sql.ref('u.device_id')} end)`.as(
        'usedDevices',
      ),
      sql<number>`count(*)`.as('deviceDays'),
      sql<number>`sum(case when ${sql.ref('u.online_ms')} > 0 then 1 else 0 end)`.as('usedDays'),
      sql<number>`sum(${sql.ref('u.online_ms')})`.as('onlineMs'),
      sql<number>`sum(${sql.ref('u.base_ms')})`.as('baseMs'),
    ]);
  if (f.deviceClass) query = query.where('u.device_class', '=', f.deviceClass);
  if (f.level === 'city') {
    const cities = [...(f.cityIds ?? [])];
    const provinces = [...(f.provinceIds ?? [])];
    query = query.where((eb) =>
      eb.or([
        ...(cities.length ? [eb('s.city_level', 'in', cities)] : []),
        ...(provinces.length ? [eb('s.province_level', 'in', provinces)] : []),
      ]),
    );
  }
  if (f.level === 'store') {
    query = query.where('u.shop_id', 'in', [...(f.shopIds ?? [])]);
    if (f.deviceCategory) query = query.where('u.device_category', '=', f.deviceCategory);
  }
  const rows = byCategory
    ? await query.select(category.as('category')).groupBy([group, category]).execute()
    : await query.groupBy(group).execute();
  return rows.map((r) => ({
    groupId: Number(r.groupId),
    category: byCategory ? String((r as { category?: string }).category ?? '') : null,
    devices: Number(r.devices),
    usedDevices: Number(r.usedDevices),
    deviceDays: Number(r.deviceDays),
    usedDays: Number(r.usedDays),
    onlineMs: Number(r.onlineMs ?? 0),
    baseMs: Number(r.baseMs ?? 0),
  }));
}
