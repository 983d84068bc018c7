/**
 * The dashboards' usage reads (docs/decisions/dashboards.md "Usage figures"): the stored days' online and
 * measured time, per day (the trend) or per store (yesterday's figure of the stores overview), over the
 * rows in scope by their own store. Regions, provinces and cities read the city sums instead
 * (usage-city-sums.repository.ts), a few rows a day.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import { USAGE_STORE_COLUMNS, usageDays } from './device-usage.repository';
import { dayTotals, sumDaysByCity } from './usage-city-sums.repository';

/** Where a dashboard usage read looks: one store, or a region/province/city, or everything in scope. */
export interface UsagePlace {
  shopIds?: readonly number[];
  areaLevel?: number;
  provinceLevel?: number;
  cityLevel?: number;
}

function usageInPlace(db: Kysely<DB>, scope: Scope, start: string, end: string, place: UsagePlace) {
  let query = usageDays(db, { start, end })
    .innerJoin('stores as s', 's.id', 'u.shop_id')
    .where((eb) => storeInScope(eb, scope, USAGE_STORE_COLUMNS));
  if (place.shopIds) query = query.where('u.shop_id', 'in', [...place.shopIds]);
  if (place.areaLevel !== undefined) query = query.where('s.area_level', '=', place.areaLevel);
  if (place.provinceLevel !== undefined) query = query.where('s.province_level', '=', place.provinceLevel);
  if (place.cityLevel !== undefined) query = query.where('s.city_level', '=', place.cityLevel);
  return query;
}

/** Per stored day of [start, end]: the sum of the rows' usage rates and how many rows (devices). */
export async function sumUsageRatesByDay(
  db: Kysely<DB>,
  scope: Scope,
  start: string,
  end: string,
  place: UsagePlace,
): Promise<Array<{ date: string; onlineMs: number; baseMs: number; devices: number }>> {
  if (place.shopIds && place.shopIds.length === 0) return [];
  // Regions, provinces and cities: the city sums (usage-city-sums.repository.ts), a few rows a day.
  if (!place.shopIds && !(scope.storeIds && scope.storeIds.length > 0))
    return sumDaysByCity(db, scope, start, end, place);
  const rows = await usageInPlace(db, scope, start, end, place)
    .select([
      'u.statistics_date as date',
      sql<number>`sum(${sql.ref('u.online_ms')})`.as('onlineMs'),
      sql<number>`sum(${sql.ref('u.base_ms')})`.as('baseMs'),
      sql<number>`count(*)`.as('devices'),
    ])
    .groupBy('u.statistics_date')
    .orderBy('u.statistics_date')
    .execute();
  return rows.map(dayTotals);
}

/** Per store among `shopIds`, on stored day `date`: its rows' online and measured time and their count. */
export async function sumUsageRatesByStore(
  db: Kysely<DB>,
  scope: Scope,
  date: string,
  shopIds: readonly number[],
): Promise<Array<{ shopId: number; onlineMs: number; baseMs: number; devices: number }>> {
  if (shopIds.length === 0) return [];
  const rows = await usageInPlace(db, scope, date, date, { shopIds })
    .select([
      'u.shop_id as shopId',
      sql<number>`sum(${sql.ref('u.online_ms')})`.as('onlineMs'),
      sql<number>`sum(${sql.ref('u.base_ms')})`.as('baseMs'),
      sql<number>`count(*)`.as('devices'),
    ])
    .groupBy('u.shop_id')
    .execute();
  return rows.map((r) => ({
    shopId: Number(r.shopId),
    onlineMs: Number(r.onlineMs),
    baseMs: Number(r.baseMs),
    devices: Number(r.devices),
  }));
}
