/**
 * SQL of bench/usage-night-close.ts: a prototype of the night's part of the ingest-time design for the
 * daily usage job (docs/decisions/usage.md "Option (c) measured"). Not the product's code: the rows
 * "kept through the day" are prepared here as ingest would have left them at midnight, in a scratch
 * table of `device_usage_days`' whole definition, and the night's close is written the way that design
 * would write it, so its cost can be set against the bar's baseline before the design is built.
 */
import { type Kysely, sql } from 'kysely';
import type { DB, DialectName } from '../../apps/server/src/db/database';
import { addDays } from '../../apps/server/src/engine/jobs/usage-days';
import { inUsageTransaction } from '../../apps/server/src/engine/jobs/usage-days.repository';
import { addCityDays } from '../../apps/server/src/engine/jobs/usage-days-cities.repository';
import { freshScratchTable } from './usage-fixture.repository';

const KEPT = 'usage_bench_scratch_indexed';
const COLUMNS =
  'device_id, statistics_date, company_id, shop_id, product_id, device_category, device_class, ' +
  'online_ms, offline_ms, base_ms, usage_rate, computed_at';

/**
 * Untimed: the scratch table like `device_usage_days` with the day before's rows, and the measured
 * day's rows as ingest would have kept them by midnight — one per device with a transition that day,
 * its last piece open (`open_status`, `open_since`: the device's last transition), its run columns set
 * when the row was created. `fillfactor` (PostgreSQL) leaves room on each page for the night's update to
 * stay on the page (a heap-only update: no index written). The day's city sums are removed.
 */
export async function prepareKeptDay(
  db: Kysely<DB>,
  dialect: DialectName,
  companyId: number,
  day: string,
  dayStart: number,
  dayEnd: number,
  now: number,
  fillfactor: number,
): Promise<void> {
  await freshScratchTable(db, dialect, KEPT, addDays(day, -1));
  const table = sql.raw(KEPT);
  if (dialect === 'postgres')
    await sql`alter table ${table} set (fillfactor = ${sql.lit(fillfactor)})`.execute(db);
  await sql`alter table ${table} add column open_status integer`.execute(db);
  await sql`alter table ${table} add column open_since bigint`.execute(db);
  await sql`insert into ${table} (${sql.raw(COLUMNS)}, run_start, used_since, open_status, open_since)
    select d.id, ${day}, d.company_id, d.shop_id, d.product_id, d.device_category, d.device_class,
      m.closed_ms, ${dayEnd - dayStart} - m.closed_ms, ${dayEnd - dayStart}, 0, ${now},
      case when p.device_id is null then 1 else 0 end,
      case when p.online_ms > 0 then p.statistics_date else coalesce(p.used_since, '') end, l.status, l.at
    from (select device_id, max(at) as at, sum(case when status = 0 then at else -at end) as closed_ms
      from device_online_events where at >= ${dayStart} and at < ${dayEnd} group by device_id) m
    join device_online_events l on l.device_id = m.device_id and l.at = m.at
    join devices d on d.id = m.device_id
    left join ${table} p on p.device_id = d.id and p.statistics_date = ${addDays(day, -1)}
    where d.company_id = ${companyId}`.execute(db);
  await sql`delete from usage_city_days where company_id = ${companyId} and statistics_date = ${day}`.execute(
    db,
  );
  if (dialect === 'postgres') await sql`vacuum analyze ${table}`.execute(db);
}

/** How long each step of the night's close took, ms. */
export interface NightCloseSteps {
  closeOpen: number;
  addQuiet: number;
  sums: number;
}

/**
 * Timed: the night's close in one transaction — the rows whose last piece is online get it up to
 * midnight (about half of them), the monitored devices without a transition that day get their row (the
 * device's status all day, run columns from the day before's row), and the day's city sums are written
 * by the job's own repository from the day's rows. In a transaction with the job's settings (PostgreSQL:
 * jit off, a larger work_mem, commit without waiting for the disk; SQLite: synchronous NORMAL).
 */
