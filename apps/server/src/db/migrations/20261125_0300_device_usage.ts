/**
 * Daily device usage (issue 13, docs/decisions/usage.md): one row per device per server-time-zone day,
 * written by the daily usage job (modules/usage/jobs/usage-daily.ts) and owned by
 * modules/usage/device-usage.repository.ts. Store, company, product and categories are copied from the
 * device when the day is computed, so a device moved to another store keeps its history where it was and
 * reports group without joins. No foreign key on device_id: a deleted device's days stay for the reports.
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ms = instant(dialect);
  const real = dialect === 'sqlite' ? 'real' : 'double precision';

  await db.schema
    .createTable('device_usage_days')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('statistics_date', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('device_category', 'text')
    .addColumn('device_class', 'text')
    .addColumn('online_ms', ms, (c) => c.notNull())
    .addColumn('offline_ms', ms, (c) => c.notNull())
    .addColumn('base_ms', ms, (c) => c.notNull())
    .addColumn('usage_rate', real, (c) => c.notNull())
    .addColumn('computed_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('device_usage_days_pk', ['device_id', 'statistics_date'])
    .execute();
  await db.schema
    .createIndex('device_usage_days_company_date')
    .on('device_usage_days')
    .columns(['company_id', 'statistics_date'])
    .execute();
  await db.schema
    .createIndex('device_usage_days_shop_date')
    .on('device_usage_days')
    .columns(['shop_id', 'statistics_date'])
    .execute();
}
