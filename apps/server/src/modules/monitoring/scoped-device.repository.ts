/** The one way monitoring calls find a device: by id, inside the caller's scope (via its store). */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';

export interface ScopedDevice {
  id: number;
  company_id: number;
  shop_id: number;
  hostid: string;
  connect_type: number;
  /** Product type, category and class: which alert rules apply to the device. */
  product_id: number;
  device_category: string | null;
  device_class: string | null;
  device_system: number | null;
  intranet_ip: string | null;
  extranet_ip: string | null;
  enable_remote: number;
  online_status: number;
}

/** The device `deviceId` if it exists and its store is in `scope`. */
export async function findDeviceInScope(
  db: Kysely<DB>,
  scope: Scope,
  deviceId: number,
): Promise<ScopedDevice | undefined> {
  return db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select([
      'devices.id',
      'devices.company_id',
      'devices.shop_id',
      'devices.hostid',
      'devices.connect_type',
      'devices.product_id',
      'devices.device_category',
      'devices.device_class',
      'devices.device_system',
      'devices.intranet_ip',
      'devices.extranet_ip',
      'devices.enable_remote',
      'devices.online_status',
    ])
    .where('devices.id', '=', deviceId)
    .where((eb) => storeInScope(eb, scope))
    .executeTakeFirst();
}

/** Ids of the stores in `scope` (live updates filter status changes by them). */
export async function listStoreIdsInScope(db: Kysely<DB>, scope: Scope): Promise<number[]> {
  const rows = await db
    .selectFrom('stores')
    .select('stores.id')
    .where((eb) => storeInScope(eb, scope))
    .execute();
  return rows.map((row) => row.id);
}
