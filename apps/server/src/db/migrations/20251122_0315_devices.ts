/**
 * The device registry: one row per device (boxes and the sub-devices they probe). The registry owns
 * every column except the online bookkeeping (online_status … last_seen_at), which ingest maintains.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);

  await tableWithId(db, dialect, 'devices')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('stores.id'))
    .addColumn('parent_device_id', 'integer', (c) => c.references('devices.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('hostid', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('device_sn', 'text')
    .addColumn('device_brand', 'text')
    .addColumn('model', 'text')
    .addColumn('device_system', 'integer')
    .addColumn('connect_type', 'integer', (c) => c.notNull())
    .addColumn('intranet_ip', 'text')
    .addColumn('extranet_ip', 'text')
    .addColumn('mac_address', 'text')
    .addColumn('community', 'text')
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(161))
    .addColumn('udp_type', 'text')
    .addColumn('description', 'text')
    .addColumn('asset_no', 'text')
    .addColumn('vin_no', 'text')
    .addColumn('device_category', 'text')
    .addColumn('device_class', 'text')
    .addColumn('property_type', 'text')
    .addColumn('service_life', 'integer')
    .addColumn('custodian', 'text')
    .addColumn('specifications', 'text')
    .addColumn('obtain_time', 'text')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('monitored', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_preinstallation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enable_remote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_network_device', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('security_key', 'text')
    .addColumn('register_time', at)
    .addColumn('online_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('device_online_time', at)
    .addColumn('first_online_time', at)
    .addColumn('latest_offline_time', at)
    .addColumn('last_seen_at', at)
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();

  // The default list order is id descending inside the caller's company: (company_id, id) lets the
  // list select one page of ids straight off the index (deferred join), so deep pages stay cheap.
  await db.schema.createIndex('devices_company_id').on('devices').columns(['company_id', 'id']).execute();
  await db.schema
    .createIndex('devices_company_shop')
    .on('devices')
    .columns(['company_id', 'shop_id'])
    .execute();
  await db.schema.createIndex('devices_shop').on('devices').columns(['shop_id', 'id']).execute();
  await db.schema.createIndex('devices_parent').on('devices').column('parent_device_id').execute();
  // Unique only where set: SQLite and PostgreSQL both allow many NULLs in a unique index.
  await db.schema
    .createIndex('devices_security_key')
    .on('devices')
    .column('security_key')
    .unique()
    .where(sql.ref('security_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('devices_intranet_ip')
    .on('devices')
    .columns(['shop_id', 'intranet_ip'])
    .execute();
}
