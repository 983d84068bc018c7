/**
 * The usage computation (issue 13, docs/decisions/usage.md "Method"): the SELECT of usage rows from
 * the devices and their online transitions, set-based, one statement for a batch of devices and one or
 * more days. Read by the daily job's writes (usage-days.repository.ts) and by "today so far" (the
 * usage list and reports union it into their statements).
 *
 * Per device and measured span [s, e) (s moved to the device's creation when later): the status at s
 * is that of the device's last transition at or before s in (at, id) order (offline when it has none,
 * i.e. never seen); every transition inside (s, e) starts a piece lasting until the next transition in
 * (at, id) order or e. online_ms = the online pieces, base_ms = all of them. Monitored devices only: a
 * device not monitored is not expected to report, so it has no rate (no row) for the days computed
 * while it is not monitored. Exact for any sequence
 * (repeated statuses, ties, instants out of insert order); usage-days.property.test.ts checks both
 * shapes below against a written-out reference on both databases. The window-free formula (Σ ±(e − t))
 * is exact only for alternating statuses, which the writers do not guarantee.
 *
 * Two shapes, one per database, because each database is fast at a different plan:
 * - SQLite: devices in id order, each device's transitions of the span by the (device_id, at) index,
 *   each piece's end by one more step along that index (its next entry), the carry-in by one step back.
 *   Rows come out in device order, so the grouping needs no sort — cheaper than a GROUP BY that sorts.
 * - PostgreSQL: the batch's devices joined to their transitions of each span (a hash join over the
 *   batch), `lead()` over each (device, span) for the ends of the pieces, one grouping; the carry-in by
 *   one index seek per device and span. Per-row index steps cost PostgreSQL several times what they
 *   cost SQLite, so the pieces' ends come from a sort instead.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';

import type { DB, DialectName } from '../../../db/database';
import type { DeviceUsageDaysTable } from '../../../db/tables/usage';
import type { UsageSpan } from './usage-days';

/** One computed (or stored) usage day: the row's figures, without its run columns. */
export type DeviceUsageDay = Omit<DeviceUsageDaysTable, 'run_start' | 'used_since'>;

/** Which devices of the company to compute: an id range (the job's batches) or a list (a page). */
export type UsageDevices = { afterId: number; uptoId: number } | { deviceIds: readonly number[] };

/** Every device of the company (ids are 32-bit integers on PostgreSQL, so the bound is int4's largest). */
export const ALL_DEVICES: UsageDevices = { afterId: 0, uptoId: 2_147_483_647 };

export interface UsageComputation {
  dialect: DialectName;
  companyId: number;
  /** The day being computed, 'YYYY-MM-DD'. */
  date: string;
  /** Its measured spans (usage-days.ts measuredSpans / spansUntil); at least one. */
  spans: readonly UsageSpan[];
  devices: UsageDevices;
  /** computed_at of the rows. */
  now: number;
  /**
   * Several days in one statement (the job's catch-up, the demo seed): when given, these replace
   * `date` and `spans`.
   */
  days?: ReadonlyArray<{ date: string; spans: readonly UsageSpan[] }>;
}

/** The days of `c`. */
export function computedDays(
  c: UsageComputation,
): ReadonlyArray<{ date: string; spans: readonly UsageSpan[] }> {
  return c.days ?? [{ date: c.date, spans: c.spans }];
}

/** `column` limited to the devices of `devices`. */
export function deviceRange(devices: UsageDevices, column: string): RawBuilder<unknown> {
  const ref = sql.ref(column);
  if ('deviceIds' in devices) {
    return devices.deviceIds.length === 0 ? sql`1 = 0` : sql`${ref} in (${sql.join(devices.deviceIds)})`;
  }
  return sql`${ref} > ${devices.afterId} and ${ref} <= ${devices.uptoId}`;
}

function segments(c: UsageComputation): RawBuilder<unknown> {
  return sql.join(
    computedDays(c).flatMap(({ date, spans }) =>
      spans.map(
        (span) => sql`(cast(${date} as text), cast(${span.start} as bigint), cast(${span.end} as bigint))`,
      ),
    ),
  );
}

