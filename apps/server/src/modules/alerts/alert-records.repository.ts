/**
 * SQL of the alert overview: the company's alert records (joined to their store for the scope and to
 * the device and category dictionary for the names), their counts, and the operator's actions on them
 * (acknowledge, close). Records are opened and recovered by `engine/alerting` inside ingest; this
 * repository reads them and writes only the operator's columns (and, for a close, ends the record).
 */
import { type AlertRecordFilter, AlertRecordStatus } from '@storefleet/contracts';
import type { ExpressionBuilder, Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { type StoreColumns, storeInScope } from '../../db/scope';
import type { Trx } from '../../db/trx';

/** The filter with its time range already turned into epoch ms (both ends included). */
export type AlertRecordCriteria = Partial<Omit<AlertRecordFilter, 'startTime' | 'endTime'>> & {
  from: number | null;
  to: number | null;
};

/** The record's own company and store, the store's levels for a narrowed scope. */
const RECORD_STORE_COLUMNS: StoreColumns = {
  companyId: 'alert_records.company_id',
  storeId: 'alert_records.shop_id',
  area: 'stores.area_level',
  province: 'stores.province_level',
  city: 'stores.city_level',
};

function conditions(
  eb: ExpressionBuilder<DB, 'alert_records' | 'stores' | 'devices'>,
  scope: Scope,
  f: AlertRecordCriteria,
) {
  const parts = [storeInScope(eb, scope, RECORD_STORE_COLUMNS)];
  if (f.severity !== undefined) parts.push(eb('alert_records.severity', '=', f.severity));
  if (f.status !== undefined) parts.push(eb('alert_records.status', '=', f.status));
  if (f.shopId !== undefined) parts.push(eb('alert_records.shop_id', '=', f.shopId));
  if (f.shopIdStr?.length) parts.push(eb('alert_records.shop_id', 'in', f.shopIdStr));
  if (f.deviceId !== undefined) parts.push(eb('alert_records.device_id', '=', f.deviceId));
  if (f.areaLevelListStr?.length) parts.push(eb('stores.area_level', 'in', f.areaLevelListStr));
  if (f.provinceLevelListStr?.length) parts.push(eb('stores.province_level', 'in', f.provinceLevelListStr));
  if (f.cityLevelListStr?.length) parts.push(eb('stores.city_level', 'in', f.cityLevelListStr));
  if (f.deviceCategory) parts.push(eb('devices.device_category', '=', f.deviceCategory));
  if (f.deviceClass) parts.push(eb('devices.device_class', '=', f.deviceClass));
  if (f.from !== null) parts.push(eb('alert_records.alert_time', '>=', f.from));
  if (f.to !== null) parts.push(eb('alert_records.alert_time', '<=', f.to));
  return eb.and(parts);
}

/** Records joined to store and device (left: a deleted device keeps its history), filtered. */
function filteredRecords(db: Trx, scope: Scope, filter: AlertRecordCriteria) {
  return db
    .selectFrom('alert_records')
    .innerJoin('stores', 'stores.id', 'alert_records.shop_id')
    .leftJoin('devices', 'devices.id', 'alert_records.device_id')
    .where((eb) => conditions(eb, scope, filter));
}

const RECORD_COLUMNS = [
  'alert_records.id',
  'alert_records.uuid',
  'alert_records.company_id',
  'alert_records.rule_id',
  'alert_records.device_id',
  'alert_records.shop_id',
  'alert_records.name',
  'alert_records.severity',
  'alert_records.trigger_value',
  'alert_records.value',
  'alert_records.alert_time',
  'alert_records.recovery_time',
  'alert_records.status',
  'alert_records.acknowledged_by',
  'alert_records.acknowledged_at',
  'alert_records.ack_note',
  'alert_records.closed_by',
  'alert_records.closed_at',
  'alert_records.suppressed_by',
  'stores.store_name',
  'devices.device_name',
  'devices.asset_no',
  'devices.model',
  'devices.device_category',
  'devices.device_class',
  'cat.name as category_name',
  'cat.name_en as category_name_en',
  'cls.name as class_name',
  'cls.name_en as class_name_en',
] as const;

function withNames(db: Trx, scope: Scope, filter: AlertRecordCriteria) {
  return filteredRecords(db, scope, filter)
    .leftJoin('dictionary_items as cat', (j) =>
      j.onRef('cat.code', '=', 'devices.device_category').on('cat.type', '=', 'CATEGORY_TYPE'),
    )
    .leftJoin('dictionary_items as cls', (j) =>
      j.onRef('cls.code', '=', 'devices.device_class').on('cls.type', '=', 'SUBCLASS_TYPE'),
    )
    .select(RECORD_COLUMNS);
}

export type AlertRecordRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

/** One page of the filtered records in scope: open first, each part newest first; and the total. */
export async function listAlertRecordRows(
  db: Kysely<DB>,
  scope: Scope,
  filter: AlertRecordCriteria,
  window: { limit: number; offset: number },
): Promise<{ rows: AlertRecordRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    withNames(db, scope, filter)
      .orderBy('alert_records.status', 'asc')
      .orderBy('alert_records.alert_time', 'desc')
      .orderBy('alert_records.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    filteredRecords(db, scope, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Counts of the filtered records in scope per (status, severity). */
export async function countAlertRecordRows(
  db: Kysely<DB>,
  scope: Scope,
  filter: AlertRecordCriteria,
): Promise<Array<{ status: number; severity: number; num: number }>> {
  const rows = await filteredRecords(db, scope, filter)
    .select((eb) => ['alert_records.status', 'alert_records.severity', eb.fn.countAll<number>().as('num')])
    .groupBy(['alert_records.status', 'alert_records.severity'])
    .execute();
  return rows.map((r) => ({ status: Number(r.status), severity: Number(r.severity), num: Number(r.num) }));
}

/** How many records in scope are open (the header badge). */
export async function countOpenAlertRecords(db: Kysely<DB>, scope: Scope): Promise<number> {
  const row = await filteredRecords(db, scope, { status: AlertRecordStatus.UNRESOLVED, from: null, to: null })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The record `id` in scope, with its names; undefined when missing or outside the scope. */
export async function findAlertRecordRow(
  db: Trx,
  scope: Scope,
  id: number,
): Promise<AlertRecordRow | undefined> {
  return withNames(db, scope, { from: null, to: null }).where('alert_records.id', '=', id).executeTakeFirst();
}

/** Records who acknowledged record `id`, when, and their note (a later acknowledgement replaces it). */
export async function acknowledgeAlertRecordRow(
  db: Trx,
  id: number,
  ack: { by: string; at: number; note: string | null },
): Promise<void> {
  await db
    .updateTable('alert_records')
    .set({ acknowledged_by: ack.by, acknowledged_at: ack.at, ack_note: ack.note })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends the open record `id` by hand: status 1, recovery_time and closed_at = `at`, closed_by. Returns
 * false when it was not open any more (recovered or closed meanwhile).
 */
export async function closeAlertRecordRow(
  db: Trx,
  id: number,
  close: { by: string; at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('alert_records')
    .set({
      status: AlertRecordStatus.RECOVERED,
      recovery_time: close.at,
      closed_by: close.by,
      closed_at: close.at,
    })
    .where('id', '=', id)
    .where('status', '=', AlertRecordStatus.UNRESOLVED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------------------------------------------
// Dashboard figures (issue 13, modules/dashboard): open records per place and level, in one query.
// ---------------------------------------------------------------------------------------------------

/** The store column a dashboard groups records by: region, province, city or the store itself. */
export type AlertPlaceColumn =
  | 'stores.area_level'
  | 'stores.province_level'
  | 'stores.city_level'
  | 'stores.id';

/**
 * Open records of the filter in scope per place (`by`; null: everything) and level — the same records
 * `countAlertRecordRows` counts as unresolved.
 */
export async function countOpenAlertsByPlace(
  db: Kysely<DB>,
  scope: Scope,
  filter: AlertRecordCriteria,
  by: AlertPlaceColumn | null,
): Promise<Array<{ placeId: number | null; severity: number; num: number }>> {
  const open = filteredRecords(db, scope, { ...filter, status: AlertRecordStatus.UNRESOLVED });
  const rows =
    by === null
      ? (
          await open
            .select((eb) => ['alert_records.severity', eb.fn.countAll<number>().as('num')])
            .groupBy('alert_records.severity')
            .execute()
        ).map((r) => ({ ...r, placeId: null }))
      : await open
          .select((eb) => [
            eb.ref(by).as('placeId'),
            'alert_records.severity',
            eb.fn.countAll<number>().as('num'),
          ])
          .groupBy([by, 'alert_records.severity'])
          .execute();
  return rows.map((r) => ({
    placeId: r.placeId === null ? null : Number(r.placeId),
    severity: Number(r.severity),
    num: Number(r.num),
  }));
}
