/**
 * The binding of inventory records to devices (docs/decisions/inventory.md "Binding"), for
 * inventory-binding.service.ts: a device's record, binding and unbinding (two racing binds end with one
 * binding), and the store's devices that match a record's MAC. Part of the owning repository of
 * `inventory_records` (inventory.repository.ts).
 */
import { type Kysely, type SqlBool, sql } from 'kysely';

import type { DB } from '../../db/database';
import { updateStamps } from '../../db/stamps';

/** The record bound to device `deviceId`, if any. */
export async function findRecordOfDevice(db: Kysely<DB>, deviceId: number) {
  return db
    .selectFrom('inventory_records')
    .select(['id', 'asset_no', 'device_name'])
    .where('bound_device_id', '=', deviceId)
    .executeTakeFirst();
}

/**
 * Binds record `id` to device `deviceId` unless either is bound already: the conditions and the
 * unique index on bound_device_id make two racing binds end with one binding. False when it lost.
 */
export async function bindRecord(
  db: Kysely<DB>,
  id: number,
  deviceId: number,
  by: string,
  now: number,
): Promise<boolean> {
  try {
    const result = await db
      .updateTable('inventory_records')
      .set({ bound_device_id: deviceId, bound_at: now, bound_by: by, ...updateStamps(by, now) })
      .where('id', '=', id)
      .where('bound_device_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Clears record `id`'s binding; the device it was bound to, or null when it was not bound. */
export async function unbindRecord(
  db: Kysely<DB>,
  id: number,
  by: string,
  now: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('inventory_records')
    .select('bound_device_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.bound_device_id === null) return null;
  const result = await db
    .updateTable('inventory_records')
    .set({ bound_device_id: null, bound_at: null, bound_by: null, ...updateStamps(by, now) })
    .where('id', '=', id)
    .where('bound_device_id', '=', row.bound_device_id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row.bound_device_id : null;
}

/**
 * The devices of store `shopId` whose MAC, reduced to 12 hex digits, equals `key` (the device
 * registry keeps MACs as written: `:`, `-` or Cisco dots), monitored first, each with the record it
 * is bound to.
 */
export async function findDevicesByMacKey(db: Kysely<DB>, shopId: number, key: string) {
  const reduced = sql<string>`lower(replace(replace(replace(${sql.ref('devices.mac_address')}, ':', ''), '-', ''), '.', ''))`;
  return db
    .selectFrom('devices')
    .leftJoin('inventory_records', 'inventory_records.bound_device_id', 'devices.id')
    .select([
      'devices.id',
      'devices.device_name',
      'devices.mac_address',
      'devices.intranet_ip',
      'devices.model',
      'devices.device_sn',
      'devices.product_id',
      'devices.shop_id',
      'devices.monitored',
      'devices.online_status',
      'inventory_records.id as bound_inventory_id',
      'inventory_records.asset_no as bound_asset_no',
    ])
    .where('devices.shop_id', '=', shopId)
    .where('devices.mac_address', 'is not', null)
    .where(sql<SqlBool>`${reduced} = ${key}`)
    .orderBy('devices.monitored', 'desc')
    .orderBy('devices.id')
    .execute();
}

/** A unique-index refusal on either engine (better-sqlite3's code, PostgreSQL's SQLSTATE 23505). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
