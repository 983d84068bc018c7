/**
 * SQL of retention (history-retention.ts): the owning repository of `history_retention_marks` and of the
 * deletes that expire raw history (`device_metrics`), syslog (`device_syslogs`) and hourly roll-ups
 * (`device_metric_hourly`). On PostgreSQL whole days also go by dropping their partitions
 * (history-partitions.repository.ts).
 */
import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/database';
import {
  type DayPartition,
  defaultPartitionName,
  HISTORY_TABLES,
  type HistoryTable,
} from './history-partitions';

/** Every company id (retention runs per company, with its own periods). */
export async function listCompanyIds(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom('companies').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

export interface RetentionCutoffs {
  metrics: number;
  hourly: number;
  syslogs: number;
}

const devicesOf = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('devices').select('devices.id').where('devices.company_id', '=', companyId);

/** Deletes one company's hourly roll-ups older than `cutoff` (epoch ms); returns how many. */
export async function deleteExpiredRollups(
  db: Kysely<DB>,
  companyId: number,
  cutoff: number,
): Promise<number> {
  const result = await db
    .deleteFrom('device_metric_hourly')
    .where('hour', '<', cutoff)
    .where('device_id', 'in', devicesOf(db, companyId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes one company's raw samples, roll-ups and syslog older than their cutoffs (epoch ms), row by
 * row: retention on SQLite (one table per kind, no partitions).
 */
export async function deleteExpiredHistory(
  db: Kysely<DB>,
  companyId: number,
  cutoffs: RetentionCutoffs,
): Promise<{ metrics: number; syslogs: number; hourly: number }> {
  const metrics = await db
    .deleteFrom('device_metrics')
    .where('clock', '<', cutoffs.metrics)
    .where('device_id', 'in', devicesOf(db, companyId))
    .executeTakeFirst();
  const syslogs = await db
    .deleteFrom('device_syslogs')
    .where('log_datetime', '<', cutoffs.syslogs)
    .where('device_id', 'in', devicesOf(db, companyId))
    .executeTakeFirst();
  return {
    metrics: Number(metrics.numDeletedRows),
    syslogs: Number(syslogs.numDeletedRows),
    hourly: await deleteExpiredRollups(db, companyId, cutoffs.hourly),
  };
}

/** Deletes one company's rows of one day partition (PostgreSQL prunes the statement to it). */
export async function deleteCompanyDay(
  db: Kysely<DB>,
  table: HistoryTable,
  companyId: number,
  day: DayPartition,
): Promise<number> {
  const key = sql.ref(HISTORY_TABLES[table]);
  const result = await sql`delete from ${sql.table(table)}
    where ${key} >= ${day.from} and ${key} < ${day.to}
      and device_id in (select id from devices where company_id = ${companyId})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Deletes from the DEFAULT partition (rows no day partition covered: older than the first one, or
 * far ahead) what is older than `cutoff`: one company's rows, or with `companyId` null every row.
 */
export async function deleteExpiredOutsideDays(
  db: Kysely<DB>,
  table: HistoryTable,
  companyId: number | null,
  cutoff: number,
): Promise<number> {
  const key = sql.ref(HISTORY_TABLES[table]);
  const ofCompany =
    companyId === null
      ? sql``
      : sql`and device_id in (select id from devices where company_id = ${companyId})`;
  const result = await sql`delete from ${sql.table(defaultPartitionName(table))}
    where ${key} < ${cutoff} ${ofCompany}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Per company and table: before which day its own deletes are done (`${companyId}/${table}` → ms). */
export async function listRetentionMarks(db: Kysely<DB>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('history_retention_marks').selectAll().execute();
  return new Map(rows.map((row) => [`${row.company_id}/${row.table_name}`, Number(row.done_before)]));
}

/** Records that `companyId`'s rows of `table` before `doneBefore` are deleted (never moves back). */
export async function saveRetentionMark(
  db: Kysely<DB>,
  companyId: number,
  table: HistoryTable,
  doneBefore: number,
): Promise<void> {
  await db
    .insertInto('history_retention_marks')
    .values({ company_id: companyId, table_name: table, done_before: doneBefore })
    .onConflict((oc) =>
      oc.columns(['company_id', 'table_name']).doUpdateSet({
        done_before: sql<number>`greatest(${sql.ref('history_retention_marks.done_before')}, ${doneBefore})`,
      }),
    )
    .execute();
}
