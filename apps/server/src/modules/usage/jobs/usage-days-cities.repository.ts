/**
 * The owning repository of `usage_city_days` (issue 13, docs/decisions/usage.md "Reports at scale"):
 * the device usage rows of a day summed per city (the store's region, province and city as the store
 * is now), category, class and `used_since`. Every write of `device_usage_days` (usage-days.repository.ts)
 * adds or takes away its rows' sums here in the same transaction, and a store that moves or goes
 * (modules/stores) moves its rows' sums in the transaction of that change, so the sums always equal the
 * rows they cover. The area and city reports read them (modules/usage/usage-city-sums.repository.ts).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';

import type { DB } from '../../../db/database';

/** A store's place: region, province and city level ids (null: none). */
export interface StorePlace {
  areaLevel: number | null;
  provinceLevel: number | null;
  cityLevel: number | null;
}

const COLUMNS = sql.raw(
  'company_id, statistics_date, area_level, province_level, city_level, device_category, device_class, ' +
    'used_since, device_days, run_starts, online_ms, base_ms',
);
const ADD = sql.raw(
  'on conflict (company_id, statistics_date, area_level, province_level, city_level, device_category, ' +
    'device_class, used_since) do update set device_days = usage_city_days.device_days + excluded.device_days, ' +
    'run_starts = usage_city_days.run_starts + excluded.run_starts, ' +
    'online_ms = usage_city_days.online_ms + excluded.online_ms, ' +
    'base_ms = usage_city_days.base_ms + excluded.base_ms',
);

/** The sums of usage rows `u` (grouped by day, category, class and used_since) at `place`, times `sign`. */
function sums(
  sign: 1 | -1,
  place: RawBuilder<unknown>,
  rows: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
) {
  const k = sql.lit(sign);
  return sql`insert into usage_city_days (${COLUMNS})
    select u.company_id, u.statistics_date, ${place}, coalesce(u.device_category, ''),
      coalesce(u.device_class, ''), case when u.online_ms > 0 then u.used_since else '-' end,
      ${k} * count(*), ${k} * sum(case when u.run_start = 0 then 0 else 1 end),
      ${k} * sum(u.online_ms), ${k} * sum(u.base_ms)
    from ${rows} where ${where}
    group by 1, 2, 3, 4, 5, 6, 7, 8
    ${ADD}`;
}

const STORE_PLACE = sql`coalesce(s.area_level, 0), coalesce(s.province_level, 0), coalesce(s.city_level, 0)`;

/**
 * Adds (`sign` 1) or takes away (-1) the sums of the usage rows `rows` — a FROM item aliased `u` with
 * the columns of device_usage_days (the table itself limited by `where`, a subquery, the job's batch) —
 * at the place of each row's store now. Rows whose store is gone count nowhere, as in the reports.
 */
export async function addCityDays(
  db: Kysely<DB>,
  sign: 1 | -1,
  rows: RawBuilder<unknown>,
  where: RawBuilder<unknown> = sql`1 = 1`,
): Promise<void> {
  await sums(sign, STORE_PLACE, sql`${rows} u join stores s on s.id = u.shop_id`, where).execute(db);
}

/** Removes the sums left at zero (every row they counted was taken away) of `companyId` from `from` on. */
export async function dropEmptyCityDays(
  db: Kysely<DB>,
  companyId: number | null,
  from: string,
): Promise<void> {
  let query = db
    .deleteFrom('usage_city_days')
    .where('statistics_date', '>=', from)
    .where('device_days', '=', 0);
  if (companyId !== null) query = query.where('company_id', '=', companyId);
  await query.execute();
}

const placeValues = (place: StorePlace) =>
  sql`cast(${place.areaLevel ?? 0} as integer), cast(${place.provinceLevel ?? 0} as integer), cast(${place.cityLevel ?? 0} as integer)`;

/**
 * Store `storeId` of `companyId` moved from `from` to `to` (another region, province or city): its
 * rows' sums move with it. Run in the transaction that changes the store.
 */
export async function moveStoreCityDays(
  db: Kysely<DB>,
  companyId: number,
  storeId: number,
  from: StorePlace,
  to: StorePlace,
): Promise<void> {
  const rows = sql`device_usage_days u`;
  const where = sql`u.shop_id = ${storeId}`;
  await sums(-1, placeValues(from), rows, where).execute(db);
  await sums(1, placeValues(to), rows, where).execute(db);
  await dropEmptyCityDays(db, companyId, '');
}

/** Store `storeId` of `companyId` is being deleted: its rows stop counting. Run before the delete, in its transaction. */
export async function removeStoreCityDays(db: Kysely<DB>, companyId: number, storeId: number): Promise<void> {
  await addCityDays(db, -1, sql`device_usage_days`, sql`u.shop_id = ${storeId}`);
  await dropEmptyCityDays(db, companyId, '');
}
