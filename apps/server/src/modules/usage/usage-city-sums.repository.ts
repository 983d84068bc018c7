/**
 * The area and city reports' sums from the per-day sums per city (`usage_city_days`, written with the
 * rows by modules/usage/jobs/usage-days.repository.ts; docs/decisions/usage.md "Reports at scale"): the same
 * figures as device-usage.repository.ts `sumUsage` over the rows, read from a table a few hundred
 * times smaller.
 *
 * Time, device-days and days with some online time add up across days and cities. Distinct devices
 * do not; the run columns make them add up: a device is counted on the first day of each of its runs
 * inside the range (`run_starts`, and every row of the range's first day), and as used on the first
 * day of each run with online time whose earlier online day is before the range (`used_since`). A
 * device with one run inside the range is counted once. Only a device with a second run starting inside
 * the range (run_start = 2: it moved, changed category or class, or has a gap) can be counted twice;
 * those few are counted again from their rows (a partial index finds them) and the difference taken off.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { type StoreColumns, storeInScope } from '../../db/scope';
import type { UsageReportFilter, UsageSums } from './device-usage.repository';

/** The scope predicate on a city sum row: no store column, so no scope of listed stores (see canSumByCity). */
const CITY_COLUMNS: StoreColumns = {
  companyId: 'c.company_id',
  storeId: null,
  area: 'c.area_level',
  province: 'c.province_level',
  city: 'c.city_level',
};

/** The same predicate on the rows of the devices counted again. */
const ROW_COLUMNS: StoreColumns = {
  companyId: 'u.company_id',
  storeId: 'u.shop_id',
  area: 's.area_level',
  province: 's.province_level',
  city: 's.city_level',
};

/** Whether the city sums can answer a report of `f` for `scope` (regions and cities, no listed stores). */
export function canSumByCity(scope: Scope, f: UsageReportFilter): boolean {
  return f.level !== 'store' && !(scope.storeIds && scope.storeIds.length > 0);
}

/** The report filter's conditions on the place (`area`, `province`, `city` columns) and the class. */
function reportConditions(
  f: UsageReportFilter,
  columns: { group: string; province: string; city: string; cls: string },
  none: 'zero' | 'null',
): Expression<SqlBool>[] {
  const parts: Expression<SqlBool>[] = [
    none === 'zero'
      ? sql<SqlBool>`${sql.ref(columns.group)} <> 0`
      : sql<SqlBool>`${sql.ref(columns.group)} is not null`,
  ];
  if (f.deviceClass) parts.push(sql<SqlBool>`${sql.ref(columns.cls)} = ${f.deviceClass}`);
  if (f.level === 'city') {
    const any: Expression<SqlBool>[] = [];
    if (f.cityIds?.length) any.push(sql<SqlBool>`${sql.ref(columns.city)} in (${sql.join([...f.cityIds])})`);
    if (f.provinceIds?.length)
      any.push(sql<SqlBool>`${sql.ref(columns.province)} in (${sql.join([...f.provinceIds])})`);
    parts.push(any.length > 0 ? sql<SqlBool>`(${sql.join(any, sql` or `)})` : sql<SqlBool>`1 = 0`);
  }
  return parts;
}

const keyOf = (groupId: number, category: string | null) => `${groupId}\u0000${category ?? ''}`;

/**
 * Sums per group (region or city) and per category (`byCategory`) or per group alone over the stored
 * days `start`…`end`, for the reports canSumByCity allows.
 */
