/** SQL of bench/usage.ts: a day of transitions for every device of a company, and the raw GROUP BY baseline. */
import { type Kysely, sql } from 'kysely';

import type { DB } from '../../apps/server/src/db/database';

const HOUR = 3_600_000;

/** The company's devices were added at `at` (before the measured day). */
export async function backdateCompanyDevices(db: Kysely<DB>, companyId: number, at: number): Promise<void> {
  await db.updateTable('devices').set({ created_at: at }).where('company_id', '=', companyId).execute();
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
 * The baseline: a raw GROUP BY over the day's transitions — per device, the online time the day's own
 * transitions add up to (Σ offline instants − Σ online instants) and how many there are. Returns the
 * number of devices it grouped.
 */
export async function rawDayGroupBy(db: Kysely<DB>, dayStart: number, dayEnd: number): Promise<number> {
  const result = await sql<{ device_id: number }>`select device_id,
      sum(case when status = 0 then at else -at end) as online_ms, count(*) as transitions
    from device_online_events where at >= ${dayStart} and at < ${dayEnd} group by device_id`.execute(db);
  return result.rows.length;
}

/** PostgreSQL: fresh statistics after the bulk load (autovacuum would within a minute). */
export async function analyze(db: Kysely<DB>): Promise<void> {
  await sql`analyze`.execute(db);
}

/**
 * Extra figure (not the bar): the write the job cannot avoid — the devices of the company with ids in
 * (afterId, uptoId] (one of the job's batches) get their row of `day` upserted exactly as the job does
 * (same columns, same ON CONFLICT), with constant figures instead of computed ones. Returns rows written.
 */
export async function upsertConstantUsageRows(
  db: Kysely<DB>,
  companyId: number,
  day: string,
  now: number,
  afterId: number,
  uptoId: number,
): Promise<number> {
  const result = await sql`insert into device_usage_days (device_id, statistics_date, company_id, shop_id,
      product_id, device_category, device_class, online_ms, offline_ms, base_ms, usage_rate, computed_at)
    select d.id, cast(${day} as text), d.company_id, d.shop_id, d.product_id, d.device_category,
      d.device_class, cast(0 as bigint), cast(86400000 as bigint), cast(86400000 as bigint),
      cast(0 as double precision), cast(${now} as bigint)
    from devices d where d.company_id = ${companyId} and d.id > ${afterId} and d.id <= ${uptoId}
    on conflict (device_id, statistics_date) do update set company_id = excluded.company_id,
      shop_id = excluded.shop_id, product_id = excluded.product_id,
      device_category = excluded.device_category, device_class = excluded.device_class,
      online_ms = excluded.online_ms, offline_ms = excluded.offline_ms, base_ms = excluded.base_ms,
      usage_rate = excluded.usage_rate, computed_at = excluded.computed_at`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
