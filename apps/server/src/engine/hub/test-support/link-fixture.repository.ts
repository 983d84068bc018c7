/**
 * Test data for the agent-link tests: a box with a security key and its monitored devices in a store
 * of demo company 1, and a device in company 2 (outside company 1 admins' scope). Loopback only.
 */
import { randomBytes } from 'node:crypto';

import type { Insertable, Kysely } from 'kysely';

import type { DB } from '../../../db/database';
import type { DevicesTable } from '../../../db/tables/devices';
import { sealedCommunity } from '../../../modules/devices/device-keys';
import { boxKeyColumns } from '../../../secrets/secret-box';
import type { SecretKeyRing } from '../../../secrets/secret-keys';
import { TEST_SECRETS } from '../../../testing/test-app';

export interface LinkFixture {
  companyId: number;
  shopId: number;
  boxId: number;
  boxKey: string;
  /** SNMP device at 127.0.0.1 (also the syslog sender `logger` matches). */
  switchId: number;
  /** Ping device at 127.0.0.2. */
  posId: number;
  /** A device of company 2. */
  foreignId: number;
}

async function insertDevice(
  db: Kysely<DB>,
  row: Partial<Insertable<DevicesTable>> & Pick<Insertable<DevicesTable>, 'company_id' | 'shop_id'>,
): Promise<number> {
  const now = Date.now();
  const inserted = await db
    .insertInto('devices')
    .values({
      product_id: 4,
      hostid: `h-${randomBytes(4).toString('hex')}`,
      device_name: 'device',
      connect_type: 4,
      created_at: now,
      updated_at: now,
      ...row,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Creates the fixture; `snmp` is the snmpd the switch answers on; `secrets` the key ring of the server
 * that will read it (the test apps' by default).
 */
export async function insertLinkFixture(
  db: Kysely<DB>,
  snmp: { port: number; community: string },
  secrets: SecretKeyRing = TEST_SECRETS,
): Promise<LinkFixture> {
  const stores = await db.selectFrom('stores').selectAll().orderBy('id').execute();
  const model = stores.find((s) => s.company_id === 1);
  const away = stores.find((s) => s.company_id !== 1);
  if (!model || !away) throw new Error('the demo seed must have stores in two companies');
  // A store of its own (in the same region as a demo store), so demo devices do not mix in.
  const now = Date.now();
  const home = await db
    .insertInto('stores')
    .values({
      company_id: model.company_id,
      store_no: `LINK-${randomBytes(4).toString('hex')}`,
      store_name: 'Agent link test store',
      status: 0,
      area_level: model.area_level,
      province_level: model.province_level,
      city_level: model.city_level,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'company_id'])
    .executeTakeFirstOrThrow();
  const base = { company_id: home.company_id, shop_id: home.id };
  const boxKey = randomBytes(32).toString('base64url');
  const boxId = await insertDevice(db, {
    ...base,
    product_id: 1,
    connect_type: 1,
    device_name: 'Store box',
    ...boxKeyColumns(secrets, boxKey),
    intranet_ip: '127.0.0.3',
  });
  const switchId = await insertDevice(db, {
    ...base,
    parent_device_id: boxId,
    product_id: 3,
    connect_type: 2,
    device_name: 'Store switch',
    intranet_ip: '127.0.0.1',
    port: snmp.port,
    community: sealedCommunity(secrets, snmp.community),
  });
  const posId = await insertDevice(db, {
    ...base,
    parent_device_id: boxId,
    product_id: 4,
    connect_type: 4,
    device_name: 'POS 1',
    intranet_ip: '127.0.0.2',
  });
  const foreignId = await insertDevice(db, {
    company_id: away.company_id,
    shop_id: away.id,
    device_name: 'Other company POS',
    intranet_ip: '127.0.0.1',
  });
  return { companyId: home.company_id, shopId: home.id, boxId, boxKey, switchId, posId, foreignId };
}
