/**
 * SQL the box hub needs: who a security key belongs to, what a box must probe, the reporter's seq
 * epoch and marks, and the box's clock skew as a running item.
 */
import {
  DeviceState,
  LEGACY_SEQ_EPOCH,
  MonitoredFlag,
  NetworkFlag,
  ProductType,
} from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB, DialectName } from '../../db/database';
import { boxKeyHashes, openStoredSecret } from '../../secrets/secret-box';
import type { SecretKeyRing } from '../../secrets/secret-keys';
import type { MetricItemKey } from '../ingest/metric-items';

/** The device a security key belongs to. */
export interface KeyOwner {
  id: number;
  company_id: number;
  shop_id: number;
  product_id: number;
  state: number;
}

/**
 * The device holding `key`, if any: found by the key's keyed hash under each key of the ring (hashes
 * are unique where set), so a key stored before a secrets key rotation still links until resealed.
 */
export async function findKeyOwner(
  db: Kysely<DB>,
  secrets: SecretKeyRing,
  key: string,
): Promise<KeyOwner | undefined> {
  return db
    .selectFrom('devices')
    .select(['id', 'company_id', 'shop_id', 'product_id', 'state'])
    .where('security_key_hash', 'in', boxKeyHashes(secrets, key))
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
 * another box of the store — it reports about itself). Communities are opened: sealed at rest, the box
 * gets them in clear over its authenticated link.
 */
export async function listProbedDevices(
  db: Kysely<DB>,
  secrets: SecretKeyRing,
  shopId: number,
): Promise<ProbedDeviceRow[]> {
  const rows = await db
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
    .where('monitored', '=', MonitoredFlag.MONITORED)
    .where('state', '<>', DeviceState.DISABLED)
    .where('is_network_device', '=', NetworkFlag.NETWORKED)
    .where('product_id', '<>', ProductType.AI_BOX)
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    row.community === null
      ? row
      : { ...row, community: openStoredSecret(secrets, 'devices.community', row.community) },
  );
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

/**
 * Makes `epoch` the reporter's seq epoch. When the reporter had another one (its agent's counters
 * started afresh: re-imaged box, wiped data directory), its marks go back to 0 in the same transaction,
 * so the new counters' values, which start again at 1, are stored rather than taken for duplicates.
 * No epoch stored yet counts as the legacy epoch (an agent upgraded in place keeps its marks). Returns
 * whether there were marks to forget.
 */
export async function adoptSeqEpoch(
  db: Kysely<DB>,
  dialect: DialectName,
  reporterId: number,
  epoch: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('devices')
      .select('agent_epoch')
      .where('id', '=', reporterId)
      .$if(dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) return false;
    const known = row.agent_epoch ?? LEGACY_SEQ_EPOCH;
    if (row.agent_epoch === epoch) return false;
    await trx.updateTable('devices').set({ agent_epoch: epoch }).where('id', '=', reporterId).execute();
    if (known === epoch) return false;
    const forgotten = await trx
      .updateTable('device_seq')
      .set({ seq: 0 })
      .where('reporter_id', '=', reporterId)
      .where('seq', '>', 0)
      .executeTakeFirst();
    return Number(forgotten.numUpdatedRows) > 0;
  });
}

/**
 * Stores a box's measured clock skew (box minus server, seconds) as its running item `agent.clockSkew`
 * (last value only: a history row per hello would be noise, and server-made rows have no seq).
 */
export async function saveClockSkew(
  db: Kysely<DB>,
  deviceId: number,
  skewSeconds: number,
  at: number,
): Promise<void> {
  const item: MetricItemKey = 'agent.clockSkew';
  await db
    .insertInto('device_latest')
    .values({ device_id: deviceId, item, clock: at, value_num: skewSeconds, value_text: null })
    .onConflict((oc) =>
      oc.columns(['device_id', 'item']).doUpdateSet({ clock: at, value_num: skewSeconds, value_text: null }),
    )
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
