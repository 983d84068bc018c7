/**
 * The usage reports read every row of a company's days in a range (modules/usage/device-usage.repository.ts
 * `sumUsage`: area and city reports, the dashboard's trend). Through (company_id, statistics_date) alone,
 * each of those rows was then fetched from the table: at 3,000,000 rows (bench/usage-reports.ts, 100,000
 * devices × 30 days) the first area report took over a minute on SQLite, the rows being read in date
 * order from a table written in device order. This index holds every column those sums read, so the
 * range is read from the index alone (SQLite: a covering index; PostgreSQL: an index-only scan once the
 * table is vacuumed). It replaces (company_id, statistics_date), a prefix of it, so the daily job still
 * writes the same number of indexes per row.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('device_usage_days_company_report')
    .on('device_usage_days')
    .columns([
      'company_id',
      'statistics_date',
      'shop_id',
      'device_category',
      'device_class',
      'device_id',
      'online_ms',
      'base_ms',
    ])
    .execute();
  await db.schema.dropIndex('device_usage_days_company_date').execute();
}
