/**
 * Retention, per company from its settings: raw history `historyRetentionDays` (default 90), syslog
 * `syslogRetentionDays`, hourly roll-ups `hourlyRetentionDays` (default a year).
 *
 * SQLite: every company's rows past its cutoffs are deleted row by row.
 *
 * PostgreSQL (docs/decisions/operations.md "Retention at scale"): raw history and syslog are kept in day
 * partitions (history-partitions.ts). Each run first makes sure the days through a week ahead have
 * their partition, then drops every day older than the longest retention of any company whole, then
 * deletes each company's rows of the days between that and its own cutoff — only the days it has not
 * visited yet (history_retention_marks) — and, row by row, what the DEFAULT partition holds past the
 * cutoffs. Days go whole: a day's rows go once all of the day is past the retention period, so they
 * stay up to a day longer than the period. A value that arrives late for a day a company's delete
 * already visited stays until that day is dropped. Hourly roll-ups are deleted row by row on both.
 */
import type { MonitoringSettings } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { Database, DB } from '../../db/database';
import {
  companyDeleteDays,
  DAY,
  dayPartitionName,
  dayStart,
  daysToCreate,
  type HistoryTable,
  partitionsToDrop,
} from './history-partitions';
import { createDayPartition, dropDayPartition, listDayPartitions } from './history-partitions.repository';
import {
  deleteCompanyDay,
  deleteExpiredHistory,
  deleteExpiredOutsideDays,
  deleteExpiredRollups,
  listCompanyIds,
  listRetentionMarks,
  saveRetentionMark,
} from './history-retention.repository';
import type { SettingsReader } from './monitoring-settings';

type RetentionDatabase = Pick<Database, 'db' | 'dialect'>;

export interface RetentionOutcome {
  /** Rows deleted one by one, per table, all companies together. */
  metrics: number;
  syslogs: number;
  hourly: number;
  /** PostgreSQL: day partitions dropped whole (their rows are not counted above). */
  dropped: string[];
  /** PostgreSQL: partitions to create or drop that waited too long for a lock; the next run tries again. */
  deferred: string[];
}

const RETENTION_DAYS: Record<HistoryTable, (s: MonitoringSettings) => number> = {
  device_metrics: (s) => s.historyRetentionDays,
  device_syslogs: (s) => s.syslogRetentionDays,
};

/** PostgreSQL's lock_not_available: a partition step gave up waiting (history-partitions.repository.ts). */
function isLockTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';
}

/** Runs a partition step; a lock timeout defers it to the next run instead of failing the job. */
async function step(name: string, deferred: string[], run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!isLockTimeout(error)) throw error;
    deferred.push(name);
  }
}

/** Creates the missing day partitions of `table` (see daysToCreate); lock timeouts go to `deferred`. */
async function createMissingDays(
  db: Kysely<DB>,
  table: HistoryTable,
  now: number,
  options: { keepFrom: number; since?: number },
  deferred: string[],
): Promise<void> {
  const existing = await listDayPartitions(db, table);
  for (const day of daysToCreate(existing, now, options)) {
    await step(dayPartitionName(table, day), deferred, () => createDayPartition(db, table, day));
  }
}

/**
 * PostgreSQL: makes sure raw history and syslog have a partition for every day from the oldest one
 * (or `since`) through a week after `now` — at start-up and before each retention run. Returns the
 * partitions it could not create now. Nothing to do on SQLite.
 */
export async function prepareHistoryPartitions(
  database: RetentionDatabase,
  now: number,
  since?: number,
): Promise<string[]> {
  const deferred: string[] = [];
  if (database.dialect !== 'postgres') return deferred;
  for (const table of ['device_metrics', 'device_syslogs'] as const) {
    await createMissingDays(database.db, table, now, { keepFrom: -Infinity, since }, deferred);
  }
  return deferred;
}

/** Expires one partitioned table at `now` (see the file comment); returns the rows deleted one by one. */
async function expirePartitioned(
  db: Kysely<DB>,
  table: HistoryTable,
  now: number,
  cutoffs: ReadonlyArray<{ companyId: number; cutoff: number }>,
  outcome: RetentionOutcome,
): Promise<number> {
  const keepFrom = cutoffs.length === 0 ? -Infinity : dayStart(Math.min(...cutoffs.map((c) => c.cutoff)));
  await createMissingDays(db, table, now, { keepFrom }, outcome.deferred);
  if (cutoffs.length === 0) return 0;
  const existing = await listDayPartitions(db, table);
  for (const partition of partitionsToDrop(existing, keepFrom)) {
    await step(partition.name, outcome.deferred, async () => {
      await dropDayPartition(db, partition);
      outcome.dropped.push(partition.name);
    });
  }
  const kept = existing.filter((p) => p.to > keepFrom);
  let deleted = 0;
  const marks = await listRetentionMarks(db);
  for (const { companyId, cutoff } of cutoffs) {
    const doneBefore = marks.get(`${companyId}/${table}`) ?? null;
    for (const day of companyDeleteDays(kept, { keepFrom, doneBefore, cutoff })) {
      deleted += await deleteCompanyDay(db, table, companyId, day);
      await saveRetentionMark(db, companyId, table, day.to);
    }
    await saveRetentionMark(db, companyId, table, dayStart(cutoff));
    deleted += await deleteExpiredOutsideDays(db, table, companyId, cutoff);
  }
  // Rows of devices no company has any more, outside the day partitions.
  deleted += await deleteExpiredOutsideDays(db, table, null, keepFrom);
  return deleted;
}

/** Deletes (and on PostgreSQL drops) what is past retention at `now`, for every company. */
export async function applyHistoryRetention(
  database: RetentionDatabase,
  now: number,
  settings: SettingsReader,
): Promise<RetentionOutcome> {
  const { db } = database;
  const outcome: RetentionOutcome = { metrics: 0, syslogs: 0, hourly: 0, dropped: [], deferred: [] };
  const companies: Array<{ companyId: number; settings: MonitoringSettings }> = [];
  for (const companyId of await listCompanyIds(db)) {
    companies.push({ companyId, settings: await settings(db, companyId) });
  }
  if (database.dialect === 'sqlite') {
    for (const { companyId, settings: s } of companies) {
      const removed = await deleteExpiredHistory(db, companyId, {
        metrics: now - s.historyRetentionDays * DAY,
        syslogs: now - s.syslogRetentionDays * DAY,
        hourly: now - s.hourlyRetentionDays * DAY,
      });
      outcome.metrics += removed.metrics;
      outcome.syslogs += removed.syslogs;
      outcome.hourly += removed.hourly;
    }
    return outcome;
  }
  const cutoffsOf = (table: HistoryTable) =>
    companies.map(({ companyId, settings: s }) => ({
      companyId,
      cutoff: now - RETENTION_DAYS[table](s) * DAY,
    }));
  outcome.metrics = await expirePartitioned(db, 'device_metrics', now, cutoffsOf('device_metrics'), outcome);
  outcome.syslogs = await expirePartitioned(db, 'device_syslogs', now, cutoffsOf('device_syslogs'), outcome);
  for (const { companyId, settings: s } of companies) {
    outcome.hourly += await deleteExpiredRollups(db, companyId, now - s.hourlyRetentionDays * DAY);
  }
  return outcome;
}
