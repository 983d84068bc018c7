/** SQL the box hub needs: who a security key belongs to, and what a box must probe. */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';

/** The device a security key belongs to. */
export interface KeyOwner {
  id: number;
  company_id: number;
  shop_id: number;
  product_id: number;
  state: number;
}

/** The device holding `key` (keys are unique where set), if any. */
export async function findKeyOwner(db: Kysely<DB>, key: string): Promise<KeyOwner | undefined> {
  return db
    .selectFrom('devices')
    .select(['id', 'company_id', 'shop_id', 'product_id', 'state'])
    .where('security_key', '=', key)
    .executeTakeFirst();
}

/** A device row as the box needs it to probe. */
export interface ProbedDeviceRow {
  id: number;
  device_name: string;
  connect_type: number;
  intranet_ip: string | null;
  port: number;
  community: string | null;
  product_id: number;
  device_system: number | null;
}

/**
 * The devices a store's box probes: monitored, not disabled, networked, and not the box itself (nor
 * another box of the store — it reports about itself).
 */
export async function listProbedDevices(db: Kysely<DB>, shopId: number): Promise<ProbedDeviceRow[]> {
  return db
    .selectFrom('devices')
    .select([
      'id',
      'device_name',
      'connect_type',
      'intranet_ip',
      'port',
      'community',
      'product_id',
      'device_system',
    ])
    .where('shop_id', '=', shopId)
    .where('monitored', '=', 1)
    .where('state', '<>', 2)
    .where('is_network_device', '=', 0)
    .where('product_id', '<>', 1)
    .orderBy('id')
    .execute();
}

/** The reporter's committed marks (the `welcome` hint that lets a box drop what is already stored). */
export async function listCommittedMarks(
  db: Kysely<DB>,
  reporterId: number,
): Promise<Array<{ device_id: number; seq: number }>> {
  return db
    .selectFrom('device_seq')
    .select(['device_id', 'seq'])
    .where('reporter_id', '=', reporterId)
    .where('seq', '>', 0)
    .limit(10_000)
    .execute();
}

/** The distinct stores of some devices. */
export async function listShopsOfDevices(db: Kysely<DB>, deviceIds: readonly number[]): Promise<number[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('devices')
    .select('shop_id')
    .distinct()
    .where('id', 'in', [...deviceIds])
    .execute();
  return rows.map((row) => row.shop_id);
}
