/**
 * Alerting: the companies' alert rules and the alert records they raise. A record keeps the rule's
 * name, level, item and threshold as they were when it fired, so history reads the same after the rule
 * changes or is deleted (rule_id and device_id are not foreign keys on purpose). At most one record per
 * (rule, device) is open (status 0): a partial unique index says so.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  const real = dialect === 'sqlite' ? 'real' : 'double precision';

  await tableWithId(db, dialect, 'alert_rules')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('alert_name', 'text', (c) => c.notNull())
    .addColumn('alert_level', 'integer', (c) => c.notNull())
    .addColumn('alert_type', 'integer', (c) => c.notNull())
    .addColumn('connect_type', 'integer', (c) => c.notNull())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('trigger_type', 'integer', (c) => c.notNull())
    .addColumn('trigger_operator', 'text', (c) => c.notNull())
    .addColumn('trigger_value', real, (c) => c.notNull())
    .addColumn('device_category', 'text', (c) => c.notNull())
    .addColumn('device_class', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_at', at, (c) => c.notNull())
    .addColumn('create_by', 'text')
    .addColumn('update_by', 'text')
    .execute();
  await db.schema
    .createIndex('alert_rules_company_status')
    .on('alert_rules')
    .columns(['company_id', 'status'])
    .execute();

  await tableWithId(db, dialect, 'alert_records')
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('severity', 'integer', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('trigger_value', real, (c) => c.notNull())
    .addColumn('value', real, (c) => c.notNull())
    .addColumn('alert_time', at, (c) => c.notNull())
    .addColumn('recovery_time', at)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('alert_records_device_time')
    .on('alert_records')
    .columns(['device_id', 'alert_time desc'])
    .execute();
  // The open record of (rule, device): found fast, and never two.
  await db.schema
    .createIndex('alert_records_open')
    .on('alert_records')
    .columns(['rule_id', 'device_id'])
    .unique()
    .where(sql<boolean>`status = 0`)
    .execute();
}