/** The status of the device's last transition at or before `at` (ties: the larger id), or null. */
function carryIn(device: RawBuilder<unknown>, at: RawBuilder<unknown>): RawBuilder<number | null> {
  return sql<number | null>`(select cv.status from device_online_events cv
    where cv.device_id = ${device} and cv.at <= ${at} order by cv.at desc, cv.id desc limit 1)`;
}

/** Per (device, day): the device's columns, online_ms and base_ms — SQLite's shape. */
function sqliteTotals(c: UsageComputation): RawBuilder<unknown> {
  const days = computedDays(c);
  const only = days.length === 1 && days[0]?.spans.length === 1 ? days[0] : undefined;
  const span = only?.spans[0];
  // One day of one span (the nightly job): its bounds as values, devices alone in the outer loop, so
  // the grouping by device follows the devices index without a sort. Else the spans as a table.
  const seg =
    only && span
      ? {
          day: sql`cast(${only.date} as text)`,
          s: sql`cast(${span.start} as bigint)`,
          e: sql`cast(${span.end} as bigint)`,
          from: sql`from devices d`,
        }
      : { day: sql`seg.day`, s: sql`seg.s`, e: sql`seg.e`, from: sql`from devices d cross join seg` };
  const start = sql`max(d.created_at, ${seg.s})`;
  // The next transition after ev in (at, id) order, inside the span: the next entry of the index.
  const next = sql`coalesce((select nx.at from device_online_events nx where nx.device_id = d.id
    and nx.at >= ev.at and nx.at < ${seg.e} and (nx.at > ev.at or nx.id > ev.id)
    order by nx.at, nx.id limit 1), ${seg.e})`;
  const pieces = sql`${seg.from}
    left join device_online_events ev on ev.device_id = d.id and ev.at > ${start} and ev.at < ${seg.e}
    where d.company_id = ${c.companyId} and ${deviceRange(c.devices, 'd.id')} and d.monitored = 1
      and d.created_at < ${seg.e}`;
  const inside = sql`coalesce(sum(case when ev.status = 1 then ${next} - ev.at else 0 end), 0)`;
  const columns = sql`d.company_id, d.shop_id, d.product_id, d.device_category, d.device_class`;
  if (days.every((day) => day.spans.length === 1)) {
    // Devices (the outer loop) in id order: the grouping follows it (partly, with several days).
    return sql`select d.id as device_id, ${seg.day} as day, ${columns},
        ${inside} + case when ${carryIn(sql`d.id`, start)} = 1
          then coalesce(min(ev.at), ${seg.e}) - ${start} else 0 end as online_ms,
        ${seg.e} - ${start} as base_ms
      ${pieces} group by d.id${only ? sql`` : sql`, seg.day`}`;
  }
  return sql`select p.device_id, p.day, p.company_id, p.shop_id, p.product_id, p.device_category,
      p.device_class, sum(p.inside_ms + case when ${carryIn(sql`p.device_id`, sql`p.s`)} = 1
        then p.first_at - p.s else 0 end) as online_ms, sum(p.e - p.s) as base_ms
    from (select d.id as device_id, seg.day as day, ${columns}, ${start} as s, seg.e as e,
        coalesce(min(ev.at), seg.e) as first_at, ${inside} as inside_ms
      ${pieces} group by d.id, seg.day, seg.s) p
    group by p.device_id, p.day`;
}

/**
 * Per (device, day): the device's columns, online_ms and base_ms — PostgreSQL's shape: the batch's
 * transitions of the days after each device's creation read once, each with the next one by `lead()`;
 * summed per (device, span) inside the span; every device of the batch then gets its row, the carry-in
 * by one index seek per device and span. Hash joins throughout — given statistics: without them the
 * planner may join the window's result by nested loops (usage-days.repository.ts analyzeUsageInputs).
 */
