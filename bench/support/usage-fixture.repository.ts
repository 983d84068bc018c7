/**
 * SQL of bench/usage.ts: a day of transitions for every device of a company, the raw GROUP BY over them
 * (read only: the reference) and stored into a scratch table of the job's row shape (the baseline).
 */
import { MonitoredFlag } from '@storefleet/contracts';
import { type Kysely, sql } from 'kysely';

import type { DB, DialectName } from '../../apps/server/src/db/database';
import { inUsageTransaction } from '../../apps/server/src/modules/usage/jobs/usage-days.repository';
import { addCityDays } from '../../apps/server/src/modules/usage/jobs/usage-days-cities.repository';

const HOUR = 3_600_000;

/**
 * Every device of the company monitored and added at `at` (before the measured day): the job keeps a
 * row only for monitored devices that existed during the day, and the bench times it on all of them
 * (the bulk fixture leaves every tenth device unmonitored, for the device-list bench).
 */
export async function monitorCompanyDevicesSince(
  db: Kysely<DB>,
  companyId: number,
  at: number,
): Promise<void> {
  await db
    .updateTable('devices')
    .set({ created_at: at, monitored: MonitoredFlag.MONITORED })
    .where('company_id', '=', companyId)
    .execute();
}

/**
 * Per device of the company: one transition the evening before `dayStart` (the status carried into
 * the day: online for odd ids), then id % 7 transitions (0–6) during the day, alternating status, three
 * hours apart plus a per-device offset. Returns how many transitions the day holds.
 */
