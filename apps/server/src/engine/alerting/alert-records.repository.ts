/**
 * SQL of the evaluator: the enabled rules of companies (for the rules cache), the open records of a
 * batch's devices, and opening and recovering records. Every function takes the caller's transaction
 * so a batch's records commit or roll back with its values.
 */
import { AlertRecordStatus, AlertRuleStatus } from '@storefleet/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { AlertHoldsTable, AlertRecordsTable, AlertRulesTable } from '../../db/tables/alerts';
import type { Trx } from '../../db/trx';
import { ALERT_DEVICE_COLUMNS, type AlertDevice, type OpenAlert, type PendingHold } from './alert-evaluation';

/** The enabled rules of `companyIds`. */
export async function listEnabledRules(
  db: Trx,
  companyIds: readonly number[],
): Promise<Array<Selectable<AlertRulesTable>>> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('company_id', 'in', [...companyIds])
    .where('status', '=', AlertRuleStatus.ENABLED)
    .orderBy('id')
    .execute();
}

/** The open records (status 0) of `deviceIds`. */
export async function listOpenAlerts(db: Trx, deviceIds: readonly number[]): Promise<OpenAlert[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('alert_records')
    .select(['id', 'rule_id', 'device_id', 'item', 'alert_time'])
    .where('status', '=', AlertRecordStatus.UNRESOLVED)
    .where('device_id', 'in', [...deviceIds])
    .execute();
  return rows.map((row) => ({ ...row, alert_time: Number(row.alert_time) }));
}

/**
 * Opens records; returns the ids of those inserted. A (rule, device) that has an open record already
 * is skipped by the partial unique index (`on conflict do nothing`, so no id), so a race can never
 * leave two open.
 */
export async function insertAlerts(
  db: Trx,
  rows: ReadonlyArray<Insertable<AlertRecordsTable>>,
): Promise<Array<{ id: number; rule_id: number; device_id: number }>> {
  if (rows.length === 0) return [];
  return db
    .insertInto('alert_records')
    .values([...rows])
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'rule_id', 'device_id'])
    .execute();
}

/** Recovers open records: status 1, recovery_time = `at` of each; returns those still open until now. */
export async function recoverAlerts<T extends { id: number; at: number }>(
  db: Trx,
  recoveries: readonly T[],
): Promise<T[]> {
  const recovered: T[] = [];
  for (const recovery of recoveries) {
    const result = await db
      .updateTable('alert_records')
      .set({ status: AlertRecordStatus.RECOVERED, recovery_time: recovery.at })
      .where('id', '=', recovery.id)
      .where('status', '=', AlertRecordStatus.UNRESOLVED)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) recovered.push(recovery);
  }
  return recovered;
}

/**
 * Recomputes `devices.open_alerts` (alerting owns that column; the lists' problems-first order reads it
 * through `problem_rank`) for `deviceIds` from their open records, in the caller's transaction.
 */
