/**
 * Bulk devices for the device-list benchmark: `count` sub-devices spread round-robin over one
 * company's demo stores (under each store's box), written with multi-row inserts in one transaction.
 * Addresses are loopback (127.x.y.z) like the demo's, so nothing could ever probe a real network.
 */
import { type Kysely, sql } from 'kysely';

import type { DB, DialectName } from '../../apps/server/src/db/database';
import type { NewDevice } from '../../apps/server/src/modules/devices/devices.repository';

const KINDS = [
  {
    productId: 3,
    connectType: 2,
    system: 3,
    brand: 'Huawei',
    model: 'S5735',
    category: 'network',
    cls: 'switch',
  },
  {
    productId: 2,
    connectType: 4,
    system: 3,
    brand: 'H3C',
    model: 'MSR2630',
    category: 'network',
    cls: 'router',
  },
  { productId: 4, connectType: 5, system: 2, brand: 'Sunmi', model: 'T2s', category: 'terminal', cls: 'pos' },
  {
    productId: 5,
    connectType: 3,
    system: 3,
    brand: 'Epson',
    model: 'TM-T88VI',
    category: 'print',
    cls: 'receipt-printer',
  },
  {
    productId: 6,
    connectType: 1,
    system: 1,
    brand: 'Lenovo',
    model: 'M720q',
    category: 'terminal',
    cls: 'pc',
  },
] as const;

// SQLite allows 32,766 parameters per statement; ~25 columns × 400 rows stays well below on both.
const ROWS_PER_STATEMENT = 400;

const hex = (n: number) => (n & 0xff).toString(16).padStart(2, '0').toUpperCase();

/** The stores of `companyId` with the id of their box (the parent of bulk devices). */
async function storesWithBoxes(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom('stores')
    .leftJoin('devices', (join) =>
      join.onRef('devices.shop_id', '=', 'stores.id').on('devices.product_id', '=', 1),
    )
    .select(['stores.id as shopId', 'stores.store_no as storeNo', 'devices.id as boxId'])
    .where('stores.company_id', '=', companyId)
    .orderBy('stores.id')
    .execute();
}

/** Inserts `count` devices into `companyId`'s stores; returns how many stores they went to. */
export async function insertBulkDevices(
  db: Kysely<DB>,
  dialect: DialectName,
  companyId: number,
  count: number,
): Promise<number> {
  const stores = await storesWithBoxes(db, companyId);
  if (stores.length === 0) throw new Error(`company ${companyId} has no stores`);
  const now = Date.now();
  const make = (i: number): NewDevice => {
    const store = stores[i % stores.length];
    const kind = KINDS[i % KINDS.length];
    if (!store || !kind) throw new Error('unreachable');
    return {
      company_id: companyId,
      shop_id: store.shopId,
      parent_device_id: store.boxId,
      product_id: kind.productId,
      hostid: `bench-${i}`,
      device_name: `压测设备 ${i}`,
      device_sn: `BN${String(i).padStart(8, '0')}`,
      device_brand: kind.brand,
      model: kind.model,
      device_system: kind.system,
      connect_type: kind.connectType,
      intranet_ip: `127.${100 + (i >> 16)}.${(i >> 8) & 0xff}.${i & 0xff}`,
      mac_address: `02:BE:${hex(i >> 24)}:${hex(i >> 16)}:${hex(i >> 8)}:${hex(i)}`,
      community: kind.connectType === 2 ? 'public' : null,
      port: 161,
      device_category: kind.category,
      device_class: kind.cls,
      property_type: 'owned',
      asset_no: `BA${String(i).padStart(8, '0')}`,
      monitored: i % 10 === 0 ? 0 : 1,
      // Never seen online: a device marked online without a last_seen_at would be swept offline
      // (one transaction per device) in the middle of the measurement.
      online_status: 0,
      register_time: now - i * 1000,
      created_by: 'bench',
      created_at: now,
      updated_by: 'bench',
      updated_at: now,
    };
  };
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += ROWS_PER_STATEMENT) {
      const rows: NewDevice[] = [];
      for (let i = start; i < Math.min(count, start + ROWS_PER_STATEMENT); i++) rows.push(make(i));
      await trx.insertInto('devices').values(rows).execute();
    }
  });
  // PostgreSQL's autovacuum would analyze the table within a minute of such a load; do it now so the
  // benchmark sees the steady state. SQLite has no automatic statistics, and the server runs none.
  if (dialect === 'postgres') await sql`analyze devices`.execute(db);
  return stores.length;
}