export async function insertDayTransitions(
  db: Kysely<DB>,
  companyId: number,
  dayStart: number,
): Promise<number> {
  await sql`insert into device_online_events (device_id, status, at, cause)
    select d.id, d.id % 2, cast(${dayStart - HOUR} as bigint), 'value'
    from devices d where d.company_id = ${companyId}`.execute(db);
  await sql`insert into device_online_events (device_id, status, at, cause)
    with k (n) as (values (1), (2), (3), (4), (5), (6))
    select d.id, (d.id + k.n) % 2, cast(${dayStart} as bigint) + k.n * ${3 * HOUR} + (d.id % 997) * 1000, 'value'
    from devices d cross join k
    where d.company_id = ${companyId} and k.n <= d.id % 7`.execute(db);
  const row = await db
    .selectFrom('device_online_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('at', '>=', dayStart)
    .where('at', '<', dayStart + 24 * HOUR)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The reference: a raw GROUP BY over the day's transitions, read only — per device, the online time the
 * day's own transitions add up to (Σ offline instants − Σ online instants) and how many there are.
 * Returns the number of devices it grouped.
 */
export async function rawDayGroupBy(db: Kysely<DB>, dayStart: number, dayEnd: number): Promise<number> {
  // Counted in the database: no rows through JS, as in the stored GROUP BY and the job.
  const result = await sql<{ devices: number }>`select count(*) as devices, sum(g.online_ms) as online_ms
    from (select device_id, sum(case when status = 0 then at else -at end) as online_ms, count(*) as transitions
      from device_online_events where at >= ${dayStart} and at < ${dayEnd} group by device_id) g`.execute(db);
  return Number(result.rows[0]?.devices ?? 0);
}

/**
 * PostgreSQL: the dead rows of a day removed for the next timed run cleared, as autovacuum would (the
 * nightly job writes a day nobody removed; 100,000 dead rows under the primary key slow its inserts 2–3×).
 */
export async function vacuumUsageTables(db: Kysely<DB>): Promise<void> {
  await sql`vacuum analyze device_usage_days, usage_city_days`.execute(db);
}

/** PostgreSQL: fresh statistics after the bulk load (autovacuum would within a minute). */
export async function analyze(db: Kysely<DB>): Promise<void> {
  await sql`analyze`.execute(db);
}

/** The scratch tables of the stored GROUP BY (see freshScratchTable). */
export type ScratchTable = 'usage_bench_scratch' | 'usage_bench_scratch_indexed';

const USAGE_COLUMNS =
  'device_id, statistics_date, company_id, shop_id, product_id, device_category, device_class, ' +
  'online_ms, offline_ms, base_ms, usage_rate, computed_at';

/**
 * A scratch table of the stored GROUP BY, created afresh: `usage_bench_scratch` has device_usage_days'
 * columns and primary key, nothing else, and starts empty (the bar's baseline);
 * `usage_bench_scratch_indexed` has its whole definition — run columns, the company, store and
 * second-run indexes — and starts with the stored rows of `dayBefore`, as the job's table does (a
 * reference row: the same write as the job's, without the job's computation).
 */
export async function freshScratchTable(
  db: Kysely<DB>,
  dialect: DialectName,
  table: ScratchTable = 'usage_bench_scratch',
  dayBefore?: string,
): Promise<void> {
  const ms = dialect === 'sqlite' ? sql.raw('integer') : sql.raw('bigint');
  const real = dialect === 'sqlite' ? sql.raw('real') : sql.raw('double precision');
  const name = sql.raw(table);
  const indexed = table === 'usage_bench_scratch_indexed';
  const runColumns = indexed
    ? sql`, run_start integer not null default 1, used_since text not null default ''`
    : sql``;
  await sql`drop table if exists ${name}`.execute(db);
  await sql`create table ${name} (device_id integer not null, statistics_date text not null,
    company_id integer not null, shop_id integer not null, product_id integer not null,
    device_category text, device_class text, online_ms ${ms} not null, offline_ms ${ms} not null,
    base_ms ${ms} not null, usage_rate ${real} not null, computed_at ${ms} not null${runColumns},
    primary key (device_id, statistics_date))`.execute(db);
  if (!indexed) return;
  await sql`create index ${sql.raw(`${table}_company_date`)} on ${name} (company_id, statistics_date)`.execute(
    db,
  );
  await sql`create index ${sql.raw(`${table}_shop_date`)} on ${name} (shop_id, statistics_date)`.execute(db);
  await sql`create index ${sql.raw(`${table}_second_runs`)} on ${name} (company_id, statistics_date, device_id)
    where run_start = 2`.execute(db);
  if (dayBefore !== undefined) {
    await sql`insert into ${name} (${sql.raw(USAGE_COLUMNS)}, run_start, used_since)
      select ${sql.raw(USAGE_COLUMNS)}, run_start, used_since from device_usage_days
      where statistics_date = ${dayBefore}`.execute(db);
  }
  if (dialect === 'postgres') await sql`vacuum analyze ${name}`.execute(db);
}

/**
 * The baseline: the raw GROUP BY's per-device result stored as rows of the job's shape, in one
 * INSERT … SELECT into a fresh scratch table — the figures of the GROUP BY, the row's store and
 * categories from `devices` (a usage row carries them, the job copies them the same way). Returns rows
 * stored.
 */
export async function storedDayGroupBy(
  db: Kysely<DB>,
  day: string,
  dayStart: number,
  dayEnd: number,
  now: number,
  table: ScratchTable = 'usage_bench_scratch',
): Promise<number> {
  const result = await sql`insert into ${sql.raw(table)} (${sql.raw(USAGE_COLUMNS)})
    select g.device_id, cast(${day} as text), d.company_id, d.shop_id, d.product_id, d.device_category,
      d.device_class, g.online_ms, ${dayEnd - dayStart} - g.online_ms, cast(${dayEnd - dayStart} as bigint),
      cast(0 as double precision), cast(${now} as bigint)
    from (select device_id, sum(case when status = 0 then at else -at end) as online_ms
      from device_online_events where at >= ${dayStart} and at < ${dayEnd} group by device_id) g
    join devices d on d.id = g.device_id`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Drops the scratch tables. */
export async function dropScratchTables(db: Kysely<DB>): Promise<void> {
  await sql`drop table if exists usage_bench_scratch`.execute(db);
  await sql`drop table if exists usage_bench_scratch_indexed`.execute(db);
  await sql`drop table if exists usage_bench_prepared`.execute(db);
}

const STORED_COLUMNS = sql.raw(`${USAGE_COLUMNS}, run_start, used_since`);

/**
 * Keeps the company's stored rows of `day` — as the job computed them, run columns included — in
 * `usage_bench_prepared`, for the floor (writePreparedDay).
 */
export async function keepPreparedDay(db: Kysely<DB>, companyId: number, day: string): Promise<void> {
  await sql`drop table if exists usage_bench_prepared`.execute(db);
  await sql`create table usage_bench_prepared as select ${STORED_COLUMNS} from device_usage_days
    where company_id = ${companyId} and statistics_date = ${day}`.execute(db);
}

/**
 * The floor of any nightly design: the day's rows already computed (keepPreparedDay), only written into
 * device_usage_days and summed into usage_city_days — one INSERT … SELECT and one sum in one transaction
 * under the job's own settings, no computation at all.
 */
export async function writePreparedDay(db: Kysely<DB>, dialect: DialectName): Promise<void> {
  await inUsageTransaction(db, dialect, async (trx) => {
    await sql`insert into device_usage_days (${STORED_COLUMNS})
      select ${STORED_COLUMNS} from usage_bench_prepared`.execute(trx);
    await addCityDays(trx, 1, sql`usage_bench_prepared`);
  });
}

/**
 * Removes the company's rows of `day`, the latest day stored (no later row's run depends on them), and
 * the day's city sums — so the job can append the day again. In transactions of `batchSize` devices,
 * calling `pause` with the time each took, as the job does between its batches; the sums last.
 */
export async function removeLatestUsageDay(
  db: Kysely<DB>,
  companyId: number,
  day: string,
  batchSize: number,
  pause: (workedMs: number) => Promise<void>,
): Promise<void> {
  const later = await db
    .selectFrom('device_usage_days')
    .select('device_id')
    .where('statistics_date', '>', day)
    .limit(1)
    .executeTakeFirst();
  if (later) throw new Error(`${day} is not the latest usage day stored`);
  for (;;) {
    const started = performance.now();
    const result = await sql`delete from device_usage_days where company_id = ${companyId}
      and statistics_date = ${day} and device_id in (select device_id from device_usage_days
        where company_id = ${companyId} and statistics_date = ${day} order by device_id limit ${batchSize})`.execute(
      db,
    );
    if (Number(result.numAffectedRows ?? 0) === 0) break;
    await pause(performance.now() - started);
  }
  await db
    .deleteFrom('usage_city_days')
    .where('company_id', '=', companyId)
    .where('statistics_date', '=', day)
    .execute();
}

/** Rows of `day` in the city sums (written by the job with the device rows). */
export async function countCityDays(db: Kysely<DB>, day: string): Promise<number> {
  const row = await db
    .selectFrom('usage_city_days')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('statistics_date', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