function postgresTotals(c: UsageComputation): [RawBuilder<unknown>, RawBuilder<unknown>] {
  const days = computedDays(c);
  const spans = days.flatMap((day) => day.spans);
  const from = Math.min(...spans.map((span) => span.start));
  const to = Math.max(...spans.map((span) => span.end));
  const start = sql`greatest(d.created_at, seg.s)`;
  const batch = sql`d.company_id = ${c.companyId} and ${deviceRange(c.devices, 'd.id')} and d.monitored = 1`;
  const online = sql`coalesce(a.inside_ms, 0) + case when ${carryIn(sql`d.id`, start)} = 1
    then coalesce(a.first_at, seg.e) - ${start} else 0 end`;
  const columns = sql`d.company_id, d.shop_id, d.product_id, d.device_category, d.device_class`;
  const ctes = sql`, ev as (select t.device_id, t.at, t.status,
      lead(t.at) over (partition by t.device_id order by t.at, t.id) as next_at
    from device_online_events t join devices d on d.id = t.device_id
    where t.at > cast(${from} as bigint) and t.at < cast(${to} as bigint) and t.at > d.created_at and ${batch}),
  inside as (select ev.device_id, seg.day, seg.s as span, min(ev.at) as first_at,
      sum(case when ev.status = 1 then least(coalesce(ev.next_at, seg.e), seg.e) - ev.at else 0 end) as inside_ms
    from ev join seg on ev.at > seg.s and ev.at < seg.e
    group by ev.device_id, seg.day, seg.s)`;
  const rows = sql`from devices d cross join seg
    left join inside a on a.device_id = d.id and a.day = seg.day and a.span = seg.s
    where ${batch} and d.created_at < seg.e`;
  if (days.every((day) => day.spans.length === 1)) {
    // offset 0: not pulled up into the statement above, which reads online_ms three times.
    return [
      ctes,
      sql`select d.id as device_id, seg.day, ${columns}, cast(${online} as bigint) as online_ms,
        seg.e - ${start} as base_ms ${rows} offset 0`,
    ];
  }
  return [
    ctes,
    sql`select d.id as device_id, seg.day, ${columns}, cast(sum(${online}) as bigint) as online_ms,
      cast(sum(seg.e - ${start}) as bigint) as base_ms ${rows} group by d.id, seg.day`,
  ];
}

/**
 * SELECT of the usage rows of `c` (columns in DeviceUsageDay order). The usage reads union it into
 * their statements for today so far (modules/usage/device-usage.repository.ts).
 */
export function usageRowsSelect(c: UsageComputation): RawBuilder<DeviceUsageDay> {
  const [ctes, totals] = c.dialect === 'sqlite' ? [sql``, sqliteTotals(c)] : postgresTotals(c);
  return sql<DeviceUsageDay>`with seg (day, s, e) as (values ${segments(c)})${ctes}
select t.device_id, t.day as statistics_date, t.company_id, t.shop_id, t.product_id, t.device_category,
  t.device_class, t.online_ms, t.base_ms - t.online_ms as offline_ms, t.base_ms,
  cast((t.online_ms * 20000 + t.base_ms) / (2 * t.base_ms) as double precision) / 100 as usage_rate,
  cast(${c.now} as bigint) as computed_at
from (${totals}) t
where t.base_ms > 0`;
}

/**
 * Computes usage rows without storing them: "today so far" (spans cut at now with spansUntil), or any
 * day on demand. Rows in device id order.
 */
export async function computeUsageDays(db: Kysely<DB>, c: UsageComputation): Promise<DeviceUsageDay[]> {
  const result = await sql<DeviceUsageDay>`${usageRowsSelect(c)} order by device_id, statistics_date`.execute(
    db,
  );
  return result.rows.map(numericRow);
}

/** PostgreSQL may hand back bigint/double columns of raw SQL as strings: make them numbers. */
export function numericRow(row: DeviceUsageDay): DeviceUsageDay {
  return {
    ...row,
    device_id: Number(row.device_id),
    company_id: Number(row.company_id),
    shop_id: Number(row.shop_id),
    product_id: Number(row.product_id),
    online_ms: Number(row.online_ms),
    offline_ms: Number(row.offline_ms),
    base_ms: Number(row.base_ms),
    usage_rate: Number(row.usage_rate),
    computed_at: Number(row.computed_at),
  };
}