export async function closeKeptDay(
  db: Kysely<DB>,
  dialect: DialectName,
  companyId: number,
  day: string,
  dayStart: number,
  dayEnd: number,
  now: number,
): Promise<NightCloseSteps> {
  const table = sql.raw(KEPT);
  const whole = dayEnd - dayStart;
  return inUsageTransaction(db, dialect, async (trx) => {
    let at = performance.now();
    const lap = () => {
      const took = performance.now() - at;
      at = performance.now();
      return took;
    };
    await sql`update ${table} set online_ms = online_ms + (${dayEnd} - open_since),
        offline_ms = offline_ms - (${dayEnd} - open_since),
        usage_rate = round(100.0 * (online_ms + (${dayEnd} - open_since)) / base_ms, 2), open_status = null
      where statistics_date = ${day} and open_status = 1`.execute(trx);
    const closeOpen = lap();
    await sql`insert into ${table} (${sql.raw(COLUMNS)}, run_start, used_since)
      select d.id, ${day}, d.company_id, d.shop_id, d.product_id, d.device_category, d.device_class,
        case when d.online_status = 1 then ${whole} else 0 end, case when d.online_status = 1 then 0 else ${whole} end,
        ${whole}, case when d.online_status = 1 then 100 else 0 end, ${now},
        case when p.device_id is null then 1 else 0 end,
        case when p.online_ms > 0 then p.statistics_date else coalesce(p.used_since, '') end
      from devices d
      left join ${table} p on p.device_id = d.id and p.statistics_date = ${addDays(day, -1)}
      where d.company_id = ${companyId} and d.monitored = 1
        and not exists (select 1 from ${table} u where u.device_id = d.id and u.statistics_date = ${day})`.execute(
      trx,
    );
    const addQuiet = lap();
    await addCityDays(trx, 1, sql`${table}`, sql`u.company_id = ${companyId} and u.statistics_date = ${day}`);
    return { closeOpen, addQuiet, sums: lap() };
  });
}

/** The first `limit` device ids of the company. */
export async function companyDeviceIds(db: Kysely<DB>, companyId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('devices')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** One status change as ingest writes it. */
export interface KeptTransition {
  deviceId: number;
  status: number;
  at: number;
}

/**
 * Timed, the ingest side: one transaction writing `changes` to `device_online_events` as ingest does
 * (multi-row inserts of 500), and — with `keep` — the design's addition: each change's device row of
 * `day` upserted in the kept table (the piece since the row's open change added when it was online,
 * the row opened again with the new status; a device's first change of the day opens its row with the
 * piece since the day's start at the status of the devices row). Whole-day spans (no opening hours).
 */
export async function writeTransitions(
  db: Kysely<DB>,
  dialect: DialectName,
  day: string,
  dayStart: number,
  now: number,
  changes: readonly KeptTransition[],
  keep: boolean,
): Promise<void> {
  const table = sql.raw(KEPT);
  await inUsageTransaction(db, dialect, async (trx) => {
    for (let i = 0; i < changes.length; i += 500) {
      const chunk = changes.slice(i, i + 500);
      await trx
        .insertInto('device_online_events')
        .values(chunk.map((c) => ({ device_id: c.deviceId, status: c.status, at: c.at, cause: 'value' })))
        .execute();
      if (!keep) continue;
      const values = sql.join(
        chunk.map((c) => sql`(${sql.lit(c.deviceId)}, ${sql.lit(c.status)}, ${sql.lit(c.at)})`),
      );
      await sql`with v (device_id, status, at) as (values ${values})
        insert into ${table} (${sql.raw(COLUMNS)}, run_start, used_since, open_status, open_since)
        select d.id, ${day}, d.company_id, d.shop_id, d.product_id, d.device_category, d.device_class,
          case when d.online_status = 1 then v.at - ${dayStart} else 0 end, 0, 86400000, 0, ${now}, 0, '',
          v.status, v.at
        from v join devices d on d.id = v.device_id where true
        on conflict (device_id, statistics_date) do update set
          online_ms = ${table}.online_ms
            + case when ${table}.open_status = 1 then excluded.open_since - ${table}.open_since else 0 end,
          open_status = excluded.open_status, open_since = excluded.open_since`.execute(trx);
    }
  });
}
