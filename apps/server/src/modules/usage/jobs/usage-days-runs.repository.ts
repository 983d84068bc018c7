/**
 * The run columns of `device_usage_days` (docs/decisions/usage.md "Reports at scale"), worked out again
 * after rows were written anywhere in a device's history (usage-days.repository.ts replaceUsageRows).
 * A run is a device's rows on consecutive days with the same store, category and class:
 * - run_start: 0 when the row continues the run of the day before, 1 for the device's first row, 2 for
 *   a row that starts a new run after an earlier one (a gap, a move);
 * - used_since: the latest earlier day of the run with some online time, '' when none.
 * A row depends only on the rows before it, so the rows from the first written day on are worked out
 * from the device's last row before that day (kept as it is) — window functions over the device's rows,
 * both databases. The day arithmetic is done on day numbers from the 'YYYY-MM-DD' text (no date
 * functions: SQLite and PostgreSQL have different ones).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';

import type { DB } from '../../../db/database';

/** Days since 0000-03-01 of the 'YYYY-MM-DD' column `column` (proleptic Gregorian), as an SQL integer. */
export function dayNumber(column: string): RawBuilder<number> {
  const ref = sql.ref(column);
  const m = sql`cast(substr(${ref}, 6, 2) as integer)`;
  const y = sql`(cast(substr(${ref}, 1, 4) as integer) - case when ${m} <= 2 then 1 else 0 end)`;
  return sql<number>`(365 * ${y} + ${y} / 4 - ${y} / 100 + ${y} / 400
    + (153 * ((${m} + 9) % 12) + 2) / 5 + cast(substr(${ref}, 9, 2) as integer))`;
}

/**
 * Works out the run columns of the rows of `devices` (a query of `device_id`s) from day `from` on, and
 * writes those that changed.
 */
export async function rechainUsageDays(
  db: Kysely<DB>,
  devices: RawBuilder<unknown>,
  from: string,
): Promise<void> {
  const cell = sql`u.device_id, u.statistics_date, u.shop_id, coalesce(u.device_category, '') as cat,
    coalesce(u.device_class, '') as cls, u.online_ms, u.used_since`;
  // Starts with UPDATE so db/write-watch.ts sees the write.
  await sql`update device_usage_days set run_start = r.run_start, used_since = r.used_since
    from (
      with x (device_id) as (${devices}),
      base as (
        select ${cell}, 0 as seed
        from x join device_usage_days u on u.device_id = x.device_id and u.statistics_date >= ${from}
        union all
        select ${cell}, 1 as seed
        from x join device_usage_days u on u.device_id = x.device_id
          and u.statistics_date = (select max(q.statistics_date) from device_usage_days q
            where q.device_id = x.device_id and q.statistics_date < ${from})
      ),
      lagged as (
        select b.*, lag(b.statistics_date) over w as prev_date, lag(b.shop_id) over w as prev_shop,
          lag(b.cat) over w as prev_cat, lag(b.cls) over w as prev_cls
        from base b window w as (partition by b.device_id order by b.statistics_date)
      ),
      flagged as (
        select l.*, case when l.prev_date is null then 1
          when ${dayNumber('l.prev_date')} + 1 = ${dayNumber('l.statistics_date')} and l.prev_shop = l.shop_id
            and l.prev_cat = l.cat and l.prev_cls = l.cls then 0
          else 2 end as start_flag
        from lagged l
      ),
      runs as (
        select f.*, sum(case when f.start_flag = 0 then 0 else 1 end) over (partition by f.device_id
          order by f.statistics_date rows unbounded preceding) as run_no
        from flagged f
      ),
      chained as (
        select r.device_id, r.statistics_date, r.seed, r.start_flag,
          coalesce(max(case when r.seed = 1 then (case when r.online_ms > 0 then r.statistics_date
              else r.used_since end) when r.online_ms > 0 then r.statistics_date end)
            over (partition by r.device_id, r.run_no order by r.statistics_date
              rows between unbounded preceding and 1 preceding), '') as since
        from runs r
      )
      select device_id, statistics_date, start_flag as run_start, since as used_since
      from chained where seed = 0
    ) r
    where device_usage_days.device_id = r.device_id and device_usage_days.statistics_date = r.statistics_date
      and (device_usage_days.run_start <> r.run_start or device_usage_days.used_since <> r.used_since)`.execute(
    db,
  );
}
