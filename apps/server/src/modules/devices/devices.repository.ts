/**
 * Writes to the device registry and the lookups its rules need (store, parent box, dictionary codes).
 * Ingest owns the online bookkeeping columns; nothing here writes them.
 */
import type { Insertable, Kysely, Updateable } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import type { DevicesTable } from '../../db/tables/devices';

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

/** A store inside `scope`, with the hierarchy levels a device inherits. */
export async function findStoreInScope(db: Kysely<DB>, scope: Scope, shopId: number) {
  return db
    .selectFrom('stores')
    .select(['id', 'company_id', 'store_name', 'area_level', 'province_level', 'city_level'])
    .where('id', '=', shopId)
    .where((eb) => storeInScope(eb, scope))
    .executeTakeFirst();
}
export type StoreForDevice = NonNullable<Awaited<ReturnType<typeof findStoreInScope>>>;

/** A device's product type, store and key, by id (no scope: callers check the store first). */
export async function findDeviceBasics(db: Kysely<DB>, deviceId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'shop_id', 'company_id', 'product_id', 'parent_device_id', 'security_key'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
}

/** The boxes (product 1) of one store, oldest first. */
export async function listStoreBoxIds(db: Kysely<DB>, shopId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('devices')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('product_id', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
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

/** Dictionary items of one type, as code → parent code (for category/class checks). */
export async function dictionaryCodes(db: Kysely<DB>, type: string): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('dictionary_items')
    .select(['code', 'parent_code'])
    .where('type', '=', type)
    .execute();
  return new Map(rows.map((r) => [r.code, r.parent_code]));
}

/** The keys of every keyed box (the simulator and start-up log connect with these). */
export async function listBoxKeys(
  db: Kysely<DB>,
  companyId?: number,
): Promise<Array<{ deviceId: number; shopId: number; companyId: number; securityKey: string }>> {
  let query = db
    .selectFrom('devices')
    .select(['id', 'shop_id', 'company_id', 'security_key'])
    .where('product_id', '=', 1)
    .where('security_key', 'is not', null)
    .orderBy('id');
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  const rows = await query.execute();
  return rows.flatMap((r) =>
    r.security_key
      ? [{ deviceId: r.id, shopId: r.shop_id, companyId: r.company_id, securityKey: r.security_key }]
      : [],
  );
}
