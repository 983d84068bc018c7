/**
 * The owner of `device_offline_reasons` and `offline_reason_types` (issue 13, docs/decisions/forecast.md).
 * Records are company data: every read joins the record's store and applies the scope predicate.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import type { DeviceOfflineReasonsTable, OfflineReasonTypesTable } from '../../db/tables/offline-reasons';

export type OfflineReasonRow = Selectable<DeviceOfflineReasonsTable>;
export type NewOfflineReason = Insertable<DeviceOfflineReasonsTable>;
export type OfflineReasonTypeRow = Selectable<OfflineReasonTypesTable>;

/** The company's own reason types, oldest first. */
export async function listCompanyReasonTypes(
  db: Kysely<DB>,
  companyId: number,
): Promise<OfflineReasonTypeRow[]> {
  return db
    .selectFrom('offline_reason_types')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}

/** One reason type of the company, or undefined. */
export async function findCompanyReasonType(
  db: Kysely<DB>,
  companyId: number,
  id: number,
): Promise<OfflineReasonTypeRow | undefined> {
  return db
    .selectFrom('offline_reason_types')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Adds a company reason type; returns its id. */
export async function insertReasonType(
  db: Kysely<DB>,
  row: Insertable<OfflineReasonTypesTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('offline_reason_types')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Renames or enables/disables a company reason type. */
export async function updateReasonType(
  db: Kysely<DB>,
  companyId: number,
  id: number,
  changes: { name: string; name_en: string; status: number; updated_at: number; update_by: string },
): Promise<void> {
  await db
    .updateTable('offline_reason_types')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** The records among `ids` whose store is in `scope` (what an update may replace). */
export async function findReasonsInScope(
  db: Kysely<DB>,
  scope: Scope,
  ids: readonly number[],
): Promise<OfflineReasonRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('device_offline_reasons')
    .innerJoin('stores', 'stores.id', 'device_offline_reasons.shop_id')
    .selectAll('device_offline_reasons')
    .where('device_offline_reasons.id', 'in', [...ids])
    .where((eb) => storeInScope(eb, scope))
    .execute();
}

/** Inserts records; returns their ids in order. */
export async function insertOfflineReasons(
  db: Kysely<DB>,
  rows: readonly NewOfflineReason[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    const inserted = await db
      .insertInto('device_offline_reasons')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(inserted.id);
  }
  return ids;
}

/** Replaces a record's content (its company stays). */
export async function updateOfflineReason(
  db: Kysely<DB>,
  id: number,
  changes: Omit<NewOfflineReason, 'company_id' | 'created_at' | 'create_by'>,
): Promise<void> {
  await db.updateTable('device_offline_reasons').set(changes).where('id', '=', id).execute();
}

/** Records by id (no scope: the ids were just written or checked), in any order. */
export async function listReasonsById(db: Kysely<DB>, ids: readonly number[]): Promise<OfflineReasonRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('device_offline_reasons')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** A device's records in scope, newest drop first. */
export async function listDeviceReasons(
  db: Kysely<DB>,
  scope: Scope,
  deviceId: number,
): Promise<OfflineReasonRow[]> {
  return db
    .selectFrom('device_offline_reasons')
    .innerJoin('stores', 'stores.id', 'device_offline_reasons.shop_id')
    .selectAll('device_offline_reasons')
    .where('device_offline_reasons.device_id', '=', deviceId)
    .where((eb) => storeInScope(eb, scope))
    .orderBy('device_offline_reasons.drop_at', 'desc')
    .orderBy('device_offline_reasons.id', 'desc')
    .limit(1000)
    .execute();
}

/** Places a report counts: levels and stores, each list empty when not filtered. */
export interface ReasonPlaces {
  areaLevels: readonly number[];
  provinceLevels: readonly number[];
  cityLevels: readonly number[];
  shopIds: readonly number[];
}

/** Record counts per region (the store's area level) and reason type, drops within [fromMs, toMs). */
export async function countReasonsByRegion(
  db: Kysely<DB>,
  scope: Scope,
  places: ReasonPlaces,
  fromMs: number,
  toMs: number,
): Promise<{ areaLevel: number | null; code: string; num: number }[]> {
  let query = db
    .selectFrom('device_offline_reasons')
    .innerJoin('stores', 'stores.id', 'device_offline_reasons.shop_id')
    .select((eb) => [
      'stores.area_level as areaLevel',
      'device_offline_reasons.reason_type_code as code',
      eb.fn.countAll<number>().as('num'),
    ])
    .where((eb) => storeInScope(eb, scope))
    .where('device_offline_reasons.drop_at', '>=', fromMs)
    .where('device_offline_reasons.drop_at', '<', toMs);
  if (places.areaLevels.length) query = query.where('stores.area_level', 'in', [...places.areaLevels]);
  if (places.provinceLevels.length)
    query = query.where('stores.province_level', 'in', [...places.provinceLevels]);
  if (places.cityLevels.length) query = query.where('stores.city_level', 'in', [...places.cityLevels]);
  if (places.shopIds.length) query = query.where('stores.id', 'in', [...places.shopIds]);
  const rows = await query
    .groupBy(['stores.area_level', 'device_offline_reasons.reason_type_code'])
    .execute();
  return rows.map((r) => ({
    areaLevel: r.areaLevel === null ? null : Number(r.areaLevel),
    code: r.code,
    num: Number(r.num),
  }));
}