export async function refreshOpenAlertCounts(db: Trx, deviceIds: readonly number[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await db
    .updateTable('devices')
    .set({
      open_alerts: (eb) =>
        eb
          .selectFrom('alert_records')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('alert_records.device_id', '=', 'devices.id')
          .where('alert_records.status', '=', AlertRecordStatus.UNRESOLVED),
    })
    .where('devices.id', 'in', [...new Set(deviceIds)])
    .execute();
}

/** The pending holds of `deviceIds`. */
export async function listHolds(db: Trx, deviceIds: readonly number[]): Promise<PendingHold[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('alert_holds')
    .select(['id', 'rule_id', 'device_id', 'item', 'value', 'since', 'due'])
    .where('device_id', 'in', [...deviceIds])
    .execute();
  return rows.map(holdOf);
}

/** Up to `limit` holds due at `now` (their hold passed with no value ending them), oldest first. */
export async function listDueHolds(db: Trx, now: number, limit: number): Promise<PendingHold[]> {
  const rows = await db
    .selectFrom('alert_holds')
    .select(['id', 'rule_id', 'device_id', 'item', 'value', 'since', 'due'])
    .where('due', '<=', now)
    .orderBy('due')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(holdOf);
}

function holdOf(row: PendingHold): PendingHold {
  return { ...row, value: Number(row.value), since: Number(row.since), due: Number(row.due) };
}

/** Starts holds; a (rule, device) already holding keeps its own (`on conflict do nothing`). */
export async function insertHolds(db: Trx, rows: ReadonlyArray<Insertable<AlertHoldsTable>>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('alert_holds')
    .values([...rows])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Ends holds by id. */
export async function deleteHolds(db: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('alert_holds')
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Ends every hold of rule `ruleId` (the rule was changed, disabled or deleted). */
export async function deleteRuleHolds(db: Trx, ruleId: number): Promise<void> {
  await db.deleteFrom('alert_holds').where('rule_id', '=', ruleId).execute();
}

/** The level_configs ids (region, province, city) of each of `shopIds`, for rules scoped to regions. */
export async function listStoreLevels(db: Trx, shopIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (shopIds.length === 0) return out;
  const rows = await db
    .selectFrom('stores')
    .select(['id', 'area_level', 'province_level', 'city_level'])
    .where('id', 'in', [...new Set(shopIds)])
    .execute();
  for (const row of rows)
    out.set(
      row.id,
      [row.area_level, row.province_level, row.city_level].filter((v): v is number => v !== null),
    );
  return out;
}

/** The open offline record (item `online`, value 0) of each of `deviceIds` — the lowest id when several rules fired. */
export async function listOpenOfflineRecords(
  db: Trx,
  deviceIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .selectFrom('alert_records')
    .select(['device_id', (eb) => eb.fn.min<number>('id').as('id')])
    .where('status', '=', AlertRecordStatus.UNRESOLVED)
    .where('item', '=', 'online')
    .where('value', '=', 0)
    .where('device_id', 'in', [...new Set(deviceIds)])
    .groupBy('device_id')
    .execute();
  for (const row of rows) out.set(row.device_id, Number(row.id));
  return out;
}

/** Holds each record (key) under its box record (value), in one statement; only records still open. */
export async function suppressRecords(db: Trx, heldBy: ReadonlyMap<number, number>): Promise<void> {
  if (heldBy.size === 0) return;
  const cases = sql.join(
    [...heldBy].map(([id, boxRecordId]) => sql`when ${id} then ${boxRecordId}`),
    sql` `,
  );
  await db
    .updateTable('alert_records')
    .set({ suppressed_by: sql<number>`cast(case id ${cases} end as integer)` })
    .where('id', 'in', [...heldBy.keys()])
    .where('status', '=', AlertRecordStatus.UNRESOLVED)
    .execute();
}

/**
 * The open offline records (item `online`, value 0) standing on their own of the devices probed
 * through `boxIds`, with the device's box and store: the records a box's outage may take.
 */
export async function listOfflineRecordsBehind(
  db: Trx,
  boxIds: readonly number[],
): Promise<Array<{ id: number; box_id: number; shop_id: number; alert_time: number }>> {
  if (boxIds.length === 0) return [];
  const rows = await db
    .selectFrom('alert_records')
    .innerJoin('devices', 'devices.id', 'alert_records.device_id')
    .select(['alert_records.id', 'devices.parent_device_id', 'devices.shop_id', 'alert_records.alert_time'])
    .where('alert_records.status', '=', AlertRecordStatus.UNRESOLVED)
    .where('alert_records.item', '=', 'online')
    .where('alert_records.value', '=', 0)
    .where('alert_records.suppressed_by', 'is', null)
    .where('devices.parent_device_id', 'in', [...new Set(boxIds)])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    box_id: Number(row.parent_device_id),
    shop_id: row.shop_id,
    alert_time: Number(row.alert_time),
  }));
}

/** The boxes' store and last sign of life. */
export async function listBoxes(
  db: Trx,
  boxIds: readonly number[],
): Promise<Array<{ id: number; shop_id: number; last_seen_at: number | null }>> {
  if (boxIds.length === 0) return [];
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'shop_id', 'last_seen_at'])
    .where('id', 'in', [...new Set(boxIds)])
    .execute();
  return rows.map((row) => ({
    ...row,
    last_seen_at: row.last_seen_at === null ? null : Number(row.last_seen_at),
  }));
}

/** Open records held under a box record that has recovered: the candidates for release. */
export async function listHeldAfterBoxReturned(
  db: Trx,
): Promise<Array<{ id: number; company_id: number; device_id: number; box_back_at: number }>> {
  const rows = await db
    .selectFrom('alert_records as d')
    .innerJoin('alert_records as b', 'b.id', 'd.suppressed_by')
    .select(['d.id', 'd.company_id', 'd.device_id', 'b.recovery_time'])
    .where('d.status', '=', AlertRecordStatus.UNRESOLVED)
    .where('d.suppressed_by', 'is not', null)
    .where('b.status', '=', AlertRecordStatus.RECOVERED)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    company_id: row.company_id,
    device_id: row.device_id,
    box_back_at: Number(row.recovery_time ?? 0),
  }));
}

/** Lets records stand on their own again (`suppressed_by = null`): the notifier picks them up. */
export async function releaseRecords(db: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('alert_records')
    .set({ suppressed_by: null })
    .where('id', 'in', [...ids])
    .where('status', '=', AlertRecordStatus.UNRESOLVED)
    .execute();
}

/** The devices `ids` as the evaluator sees them, with their online status (the due-holds pass). */
export async function listAlertDevices(
  db: Trx,
  ids: readonly number[],
): Promise<Array<AlertDevice & { online_status: number }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('devices')
    .select([...ALERT_DEVICE_COLUMNS, 'online_status'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
