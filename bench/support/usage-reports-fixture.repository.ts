/**
 * SQL of bench/usage-reports.ts: bulk stores spread over a company's city levels, and 30 days of usage
 * rows for the bulk devices, each written with set-based inserts (multi-row inserts in one transaction
 * for the stores, INSERT … SELECT over the devices and the days for the usage rows).
 */
import { type Kysely, sql } from 'kysely';

import type { DB, DialectName } from '../../apps/server/src/db/database';

const ROWS_PER_STATEMENT = 500;
const DEVICES_PER_STATEMENT = 5_000;
const DAY_MS = 86_400_000;

/** The company's cities with their province and region (the demo's level tree). */
export async function companyCities(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom('level_configs as c')
    .innerJoin('level_configs as p', 'p.id', 'c.pid')
    .select(['c.id as cityId', 'p.id as provinceId', 'p.pid as areaId'])
    .where('c.company_id', '=', companyId)
    .where('c.level', '=', 3)
    .orderBy('c.id')
    .execute();
}

/** Inserts `count` stores into `companyId`, round-robin over its cities; returns the cities used. */
export async function insertBulkStores(db: Kysely<DB>, companyId: number, count: number): Promise<number> {
  const cities = await companyCities(db, companyId);
  if (cities.length === 0) throw new Error(`company ${companyId} has no city levels`);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += ROWS_PER_STATEMENT) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + ROWS_PER_STATEMENT); i++) {
        const city = cities[i % cities.length];
        if (!city) throw new Error('unreachable');
        rows.push({
          company_id: companyId,
          store_no: `BS${String(i).padStart(6, '0')}`,
          store_name: `压测门店 ${i}`,
          area_level: city.areaId,
          province_level: city.provinceId,
          city_level: city.cityId,
          status: 0,
          created_by_name: 'bench',
          created_at: now,
          updated_by_name: 'bench',
          updated_at: now,
        });
      }
      await trx.insertInto('stores').values(rows).execute();
    }
  });
  return cities.length;
}

/**
 * One usage row per bulk device (`created_by = 'bench'`) per day of `days`: a whole-day measured span,
 * online time from a per-device, per-day pattern (about one device-day in nine fully offline, so the
 * `/num` reports count something other than every row). Written in device order (all days of a device
 * together: the primary key (device_id, statistics_date) grows at its end instead of taking one row in
 * every leaf), one INSERT … SELECT per DEVICES_PER_STATEMENT devices × all days, in one transaction;
 * SQLite gets a 256 MB page cache on this connection for the secondary indexes. The bulk devices are
 * backdated first (a device has no row before it was added).
 */
export async function insertUsageDays(
  db: Kysely<DB>,
  dialect: DialectName,
  companyId: number,
  days: readonly string[],
  firstDayStart: number,
): Promise<number> {
  await db
    .updateTable('devices')
    .set({ created_at: firstDayStart - 7 * DAY_MS })
    .where('company_id', '=', companyId)
    .where('created_by', '=', 'bench')
    .execute();
  const range = await db
    .selectFrom('devices')
    .select((eb) => [eb.fn.min<number>('id').as('first'), eb.fn.max<number>('id').as('last')])
    .where('company_id', '=', companyId)
    .where('created_by', '=', 'bench')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const online = sql`(case when (d.id + k.n) % 9 = 0 then 0 else ((d.id * 37 + k.n * 11) % 101) * 855000 end)`;
  const rate =
    dialect === 'postgres'
      ? sql`round(cast(${online} * 100.0 / ${DAY_MS} as numeric), 2)`
      : sql`round(${online} * 100.0 / ${DAY_MS}, 2)`;
  const dayRows = sql.join(days.map((day, n) => sql`(cast(${n} as integer), cast(${day} as text))`));
  if (dialect === 'sqlite') await sql`pragma cache_size = -262144`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (let from = Number(range.first); from <= Number(range.last); from += DEVICES_PER_STATEMENT) {
      const to = from + DEVICES_PER_STATEMENT;
      await sql`insert into device_usage_days (device_id, statistics_date, company_id, shop_id, product_id,
          device_category, device_class, online_ms, offline_ms, base_ms, usage_rate, computed_at)
        with k (n, day) as (values ${dayRows})
        select d.id, k.day, d.company_id, d.shop_id, d.product_id, d.device_category, d.device_class,
          ${online}, ${DAY_MS} - ${online}, ${DAY_MS}, ${rate}, cast(${now} as bigint)
        from devices d cross join k
        where d.id >= ${from} and d.id < ${to} and d.company_id = ${companyId} and d.created_by = 'bench'
        order by d.id, k.day`.execute(trx);
    }
  });
  const row = await db
    .selectFrom('device_usage_days')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Store ids of one province of the company (the stores a user would pick for a store report). */
export async function storesOfProvince(db: Kysely<DB>, provinceId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('stores')
    .select('id')
    .where('province_level', '=', provinceId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The query plan of `text` (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL), one line per step. */
export async function explain(db: Kysely<DB>, dialect: DialectName, text: string): Promise<string[]> {
  const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await sql.raw<Record<string, unknown>>(`${prefix}${text}`).execute(db);
  return result.rows.map((r) => String(r.detail ?? r['QUERY PLAN'] ?? JSON.stringify(r)));
}

/** Fresh statistics after the bulk load: ANALYZE on PostgreSQL (autovacuum would within a minute). */
export async function analyzeAfterLoad(db: Kysely<DB>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`analyze`.execute(db);
}

/** Rows of the city sums (what the area and city reports read). */
export async function countCityRows(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('usage_city_days')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
