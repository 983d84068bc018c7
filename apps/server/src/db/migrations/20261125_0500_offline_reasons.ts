/**
 * Offline reasons (issue 13, docs/decisions/forecast.md): the records people enter when a device went
 * offline (drop time, reason type, reason, treatment, handler), and each company's own reason types
 * besides the six built in (contracts OFFLINE_REASON_TYPES). A record keeps the store the device was
 * in when it dropped, so the by-region report counts it where it happened; a deleted device takes its
 * records with it.
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);

  await tableWithId(db, dialect, 'offline_reason_types')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_at', at, (c) => c.notNull())
    .addColumn('update_by', 'text')
    .execute();
  await db.schema
    .createIndex('offline_reason_types_company')
    .on('offline_reason_types')
    .column('company_id')
    .execute();

  await tableWithId(db, dialect, 'device_offline_reasons')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('drop_at', at, (c) => c.notNull())
    .addColumn('reason_type_code', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('treatment_method', 'text', (c) => c.notNull())
    .addColumn('handler', 'text', (c) => c.notNull())
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_at', at, (c) => c.notNull())
    .addColumn('create_by', 'text')
    .addColumn('update_by', 'text')
    .execute();
  await db.schema
    .createIndex('device_offline_reasons_device')
    .on('device_offline_reasons')
    .columns(['device_id', 'drop_at'])
    .execute();
  await db.schema
    .createIndex('device_offline_reasons_company_drop')
    .on('device_offline_reasons')
    .columns(['company_id', 'drop_at'])
    .execute();
}
