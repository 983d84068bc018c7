/**
 * SQL of the evaluator: the enabled rules of companies (for the rules cache), the open records of a
 * batch's devices, and opening and recovering records. Every function takes the caller's transaction
 * so a batch's records commit or roll back with its values.
 */
import { AlertRecordStatus, AlertRuleStatus } from '@storefleet/contracts';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';

import type { DB } from '../../db/database';
import type { AlertRecordsTable, AlertRulesTable } from '../../db/tables/alerts';
import type { OpenAlert } from './alert-evaluation';

type Trx = Kysely<DB> | Transaction<DB>;

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
