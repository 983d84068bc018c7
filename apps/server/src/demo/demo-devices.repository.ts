/** The store rows the demo device seed walks. */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';

/** Every store, in id order, with its company. */
export async function listSeedStores(db: Kysely<DB>) {
  return db.selectFrom('stores').select(['id', 'company_id', 'store_no']).orderBy('id').execute();
}

/** Every device of the demo stores, in id order, with what an asset record copies (inventory seed). */
export async function listSeedDevices(db: Kysely<DB>) {
  return db
    .selectFrom('devices')
    .select([
      'id',
      'company_id',
      'shop_id',
      'parent_device_id',
      'device_name',
      'device_brand',
      'device_sn',
      'device_system',
      'connect_type',
      'intranet_ip',
      'mac_address',
      'model',
      'device_category',
      'device_class',
      'asset_no',
      'monitored',
    ])
    .orderBy('id')
    .execute();
}
