/**
 * Retention at scale on PostgreSQL (issue 15): expiring one day of raw history with day partitions
 * against the row-by-row DELETE of the same day on the unpartitioned table, same run.
 *
 *   npm run bench:retention [-- --rows 100000000] [--days 90] [--devices 10000] [--reads 20]
 *
 * One fresh database (dropped at the end), migrated as far as the build before partitions
 * (20261127_0300_history_partitions), one company with `--devices` devices. Then, timed:
 *  1. `--rows` raw rows spread evenly over the `--days` days before today, generated in the database
 *     (INSERT … SELECT generate_series, 1,000,000 a statement) into the unpartitioned table, its
 *     indexes dropped meanwhile and built again after (a bulk load; not an ingest figure);
 *  2. baseline: the old retention job's DELETE (every row of the company older than the cutoff) with the
 *     cutoff at the end of the oldest day, then the VACUUM that makes the space reusable (extra figure);
 *  3. the oldest day's rows written again, so both sides expire the same rows;
 *  4. one day of rows inserted for today (ingest-like insert rate, unpartitioned), and the running-info
 *     reads of one device (newest 20 samples; a day of 15-minute averages), `--reads` times each;
 *  5. the migration that converts the table to day partitions (what an upgrade costs at this size);
 *  6. one day of rows for tomorrow (insert rate, partitioned), the same reads again;
 *  7. the retention job (engine/jobs/history-retention.ts) with the period ending after the oldest day:
 *     it drops that day's partition; checked: the day's rows gone, every other row still there;
 *  8. the job again (an hourly run with nothing to expire).
 * Bar: the job expiring the day takes at most a tenth of the baseline DELETE.
 */
import { statfsSync } from 'node:fs';

import { defaultConfigValues, toMonitoringSettings } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import { type DB, openDatabase } from '../apps/server/src/db/database';
import { up as convertToPartitions } from '../apps/server/src/db/migrations/20261127_0300_history_partitions';
import { MIGRATIONS } from '../apps/server/src/db/migrations/index';
import { applyHistoryRetention } from '../apps/server/src/engine/jobs/history-retention';
import { deleteExpiredHistory } from '../apps/server/src/engine/jobs/history-retention.repository';
import type { SettingsReader } from '../apps/server/src/engine/jobs/monitoring-settings';
import {
  listRecentSamples,
  listSampleSteps,
} from '../apps/server/src/modules/monitoring/running-info.repository';
import { freshDatabase } from './support/fresh-database';
import { type Bar, fmt, machineLine, median, numberArg, printBars, printTable } from './support/report';
import {
  analyzeMetrics,
  type BenchFleet,
  buildOldMetricIndexes,
  checkpoint,
  countMetricPartitions,
  countMetricRows,
  dropOldMetricIndexes,
  insertFleet,
  insertMetricRows,
  metricBytes,
  vacuumMetrics,
} from './support/retention-fixture.repository';

const DAY = 86_400_000;
const CHUNK = 1_000_000;
const PARTITIONS_MIGRATION = '20261127_0300_history_partitions';
const MAX_JOB_OVER_DELETE = 0.1;
/** Bytes of disk per raw row at the peak (the conversion holds the old and the new table), generous. */
const PEAK_BYTES_PER_ROW = 400;

const gb = (bytes: number) => `${fmt(bytes / 1024 ** 3, 1)} GB`;

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await run();
  return [performance.now() - start, result];
}

function say(text: string): void {
  process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);
}

/** Inserts rows [0, count) over [start, start + span) in chunks; returns rows per second. */
async function fill(
  db: Kysely<DB>,
  fleet: BenchFleet,
  count: number,
  start: number,
  span: number,
  label: string,
): Promise<number> {
  const began = performance.now();
  for (let from = 0; from < count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK);
    await insertMetricRows(db, fleet, { from, to, count, start, span });
    if (count > CHUNK) say(`${label}: ${fmt(to)} / ${fmt(count)} rows`);
  }
  return count / ((performance.now() - began) / 1000);
}

interface Reads {
  newest20: number;
  dayOfAverages: number;
}

