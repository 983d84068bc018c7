/**
 * Reading whole device rows for replies: the device joined to its store and to the dictionary names
 * of its category, class and property type.
 */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';

/** Every column a device reply is built from. */
export function deviceRowQuery(db: Kysely<DB>) {
  return db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .leftJoin('dictionary_items as cat', (j) =>
      j.onRef('cat.code', '=', 'devices.device_category').on('cat.type', '=', 'CATEGORY_TYPE'),
    )
    .leftJoin('dictionary_items as cls', (j) =>
      j.onRef('cls.code', '=', 'devices.device_class').on('cls.type', '=', 'SUBCLASS_TYPE'),
    )
    .leftJoin('dictionary_items as prop', (j) =>
      j.onRef('prop.code', '=', 'devices.property_type').on('prop.type', '=', 'PROPERTY_TYPE'),
    )
    .selectAll('devices')
    .select([
      'stores.store_name',
      'stores.status as store_status',
      'stores.area_level',
      'stores.province_level',
      'stores.city_level',
      'cat.name as category_name',
      'cat.name_en as category_name_en',
      'cls.name as class_name',
      'cls.name_en as class_name_en',
      'prop.name as property_type_name',
    ]);
}

export type DeviceRow = Awaited<ReturnType<ReturnType<typeof deviceRowQuery>['executeTakeFirstOrThrow']>>;

/** The rows of `ids`, in the order of `ids` (rows that vanished meanwhile are left out). */
export async function loadDeviceRows(db: Kysely<DB>, ids: readonly number[]): Promise<DeviceRow[]> {
  if (ids.length === 0) return [];
  const rows = await deviceRowQuery(db).where('devices.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The reply row of one device inside `scope`, or undefined (unknown and out-of-scope look the same). */
export async function findDeviceRowInScope(
  db: Kysely<DB>,
  scope: Scope,
  deviceId: number,
): Promise<DeviceRow | undefined> {
  return deviceRowQuery(db)
    .where('devices.id', '=', deviceId)
    .where((eb) => storeInScope(eb, scope))
    .executeTakeFirst();
}

/** A store's devices of one product type, inside `scope`, oldest first. */
export async function listStoreDeviceRows(
  db: Kysely<DB>,
  scope: Scope,
  shopId: number,
  productId: number,
): Promise<DeviceRow[]> {
  return deviceRowQuery(db)
    .where('devices.shop_id', '=', shopId)
    .where('devices.product_id', '=', productId)
    .where((eb) => storeInScope(eb, scope))
    .orderBy('devices.id')
    .execute();
}
