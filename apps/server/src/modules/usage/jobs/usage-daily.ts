/**
 * The daily usage job (issue 13, docs/decisions/usage.md): after midnight it computes yesterday's usage
 * of every device from the online transitions and stores it (device_usage_days, with its sums per city
 * in usage_city_days). Every day after the latest stored one is computed, so days missed while the
 * server was down are caught up — at most MAX_CATCH_UP_DAYS back. Idempotent (a day computed again
 * replaces its rows). Devices are computed per company in batches of BATCH_SIZE ids, one transaction
 * each, resting between batches (restAfter) so requests keep their pace while it runs (SQLite has one
 * connection, and the machine's cores serve the requests too). A new day (nothing stored on or after it) is appended — plain inserts, the run
 * columns from the day before; anything else replaces rows (usage-days.repository.ts). The batches
 * commit without waiting for the disk (SQLite synchronous NORMAL, PostgreSQL synchronous_commit off);
 * once every batch of a day is in, the day is marked done with a commit that waits for the disk, and a
 * run starts after the last day marked — a day a crash cut short is computed again.
 */
import { defaultConfigValues, type TimeWindow } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB, DialectName } from '../../../db/database';
import { addDays, dayOf, daysFrom, measuredSpans, type UsageSpan } from './usage-days';
import {
  appendComputedUsageDays,
  latestCompanyUsageDate,
  replaceComputedUsageDays,
} from './usage-days.repository';
import {
  analyzeUsageInputs,
  earliestUsageInput,
  listCompaniesWithDevices,
  listDeviceBatchBounds,
  listSetOpeningHours,
} from './usage-days-inputs.repository';
import { latestComputedUsageDay, markUsageDaysComputed } from './usage-days-marks.repository';

/**
 * Devices per transaction. SQLite: small, because a transaction holds the one connection (and the
 * event loop) while it runs. PostgreSQL: large, because each transaction reads its devices' transitions
 * of the day in one scan (a batch's window sorts in memory with work_mem) and runs on its own pooled
 * connection, off the request path.
 */
export const BATCH_SIZE = { sqlite: 2000, postgres: 25_000 } as const;
/** Days computed per statement (a catch-up, the demo seed); devices × days bounds one statement's work. */
export const DAYS_PER_STATEMENT = 1;
/** How far back a run catches up (a server down longer loses the older days). */
export const MAX_CATCH_UP_DAYS = 35;

/** Each company's opening hours when it set them (absent: whole days are measured). */
export async function readOpeningHours(db: Kysely<DB>): Promise<Map<number, TimeWindow>> {
  const defaults = defaultConfigValues();
  const hours = new Map<number, TimeWindow>();
  for (const [companyId, window] of await listSetOpeningHours(db)) {
    const start = window.start ?? defaults.store_open_time;
    const end = window.end ?? defaults.store_close_time;
    if (start !== end) hours.set(companyId, { start, end });
  }
  return hours;
}

/** The spans measured for `companyId` on `day`. */
export function companySpans(hours: Map<number, TimeWindow>, companyId: number, day: string): UsageSpan[] {
  return measuredSpans(day, hours.get(companyId) ?? null);
}

export interface DailyUsageRun {
  /** First and last day computed ('YYYY-MM-DD'). */
  from: string;
  to: string;
  /** Rows written (inserted or replaced). */
  rows: number;
}

export interface DailyUsageOptions {
  /** Compute these days (inclusive) again even when stored (the demo seed, a repair). */
  from?: string;
  to?: string;
  batchSize?: number;
  /** The database's dialect (the computation's shape, batch size, PostgreSQL's settings). */
  dialect: DialectName;
  /** Days per statement (default DAYS_PER_STATEMENT). */
  daysPerStatement?: number;
  /**
   * Called between batches with the time the batch just took; the default (restAfter) rests a few times
   * as long. The demo seed passes a no-op (it writes in one transaction, before requests are served).
   */
  pause?: (workedMs: number) => Promise<void>;
}

/** Rest after a batch, per ms the batch worked: the job works about a quarter of the time it runs. */
export const REST_PER_WORK = 3;
/** Longest rest between two batches, ms. */
const MAX_REST_MS = 4000;

