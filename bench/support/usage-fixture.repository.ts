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