export async function sumUsageByCity(
  db: Kysely<DB>,
  scope: Scope,
  days: { start: string; end: string },
  f: UsageReportFilter,
  byCategory: boolean,
): Promise<UsageSums[]> {
  if (days.start > days.end) return [];
  const first = days.start;
  const groupColumn = f.level === 'area' ? 'area_level' : 'city_level';

  const group = sql.ref(`c.${groupColumn}`);
  const sums = db
    .selectFrom('usage_city_days as c')
    .where('c.statistics_date', '>=', days.start)
    .where('c.statistics_date', '<=', days.end)
    .where((eb) => storeInScope(eb, scope, CITY_COLUMNS))
    .where((eb) =>
      eb.and(
        reportConditions(
          f,
          {
            group: `c.${groupColumn}`,
            province: 'c.province_level',
            city: 'c.city_level',
            cls: 'c.device_class',
          },
          'zero',
        ),
      ),
    )
    .select([
      sql<number>`${group}`.as('groupId'),
      sql<number>`sum(case when c.statistics_date = ${first} then c.device_days else c.run_starts end)`.as(
        'devices',
      ),
      sql<number>`sum(case when c.used_since <> '-' and c.used_since < ${first} then c.device_days else 0 end)`.as(
        'usedDevices',
      ),
      sql<number>`sum(c.device_days)`.as('deviceDays'),
      sql<number>`sum(case when c.used_since <> '-' then c.device_days else 0 end)`.as('usedDays'),
      sql<number>`sum(c.online_ms)`.as('onlineMs'),
      sql<number>`sum(c.base_ms)`.as('baseMs'),
    ]);
  const rows = byCategory
    ? await sums.select('c.device_category as category').groupBy([group, 'c.device_category']).execute()
    : await sums.groupBy(group).execute();

  // The devices with a second run starting inside the range, counted again from their rows.
  const rowGroup = sql.ref(`s.${groupColumn}`);
  const category = sql<string>`coalesce(u.device_category, '')`;
  let movers = db
    .selectFrom('device_usage_days as m')
    .select('m.device_id')
    .distinct()
    .where('m.run_start', '=', 2)
    .where('m.statistics_date', '>', days.start)
    .where('m.statistics_date', '<=', days.end);
  if (scope.companyId !== null) movers = movers.where('m.company_id', '=', scope.companyId);
  // From the few devices to their rows (CROSS JOIN keeps that order on SQLite: a key seek per device).
  const again = db
    .selectFrom(movers.as('x'))
    .crossJoin('device_usage_days as u')
    .innerJoin('stores as s', 's.id', 'u.shop_id')
    .whereRef('u.device_id', '=', 'x.device_id')
    .where('u.statistics_date', '>=', days.start)
    .where('u.statistics_date', '<=', days.end)
    .where((eb) => storeInScope(eb, scope, ROW_COLUMNS))
    .where((eb) =>
      eb.and(
        reportConditions(
          f,
          {
            group: `s.${groupColumn}`,
            province: 's.province_level',
            city: 's.city_level',
            cls: 'u.device_class',
          },
          'null',
        ),
      ),
    )
    .select([
      sql<number>`${rowGroup}`.as('groupId'),
      sql<number>`count(distinct u.device_id)
        - sum(case when u.statistics_date = ${first} or u.run_start <> 0 then 1 else 0 end)`.as('devices'),
      sql<number>`count(distinct case when u.online_ms > 0 then u.device_id end)
        - sum(case when u.online_ms > 0 and u.used_since < ${first} then 1 else 0 end)`.as('usedDevices'),
    ]);
  const fixes = byCategory
    ? await again.select(category.as('category')).groupBy([rowGroup, category]).execute()
    : await again.groupBy(rowGroup).execute();
  const fixOf = new Map<string, { devices: number; usedDevices: number }>();
  for (const fix of fixes) {
    const code = byCategory ? String((fix as { category?: string }).category ?? '') : null;
    fixOf.set(keyOf(Number(fix.groupId), code), {
      devices: Number(fix.devices),
      usedDevices: Number(fix.usedDevices),
    });
  }

  return rows.map((r) => {
    const code = byCategory ? String((r as { category?: string }).category ?? '') : null;
    const fix = fixOf.get(keyOf(Number(r.groupId), code));
    return {
      groupId: Number(r.groupId),
      category: code,
      devices: Number(r.devices) + (fix?.devices ?? 0),
      usedDevices: Number(r.usedDevices) + (fix?.usedDevices ?? 0),
      deviceDays: Number(r.deviceDays),
      usedDays: Number(r.usedDays),
      onlineMs: Number(r.onlineMs ?? 0),
      baseMs: Number(r.baseMs ?? 0),
    };
  });
}

/**
 * Per stored day of [start, end], over the region, province or city `place` (or all of `scope`): Σ
 * online and measured time and the rows (devices) — the dashboard's trend (device-usage.repository.ts
 * sumUsageRatesByDay), read from the city sums. For scopes without listed stores.
 */
export async function sumDaysByCity(
  db: Kysely<DB>,
  scope: Scope,
  start: string,
  end: string,
  place: { areaLevel?: number; provinceLevel?: number; cityLevel?: number },
): Promise<Array<{ date: string; onlineMs: number; baseMs: number; devices: number }>> {
  let query = db
    .selectFrom('usage_city_days as c')
    .where('c.statistics_date', '>=', start)
    .where('c.statistics_date', '<=', end)
    .where((eb) => storeInScope(eb, scope, CITY_COLUMNS));
  if (place.areaLevel !== undefined) query = query.where('c.area_level', '=', place.areaLevel);
  if (place.provinceLevel !== undefined) query = query.where('c.province_level', '=', place.provinceLevel);
  if (place.cityLevel !== undefined) query = query.where('c.city_level', '=', place.cityLevel);
  const rows = await query
    .select([
      'c.statistics_date as date',
      sql<number>`sum(c.online_ms)`.as('onlineMs'),
      sql<number>`sum(c.base_ms)`.as('baseMs'),
      sql<number>`sum(c.device_days)`.as('devices'),
    ])
    .groupBy('c.statistics_date')
    .orderBy('c.statistics_date')
    .execute();
  return rows.map(dayTotals);
}

/** A day's totals as read (PostgreSQL hands back sums as strings). */
export function dayTotals(r: { date: string; onlineMs: unknown; baseMs: unknown; devices: unknown }) {
  return {
    date: String(r.date),
    onlineMs: Number(r.onlineMs),
    baseMs: Number(r.baseMs),
    devices: Number(r.devices),
  };
}