/**
 * The job's default pause: rests REST_PER_WORK times as long as the batch worked (at most MAX_REST_MS),
 * so the job takes about a quarter of one core and requests keep their pace while it runs. On a quiet
 * 2-core machine a bare turn of the event loop between batches left the device list's p95 at 2.6× its
 * idle p95 while the job ran; with the rests 1.6–1.8× (SQLite) and 1.0× (PostgreSQL) — docs/decisions/
 * usage.md "Benchmark". A night's run takes about four times its working time (~2.5 s on SQLite, ~5 s
 * on PostgreSQL for 100,000 devices on that machine); nobody waits on it.
 */
export function restAfter(workedMs: number): Promise<void> {
  return new Promise<void>((resolve) =>
    setTimeout(resolve, Math.min(Math.max(workedMs, 0) * REST_PER_WORK, MAX_REST_MS)),
  );
}

/** Computes every day not yet stored up to yesterday (or options.from…to); null when nothing was due. */
export async function runDailyUsage(
  db: Kysely<DB>,
  now: number,
  options: DailyUsageOptions,
): Promise<DailyUsageRun | null> {
  const yesterday = addDays(dayOf(now), -1);
  const to = options.to ?? yesterday;
  let from = options.from;
  if (from === undefined) {
    // After the last day done: a day whose batches a crash cut short is computed again.
    const latest = await latestComputedUsageDay(db);
    if (latest !== null) from = addDays(latest, 1);
    else {
      const earliest = await earliestUsageInput(db);
      if (earliest === null) return null;
      from = dayOf(earliest);
    }
    const floor = addDays(to, 1 - MAX_CATCH_UP_DAYS);
    if (from < floor) from = floor;
  }
  if (from > to) return null;

  const dialect = options.dialect;
  const batchSize = options.batchSize ?? BATCH_SIZE[dialect];
  const pause = options.pause ?? restAfter;
  const daysPerStatement = options.daysPerStatement ?? DAYS_PER_STATEMENT;
  if (dialect === 'postgres' && db.isTransaction) await analyzeUsageInputs(db);
  const hours = await readOpeningHours(db);
  const companies = await listCompaniesWithDevices(db);
  // Replacing rows costs a batch ~2.5× appending them: on SQLite (one connection) it takes smaller
  // batches, so a re-run holds requests back no longer than the nightly run.
  const replaceBatchSize = dialect === 'sqlite' ? Math.max(1, Math.floor(batchSize / 4)) : batchSize;
  const bounds = new Map<number, { append: number[]; replace: number[] }>();
  for (const companyId of companies) {
    const append = await listDeviceBatchBounds(db, companyId, batchSize);
    const replace =
      replaceBatchSize === batchSize ? append : await listDeviceBatchBounds(db, companyId, replaceBatchSize);
    bounds.set(companyId, { append, replace });
  }

  let rows = 0;
  const allDays = daysFrom(from, to);
  // Up to DAYS_PER_STATEMENT days per statement: fewer statements on a catch-up, bounded work each.
  for (let i = 0; i < allDays.length; i += daysPerStatement) {
    const chunk = allDays.slice(i, i + daysPerStatement);
    for (const companyId of companies) {
      const days = chunk.map((date) => ({ date, spans: companySpans(hours, companyId, date) }));
      const [first] = days;
      if (!first) continue;
      const latest = await latestCompanyUsageDate(db, companyId);
      const append = days.length === 1 && (latest === null || latest < first.date);
      const write = append ? appendComputedUsageDays : replaceComputedUsageDays;
      const batches = bounds.get(companyId);
      let after = 0;
      for (const upto of (append ? batches?.append : batches?.replace) ?? []) {
        const started = performance.now();
        rows += await write(db, {
          dialect,
          companyId,
          date: first.date,
          spans: first.spans,
          days,
          devices: { afterId: after, uptoId: upto },
          now,
        });
        after = upto;
        await pause(performance.now() - started);
      }
    }
    await markUsageDaysComputed(db, chunk, now);
  }
  return { from, to, rows };
}
