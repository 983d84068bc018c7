/**
 * The owner of the `devices` table (with device-rows, device-list and device-filter in this module):
 * writes to the device registry, the lookups its rules need (parent box, sub-devices), the short
 * device reference other modules look up, and what counts a store's devices.
 * Ingest owns the online bookkeeping columns; nothing here writes them.
 */
import { DeviceState, ProductType } from '@storefleet/contracts';
import type { Insertable, Kysely, Updateable } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import type { DevicesTable } from '../../db/tables/devices';
import { openStoredSecret } from '../../secrets/secret-box';
import type { SecretKeyRing } from '../../secrets/secret-keys';

export type NewDevice = Insertable<DevicesTable>;
export type DeviceChanges = Updateable<DevicesTable>;

/** Inserts devices in the given order and returns their ids. */
export async function insertDevices(db: Kysely<DB>, devices: NewDevice[]): Promise<number[]> {
  const ids: number[] = [];
  // One statement per row keeps the returned ids in row order on both dialects.
  for (const device of devices) {
    const row = await db.insertInto('devices').values(device).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Applies `changes` to one device; returns whether it existed. */
export async function updateDevice(
  db: Kysely<DB>,
  deviceId: number,
  changes: DeviceChanges,
): Promise<boolean> {
  const result = await db.updateTable('devices').set(changes).where('id', '=', deviceId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets columns on several devices at once. */
export async function updateDevices(
  db: Kysely<DB>,
  deviceIds: number[],
  changes: DeviceChanges,
): Promise<void> {
  if (deviceIds.length === 0) return;
  await db.updateTable('devices').set(changes).where('id', 'in', deviceIds).execute();
}

/** Which of `ids` are devices inside `scope`. */
export async function deviceIdsInScope(db: Kysely<DB>, scope: Scope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select('devices.id')
    .where('devices.id', 'in', ids)
    .where((eb) => storeInScope(eb, scope))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * What monitoring, ping and alert history need of a device (no dictionary names, unlike the reply
 * row of device-rows.repository): identity, store, probe addresses and the fields alert rules match.
 */
export interface DeviceRef {
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

/** The reference of device `deviceId` if it exists and its store is in `scope`. */
export async function findDeviceRefInScope(
  db: Kysely<DB>,
  scope: Scope,
  deviceId: number,
): Promise<DeviceRef | undefined> {
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

/** A device's product type, store and key, by id (no scope: callers check the store first). */
export async function findDeviceBasics(db: Kysely<DB>, deviceId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'shop_id', 'company_id', 'product_id', 'parent_device_id', 'security_key'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
}

/** The boxes of one store, oldest first. */
export async function listStoreBoxIds(db: Kysely<DB>, shopId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('devices')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('product_id', '=', ProductType.AI_BOX)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The boxes of a store not disabled, newest first: the one that answers for the store's devices. */
export async function listStoreBoxes(
  db: Kysely<DB>,
  shopId: number,
): Promise<Array<{ id: number; intranet_ip: string | null; extranet_ip: string | null }>> {
  return db
    .selectFrom('devices')
    .select(['id', 'intranet_ip', 'extranet_ip'])
    .where('shop_id', '=', shopId)
    .where('product_id', '=', ProductType.AI_BOX)
    .where('state', '<>', DeviceState.DISABLED)
    .orderBy('id', 'desc')
    .execute();
}

/** How many devices name `deviceId` as their box. */
export async function countSubDevices(db: Kysely<DB>, deviceId: number): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many devices are registered at store `shopId`. */
export async function countStoreDevices(db: Kysely<DB>, shopId: number): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The keys of every keyed box, opened (the in-process demo fleet connects with these). */
export async function listBoxKeys(
  db: Kysely<DB>,
  secrets: SecretKeyRing,
  companyId?: number,
): Promise<Array<{ deviceId: number; shopId: number; companyId: number; securityKey: string }>> {
  let query = db
    .selectFrom('devices')
    .select(['id', 'shop_id', 'company_id', 'security_key'])
    .where('product_id', '=', ProductType.AI_BOX)
    .where('security_key', 'is not', null)
    .orderBy('id');
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  const rows = await query.execute();
  return rows.flatMap((r) =>
    r.security_key
      ? [
          {
            deviceId: r.id,
            shopId: r.shop_id,
            companyId: r.company_id,
            securityKey: openStoredSecret(secrets, 'devices.security_key', r.security_key),
          },
        ]
      : [],
  );
}

/** The company's devices that use any of `hostids` (the duplicate checks of add, update and import). */
export async function findHostidHolders(
  db: Kysely<DB>,
  companyId: number,
  hostids: readonly string[],
): Promise<Array<{ id: number; hostid: string; device_name: string }>> {
  const distinct = [...new Set(hostids)];
  if (distinct.length === 0) return [];
  return db
    .selectFrom('devices')
    .select(['id', 'hostid', 'device_name'])
    .where('company_id', '=', companyId)
    .where('hostid', 'in', distinct)
    .orderBy('id')
    .execute();
}

/** Every device of store `shopId` with its addresses (the store's duplicate checks). */
export async function listStoreAddresses(
  db: Kysely<DB>,
  shopId: number,
): Promise<
  Array<{ id: number; device_name: string; mac_address: string | null; intranet_ip: string | null }>
> {
  return db
    .selectFrom('devices')
    .select(['id', 'device_name', 'mac_address', 'intranet_ip'])
    .where('shop_id', '=', shopId)
    .orderBy('id')
    .execute();
}

/** Names, categories and stores of devices by id (the anomaly and forecast list items). */
export async function listDeviceLabels(db: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('devices')
    .select(['id', 'device_name', 'device_category', 'device_class', 'shop_id'])
    .where('id', 'in', [...ids])
    .execute();
}

/** A box a network test reaches. */
export interface BoxTarget {
  id: number;
  shop_id: number;
}

/** The boxes (not disabled) inside `scope` named, or in the stores or levels named, for a network test; by store then id. */
export async function boxesForRun(
  db: Kysely<DB>,
  scope: Scope,
  pick: { boxIds: number[]; shopIds: number[]; levelIds: number[] },
): Promise<BoxTarget[]> {
  if (pick.boxIds.length + pick.shopIds.length + pick.levelIds.length === 0) return [];
  return db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select(['devices.id', 'devices.shop_id'])
    .where('devices.product_id', '=', ProductType.AI_BOX)
    .where('devices.state', '<>', DeviceState.DISABLED)
    .where((eb) => storeInScope(eb, scope))
    .where((eb) => {
      const any = [];
      if (pick.boxIds.length > 0) any.push(eb('devices.id', 'in', pick.boxIds));
      if (pick.shopIds.length > 0) any.push(eb('devices.shop_id', 'in', pick.shopIds));
      if (pick.levelIds.length > 0) {
        any.push(eb('stores.area_level', 'in', pick.levelIds));
        any.push(eb('stores.province_level', 'in', pick.levelIds));
        any.push(eb('stores.city_level', 'in', pick.levelIds));
      }
      return eb.or(any);
    })
    .orderBy('devices.shop_id')
    .orderBy('devices.id')
    .limit(5000)
    .execute();
}
