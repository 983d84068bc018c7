/**
 * Prototype measure for the daily usage job's bar (issue 13, docs/decisions/usage.md "Option (c)
 * measured"): what the night would cost if each device's day were kept up to date as its transitions
 * are written (ingest and the sweep), so the night only closes the open pieces at midnight — against
 * the bar's baseline, the raw GROUP BY stored, in the same run. Not a bar of its own: it tells whether
 * that design could meet 1.5× before it is built.
 *
 *   npm run bench:usage-night-close [-- --db sqlite|postgres] [--devices 100000] [--runs 3] [--fillfactor 70]
 *
 * Per database: a fresh database, the real server (demo data, then stopped), the usage bench's
 * fixture (bench/usage.ts: `--devices` devices with 0–6 transitions during yesterday, the day before
 * computed by the job). Each run: the baseline (bench/usage.ts's stored GROUP BY); then, untimed, the
 * day's rows as ingest would have kept them (usage-night-close.repository.ts prepareKeptDay); then,
 * timed, the night's close (closeKeptDay). Then the ingest side on today: transactions of 5,000
 * transitions written as ingest writes them, without and with each keeping its device's row of the day
 * (writeTransitions), alternating — what the design adds to a transition's write.
 */
import { join } from 'node:path';

import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { dayOf, daySpan } from '../apps/server/src/engine/jobs/usage-days';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { fmt, machineLine, median, numberArg, printTable } from './support/report';
import { startServer } from './support/server-child';
import { dropScratchTables, freshScratchTable, storedDayGroupBy } from './support/usage-fixture.repository';
import { prepareJobFixture } from './support/usage-job-fixture';
import {
  closeKeptDay,
  companyDeviceIds,
  type NightCloseSteps,
  prepareKeptDay,
  writeTransitions,
} from './support/usage-night-close.repository';

const ADMIN_COMPANY = 1;
const MAX_JOB_OVER_GROUP_BY = 1.5;
/** Transitions per timed ingest transaction, and the devices they cycle over (4 groups). */
const STORM = 5_000;

interface CloseFigures {
  dialect: DialectName;
  storedMs: number[];
  closeMs: number[];
  steps: NightCloseSteps[];
  /** Ingest side: a transaction of `storm` transitions, without and with their day's rows kept. */
  storm: number;
  plainMs: number[];
  keptMs: number[];
}

async function runOn(dialect: DialectName, devices: number, runs: number, fillfactor: number) {
  const fresh = await freshDatabase(dialect, 'night-close');
  const server = await startServer(fresh.url, join(fresh.dir, 'data'), []);
  const database = openDatabase(fresh.url);
  const { db } = database;
  try {
    await server.stop();
    const now = Date.now();
    const { day, start, end } = await prepareJobFixture(db, dialect, ADMIN_COMPANY, devices, now);
    const figures: CloseFigures = {
      dialect,
      storedMs: [],
      closeMs: [],
      steps: [],
      storm: 0,
      plainMs: [],
      keptMs: [],
    };
    for (let i = 0; i < runs; i++) {
      process.stdout.write(`[${dialect}] run ${i + 1}/${runs}: stored GROUP BY, the night's close…\n`);
      await freshScratchTable(db, dialect);
      let at = performance.now();
      await storedDayGroupBy(db, day, start, end, now);
      figures.storedMs.push(performance.now() - at);
      await prepareKeptDay(db, dialect, ADMIN_COMPANY, day, start, end, now, fillfactor);
      at = performance.now();
      figures.steps.push(await closeKeptDay(db, dialect, ADMIN_COMPANY, day, start, end, now));
      figures.closeMs.push(performance.now() - at);
    }
    // The ingest side, on today: rounds of STORM changes over 4 groups of devices (a device's first
    // change of the day opens its kept row, the later ones update it), each group written without and
    // then with its rows kept, alternating.

    const today = dayOf(now);
    const todayStart = daySpan(today).start;
    const ids = await companyDeviceIds(db, ADMIN_COMPANY, 4 * STORM);
    // Fewer devices than 4 × STORM (a small --devices): smaller transactions.
    const storm = Math.floor(ids.length / 4);
    figures.storm = storm;
    process.stdout.write(`[${dialect}] ingest side: ${runs * 4} rounds of ${fmt(storm)} transitions…\n`);
    for (let round = 0; round < runs * 4; round++) {
      const group = ids.slice((round % 4) * storm, ((round % 4) + 1) * storm);
      const status = Math.floor(round / 4) % 2;
      for (const keep of [false, true]) {
        const at = todayStart + (round * 2 + (keep ? 1 : 0)) * 60_000;
        const changes = group.map((deviceId) => ({ deviceId, status, at }));
        const started = performance.now();
        await writeTransitions(db, dialect, today, todayStart, now, changes, keep);
        (keep ? figures.keptMs : figures.plainMs).push(performance.now() - started);
      }
    }
    await dropScratchTables(db);
    return figures;
  } finally {
    await server.stop();
    await database.close();
    await fresh.drop();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const devices = numberArg(argv, 'devices', 100_000);
  const runs = numberArg(argv, 'runs', 3);
  const fillfactor = numberArg(argv, 'fillfactor', 70);
  process.stdout.write(`${machineLine()}\n`);
  const results: CloseFigures[] = [];
  for (const dialect of dialectsFromArgs(argv)) results.push(await runOn(dialect, devices, runs, fillfactor));
  process.stdout.write(
    `\nNight's close of rows kept through the day (prototype) — ${new Date().toISOString()}\n${machineLine()}\n\n`,
  );
  const ms = (values: number[]) => `${fmt(median(values))} ms (runs ${values.map((v) => fmt(v)).join(', ')})`;
  const spread = (values: number[]) =>
    `${fmt(median(values))} ms (${fmt(Math.min(...values))}–${fmt(Math.max(...values))}, ${values.length} runs)`;
  const step = (pick: (s: NightCloseSteps) => number) => (f: CloseFigures) => ms(f.steps.map(pick));
  const col = (pick: (f: CloseFigures) => string) => results.map(pick);
  printTable(
    ['', ...results.map((f) => f.dialect)],
    [
      ['baseline: raw GROUP BY stored', ...col((f) => ms(f.storedMs))],
      ['night close, in all', ...col((f) => ms(f.closeMs))],
      ['  open pieces closed at midnight', ...col(step((s) => s.closeOpen))],
      ['  rows of devices without a transition', ...col(step((s) => s.addQuiet))],
      ['  city sums', ...col(step((s) => s.sums))],
      [
        `close ÷ baseline (the job's bar is ${MAX_JOB_OVER_GROUP_BY}×)`,
        ...col((f) => `${fmt(median(f.closeMs) / median(f.storedMs), 2)}×`),
      ],
      [
        'ingest side: a transaction of transitions',
        ...col((f) => `${spread(f.plainMs)}, ${fmt(f.storm)} a transaction`),
      ],
      ["  the same, each keeping its day's row", ...col((f) => spread(f.keptMs))],
      [
        '  added per transition',
        ...col((f) => `${fmt(((median(f.keptMs) - median(f.plainMs)) * 1000) / f.storm, 1)} µs`),
      ],
      [
        'PostgreSQL fillfactor of the usage table',
        ...col((f) => (f.dialect === 'postgres' ? String(fillfactor) : '—')),
      ],
    ],
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:usage-night-close failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});