/** Running info of one device: the newest 20 samples, and yesterday's 15-minute averages; medians. */
async function timeReads(db: Kysely<DB>, fleet: BenchFleet, now: number, runs: number): Promise<Reads> {
  const newest: number[] = [];
  const steps: number[] = [];
  for (let i = 0; i < runs; i++) {
    const device = fleet.firstDeviceId + ((i * 7919) % fleet.devices);
    newest.push((await timed(() => listRecentSamples(db, device, 'icmp.delay', 20)))[0]);
    const range = { from: now - 2 * DAY, to: now - DAY, step: 15 * 60_000 };
    steps.push((await timed(() => listSampleSteps(db, device, 'icmp.delay', range)))[0]);
  }
  return { newest20: median(newest), dayOfAverages: median(steps) };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const rows = numberArg(argv, 'rows', 100_000_000);
  const days = numberArg(argv, 'days', 90);
  const devices = numberArg(argv, 'devices', 10_000);
  const reads = numberArg(argv, 'reads', 20);
  const perDay = Math.round(rows / days);
  const free = statfsSync('/').bavail * statfsSync('/').bsize;
  const need = rows * PEAK_BYTES_PER_ROW;
  process.stdout.write(`${machineLine()}\n`);
  say(`disk: ${gb(free)} free on /, about ${gb(need)} needed at the peak for ${fmt(rows)} rows`);
  if (need > free * 0.8) throw new Error(`not enough disk for ${fmt(rows)} rows: use a smaller --rows`);

  const fresh = await freshDatabase('postgres', 'retention');
  const database = openDatabase(fresh.url);
  const { db } = database;
  try {
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    const firstDay = today - days * DAY;
    for (const [name, migration] of MIGRATIONS) {
      if (name === PARTITIONS_MIGRATION) break;
      await migration.up(db as unknown as Kysely<unknown>, 'postgres');
    }
    const fleet = await insertFleet(db, devices, now);
    const settings: SettingsReader = async () => ({
      ...toMonitoringSettings(defaultConfigValues()),
      // The oldest day is wholly past this period, the next one is not.
      historyRetentionDays: days - 1,
    });

    say(`1. ${fmt(rows)} rows over ${days} days into the unpartitioned table…`);
    await dropOldMetricIndexes(db);
    const fillRate = await fill(db, fleet, rows, firstDay, days * DAY, 'fill');
    say('   its indexes…');
    const [indexMs] = await timed(() => buildOldMetricIndexes(db));
    await analyzeMetrics(db);
    const bytesBefore = await metricBytes(db);
    const oldestDayRows = await countMetricRows(db, firstDay, firstDay + DAY);
    await checkpoint(db);

    say(`2. baseline: the old job's DELETE of the oldest day (${fmt(oldestDayRows)} rows)…`);
    const [deleteMs, deleted] = await timed(() =>
      deleteExpiredHistory(db, fleet.companyId, { metrics: firstDay + DAY, syslogs: 0, hourly: 0 }),
    );
    const [vacuumMs] = await timed(() => vacuumMetrics(db));
    say(`3. the oldest day written again…`);
    await fill(db, fleet, oldestDayRows, firstDay, DAY, 'oldest day');
    await analyzeMetrics(db);
    await checkpoint(db);

    say('4. one day of rows for today, unpartitioned; reads…');
    const insertBefore = await fill(db, fleet, perDay, today, DAY, 'today');
    const readsBefore = await timeReads(db, fleet, now, reads);
    await checkpoint(db);

    say('5. the migration to day partitions…');
    const [convertMs] = await timed(() =>
      db.transaction().execute((trx) => convertToPartitions(trx as unknown as Kysely<unknown>, 'postgres')),
    );
    const bytesAfter = await metricBytes(db);
    const partitions = await countMetricPartitions(db);
    await checkpoint(db);

    say('6. one day of rows for tomorrow, partitioned; reads…');
    const insertAfter = await fill(db, fleet, perDay, today + DAY, DAY, 'tomorrow');
    const readsAfter = await timeReads(db, fleet, now, reads);
    const totalBefore = await countMetricRows(db, firstDay, today + 2 * DAY);
    await checkpoint(db);

    say('7. the retention job, expiring the oldest day…');
    const [jobMs, outcome] = await timed(() => applyHistoryRetention(database, now, settings));
    const [idleJobMs] = await timed(() => applyHistoryRetention(database, now, settings));
    const leftOfDay = await countMetricRows(db, firstDay, firstDay + DAY);
    const totalAfter = await countMetricRows(db, firstDay, today + 2 * DAY);
    if (leftOfDay !== 0 || totalAfter !== totalBefore - oldestDayRows || outcome.deferred.length > 0)
      throw new Error(
        `the job did not expire exactly the oldest day: ${JSON.stringify({ leftOfDay, totalAfter, outcome })}`,
      );

    process.stdout.write(
      `\nRetention at scale (PostgreSQL) — ${new Date().toISOString()}\n${machineLine()}\n\n`,
    );
    printTable(
      ['', 'unpartitioned (before)', 'day partitions (after)'],
      [
        ['raw rows / devices / days', `${fmt(rows)} / ${fmt(devices)} / ${days}`, ''],
        ['disk, table and indexes', gb(bytesBefore), `${gb(bytesAfter)} (${partitions} partitions)`],
        [
          `expire the oldest day (${fmt(oldestDayRows)} rows)`,
          `${fmt(deleteMs)} ms (DELETE, ${fmt(deleted.metrics)} rows)`,
          `${fmt(jobMs)} ms (job: ${outcome.dropped.join(', ')})`,
        ],
        ['extra: VACUUM after it', `${fmt(vacuumMs)} ms`, 'none needed'],
        ['extra: the job again, nothing to expire', '', `${fmt(idleJobMs)} ms`],
        ['bulk fill without indexes, rows/s', fmt(fillRate), ''],
        ['then its 3 indexes built', `${fmt(indexMs / 1000, 1)} s`, ''],
        [`insert one day (${fmt(perDay)} rows), rows/s`, fmt(insertBefore), fmt(insertAfter)],
        [
          'read: newest 20 samples of a device (median)',
          `${fmt(readsBefore.newest20, 2)} ms`,
          `${fmt(readsAfter.newest20, 2)} ms`,
        ],
        [
          'read: a day of 15-min averages (median)',
          `${fmt(readsBefore.dayOfAverages, 2)} ms`,
          `${fmt(readsAfter.dayOfAverages, 2)} ms`,
        ],
        ['the migration converting the table', '', `${fmt(convertMs / 1000, 1)} s`],
      ],
    );
    process.stdout.write('\n');
    const bars: Bar[] = [
      {
        name: `the job expiring one day ≤ ${MAX_JOB_OVER_DELETE}× the DELETE`,
        pass: jobMs <= deleteMs * MAX_JOB_OVER_DELETE,
        detail: `${fmt(jobMs)} ms against ${fmt(deleteMs)} ms = ${fmt(jobMs / deleteMs, 4)}×`,
      },
    ];
    process.exitCode = printBars('postgres', bars) ? 0 : 1;
  } finally {
    await database.close();
    await fresh.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:retention failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});
