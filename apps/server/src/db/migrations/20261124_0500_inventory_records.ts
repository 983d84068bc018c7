/**
 * Inventory records (issue 12, docs/decisions/inventory.md): one row per asset of a store as the
 * asset register knows it, owned by modules/inventory/inventory.repository.ts. `bound_device_id`
 * binds a record to the device the monitoring knows (one record per device, one device per record:
 * unique where set); deleting the device clears the binding (ON DELETE SET NULL), the record stays.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);

  await tableWithId(db, dialect, 'inventory_records')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('stores.id'))
    .addColumn('asset_no', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('device_brand', 'text')
    .addColumn('device_sn', 'text')
    .addColumn('device_system', 'integer')
    .addColumn('connect_type', 'integer')
    .addColumn('intranet_ip', 'text')
    .addColumn('mac_address', 'text')
    .addColumn('mac_key', 'text')
    .addColumn('model', 'text')
    .addColumn('specifications', 'text')
    .addColumn('device_category', 'text')
    .addColumn('device_class', 'text')
    .addColumn('property_type', 'text')
    .addColumn('service_life', 'integer')
    .addColumn('custodian', 'text')
    .addColumn('obtain_time', 'text')
    .addColumn('vin_no', 'text')
    .addColumn('inumber', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('remark', 'text')
    .addColumn('index_no', 'text')
    .addColumn('is_network_device', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bound_device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('bound_at', at)
    .addColumn('bound_by', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();

  // Default order is id descending inside the company (the device list's pattern).
  await db.schema
    .createIndex('inventory_records_company_id')
    .on('inventory_records')
    .columns(['company_id', 'id'])
    .execute();
  await db.schema
    .createIndex('inventory_records_shop')
    .on('inventory_records')
    .columns(['shop_id', 'id'])
    .execute();
  // The asset number identifies an asset within a company.
  await db.schema
    .createIndex('inventory_records_asset_no')
    .on('inventory_records')
    .columns(['company_id', 'asset_no'])
    .unique()
    .execute();
  // MAC matching and the import's duplicate check look records up by store and key.
  await db.schema
    .createIndex('inventory_records_mac_key')
    .on('inventory_records')
    .columns(['shop_id', 'mac_key'])
    .execute();
  // One record per device: unique where set (both engines allow many NULLs), which also backs the
  // bind against two concurrent binds of the same device.
  await db.schema
    .createIndex('inventory_records_bound_device')
    .on('inventory_records')
    .column('bound_device_id')
    .unique()
    .where(sql.ref('bound_device_id'), 'is not', null)
    .execute();
}
