/**
 * Usage reports from per-day sums (issue 13, docs/decisions/usage.md "Reports at scale"):
 * - `usage_city_days`: the device rows of a day summed per city (the store's region, province and
 *   city), category, class and `used_since`, written by the daily job in the transaction of the rows.
 *   The area and city reports read it instead of every row of their range.
 * - `device_usage_days.run_start` and `used_since`: where a row stands in the device's run of days
 *   (same store, category and class on consecutive days), so the distinct-device counts of a range can
 *   be summed from the per-day sums (a device is counted on the first day of its run inside the range).
 * - The covering report index of 20261126_0400 goes back to (company_id, statistics_date): the area and
 *   city reports no longer read the rows, and its eight columns cost the daily job's write more than
 *   the rest of it. A partial index finds the rows that start a second run (run_start = 2), the only
 *   devices the sums could count twice.
 * - `usage_days_computed`: the days the daily job finished (every company, every batch). The job's
 *   batches commit without waiting for the disk; the day's mark commits with it, and days after the
 *   last mark are computed (again) by the next run, so a crash loses nothing for good.
 * Rows already stored get their run columns and their sums here, and their days a mark.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ms = dialect === 'sqlite' ? 'integer' : 'bigint';
  await db.schema
    .alterTable('device_usage_days')
    .addColumn('run_start', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('device_usage_days')
    .addColumn('used_since', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('usage_city_days')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('statistics_date', 'text', (c) => c.notNull())
    .addColumn('area_level', 'integer', (c) => c.notNull())
    .addColumn('province_level', 'integer', (c) => c.notNull())
    .addColumn('city_level', 'integer', (c) => c.notNull())
    .addColumn('device_category', 'text', (c) => c.notNull())
    .addColumn('device_class', 'text', (c) => c.notNull())
    .addColumn('used_since', 'text', (c) => c.notNull())
    .addColumn('device_days', 'integer', (c) => c.notNull())
    .addColumn('run_starts', 'integer', (c) => c.notNull())
    .addColumn('online_ms', ms, (c) => c.notNull())
    .addColumn('base_ms', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_city_days_pk', [
      'company_id',
      'statistics_date',
      'area_level',
      'province_level',
      'city_level',
      'device_category',
      'device_class',
      'used_since',
    ])
    .execute();

  await db.schema
    .createTable('usage_days_computed')
    .addColumn('statistics_date', 'text', (c) => c.primaryKey())
    .addColumn('computed_at', ms, (c) => c.notNull())
    .execute();
  // Stored rows (an upgrade) get their marks, run columns and sums; a fresh database has none. No
  // parallel workers: a test's schema is created in the transaction that migrates it, which they do
  // not see.
  const stored = await sql`select 1 from device_usage_days limit 1`.execute(db);
  if (stored.rows.length > 0) {
    if (dialect === 'postgres') await sql`set local max_parallel_workers_per_gather = 0`.execute(db);
    await sql`insert into usage_days_computed (statistics_date, computed_at)
      select statistics_date, max(computed_at) from device_usage_days group by statistics_date`.execute(db);

    const prevDay =
      dialect === 'sqlite'
        ? sql`date(statistics_date, '-1 day')`
        : sql`to_char(cast(statistics_date as date) - 1, 'YYYY-MM-DD')`;
    await sql`update device_usage_days set run_start = r.start_flag, used_since = r.since
      from (
        select device_id, statistics_date, start_flag,
          coalesce(max(case when online_ms > 0 then statistics_date end) over (partition by device_id, run_no
            order by statistics_date rows between unbounded preceding and 1 preceding), '') as since
        from (
          select f.*, sum(case when start_flag = 0 then 0 else 1 end) over (partition by device_id
            order by statistics_date rows unbounded preceding) as run_no
          from (
            select device_id, statistics_date, online_ms,
              case when lag(statistics_date) over w is null then 1
                when lag(statistics_date) over w = ${prevDay} and lag(shop_id) over w = shop_id
                  and lag(coalesce(device_category, '')) over w = coalesce(device_category, '')
                  and lag(coalesce(device_class, '')) over w = coalesce(device_class, '') then 0
                else 2 end as start_flag
            from device_usage_days window w as (partition by device_id order by statistics_date)
          ) f
        ) g
      ) r
      where device_usage_days.device_id = r.device_id and device_usage_days.statistics_date = r.statistics_date`.execute(
      db,
    );
    await sql`insert into usage_city_days (company_id, statistics_date, area_level, province_level, city_level,
        device_category, device_class, used_since, device_days, run_starts, online_ms, base_ms)
      select u.company_id, u.statistics_date, coalesce(s.area_level, 0), coalesce(s.province_level, 0),
        coalesce(s.city_level, 0), coalesce(u.device_category, ''), coalesce(u.device_class, ''),
        case when u.online_ms > 0 then u.used_since else '-' end, count(*),
        sum(case when u.run_start = 0 then 0 else 1 end), sum(u.online_ms), sum(u.base_ms)
      from device_usage_days u join stores s on s.id = u.shop_id
      group by u.company_id, u.statistics_date, coalesce(s.area_level, 0), coalesce(s.province_level, 0),
        coalesce(s.city_level, 0), coalesce(u.device_category, ''), coalesce(u.device_class, ''),
        case when u.online_ms > 0 then u.used_since else '-' end`.execute(db);
  }

  await db.schema.dropIndex('device_usage_days_company_report').execute();
  await db.schema
    .createIndex('device_usage_days_company_date')
    .on('device_usage_days')
    .columns(['company_id', 'statistics_date'])
    .execute();
  await db.schema
    .createIndex('device_usage_days_second_runs')
    .on('device_usage_days')
    .columns(['company_id', 'statistics_date', 'device_id'])
    .where(sql.ref('run_start'), '=', 2)
    .execute();
}
