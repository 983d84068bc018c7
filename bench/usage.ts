/**
 * Daily usage job benchmark (issue 13): the job for one day at 100,000 devices against a raw GROUP BY
 * over the same transitions, and the device list while the job runs.
 *
 *   npm run bench:usage [-- --db sqlite|postgres] [--devices 100000] [--seconds 10] [--runs 3]
 *
 * Per database: a fresh database, the real server as a child process (demo data), `--devices` devices
 * bulk-inserted into the demo admin's company, all monitored and backdated, each with a transition the
 * evening before and 0–6 during the measured day (yesterday); the day before is computed first
 * (untimed), as the nightly job finds it. Same run, `--runs` times each, median taken:
 * - the raw GROUP BY over the day's transitions, read only (a reference row);
 * - the baseline: that GROUP BY's per-device result stored as rows of the job's shape in one
 *   INSERT … SELECT into a scratch table created fresh for each run (device_usage_days' columns and
 *   primary key; the row's store and categories from `devices`, as every usage row carries them);
 * - a reference row: the same stored into a table of device_usage_days' whole definition (its run
 *   columns and indexes), holding the day before's rows as the job's table does — the job's write
 *   without its computation;
 * - the job for that day (modules/usage/jobs/usage-daily.ts runDailyUsage) starting from an empty day, as it
 *   runs every night: carry-in, measured spans, the device rows and their per-city sums (PostgreSQL:
 *   the removed day's dead rows vacuumed first, untimed, as autovacuum would) — its working time: a
 *   bare turn of the event loop between batches instead of the job's rests;
 * - an extra figure: the job again over the stored day (a re-run: rows replaced, sums kept);
 * - a reference row, the floor of any nightly design: the day's rows as the job computed them, kept
 *   aside, written again into device_usage_days with their city sums — one INSERT … SELECT and one sum
 *   in one transaction, no computation at all.
 * Then the device list's first page under autocannon (50 connections) idle, and again while the nightly
 * run goes on over and over on this process's own connection, resting between batches as the job does
 * (restAfter): the day removed by plain deletes in the job's batch sizes, then appended by the job. All
 * on 127.0.0.1.
 */
import { join } from 'node:path';

import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { BATCH_SIZE, restAfter, runDailyUsage } from '../apps/server/src/modules/usage/jobs/usage-daily';
import { addDays, dayOf, daySpan } from '../apps/server/src/modules/usage/jobs/usage-days';
import { insertBulkDevices } from './support/device-fixtures.repository';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { type LoadFigures, load } from './support/load';
import { type Bar, fmt, machineLine, median, numberArg, printBars, printTable } from './support/report';
import { startServer, waitUntilIdle } from './support/server-child';
import {
  analyze,
  countCityDays,
  dropScratchTables,
  freshScratchTable,
  insertDayTransitions,
  keepPreparedDay,
  monitorCompanyDevicesSince,
  rawDayGroupBy,
  removeLatestUsageDay,
  storedDayGroupBy,
  vacuumUsageTables,
  writePreparedDay,
} from './support/usage-fixture.repository';

const CONNECTIONS = 50;
const ADMIN_COMPANY = 1;
const MAX_JOB_OVER_GROUP_BY = 1.5;
const MAX_BUSY_OVER_IDLE = 2;
const LIST = '/api/device-service/aibox/device/listDevices?pageNum=1&pageSize=20';

interface UsageFigures {
  dialect: DialectName;
  devices: number;
  transitions: number;
  /** Reference: the raw GROUP BY, read only. */
  groupByMs: number[];
  /** Baseline: the raw GROUP BY stored into a fresh table of the job's row shape. */
  storedMs: number[];
  storedRows: number;
  /** Reference: the same GROUP BY stored into a table of device_usage_days' whole definition. */
  indexedMs: number[];
  /** The job from an empty day. */
  jobMs: number[];
  /** Extra figure: the job again over the stored day. */
  rerunMs: number[];
  /** Reference: the day's rows already computed, only written with their city sums (the floor). */
  floorMs: number[];
  jobRows: number;
  cityRows: number;
  idle: LoadFigures;
  busy: LoadFigures;
  jobRunsDuringLoad: number;
}

/** The job's working time: one turn of the event loop between batches instead of its rests. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await run();
  return [performance.now() - start, result];
}

async function runOn(
  dialect: DialectName,
  devices: number,
  seconds: number,
  runs: number,
): Promise<UsageFigures> {
  const fresh = await freshDatabase(dialect, 'usage');
  const server = await startServer(fresh.url, join(fresh.dir, 'data'), []);
  const database = openDatabase(fresh.url);
  const { db } = database;
  try {
    const now = Date.now();
    const day = addDays(dayOf(now), -1);
    const { start, end } = daySpan(day);
    process.stdout.write(`[${dialect}] inserting ${fmt(devices)} devices and their transitions of ${day}…\n`);
    await insertBulkDevices(db, dialect, ADMIN_COMPANY, devices);
    await monitorCompanyDevicesSince(db, ADMIN_COMPANY, start - 7 * 86_400_000);
    const transitions = await insertDayTransitions(db, ADMIN_COMPANY, start);
    if (dialect === 'postgres') await analyze(db);

    // The day before, as the nightly job finds it (its rows give each device's run).
    await runDailyUsage(db, now, { from: addDays(day, -1), to: addDays(day, -1), dialect });

    const groupByMs: number[] = [];
    const storedMs: number[] = [];
    const indexedMs: number[] = [];
    const jobMs: number[] = [];
    const rerunMs: number[] = [];
    const floorMs: number[] = [];
    let storedRows = 0;
    let jobRows = 0;
    for (let i = 0; i < runs; i++) {
      process.stdout.write(
        `[${dialect}] run ${i + 1}/${runs}: GROUP BY, stored GROUP BY, the job, a re-run…\n`,
      );
      const [g] = await timed(() => rawDayGroupBy(db, start, end));
      groupByMs.push(g);
      await freshScratchTable(db, dialect);
      const [st, stored] = await timed(() => storedDayGroupBy(db, day, start, end, now));
      storedMs.push(st);
      storedRows = stored;
      await freshScratchTable(db, dialect, 'usage_bench_scratch_indexed', addDays(day, -1));
      const [ix] = await timed(() =>
        storedDayGroupBy(db, day, start, end, now, 'usage_bench_scratch_indexed'),
      );
      indexedMs.push(ix);
      await removeLatestUsageDay(db, ADMIN_COMPANY, day, BATCH_SIZE[dialect], async () => {});
      if (dialect === 'postgres') await vacuumUsageTables(db);
      const [j, run] = await timed(() =>
        runDailyUsage(db, now, { from: day, to: day, dialect, pause: turn }),
      );
      jobMs.push(j);
      jobRows = run?.rows ?? 0;
      const [r] = await timed(() => runDailyUsage(db, now, { from: day, to: day, dialect, pause: turn }));
      rerunMs.push(r);
      if (i === 0) await keepPreparedDay(db, ADMIN_COMPANY, day);
      await removeLatestUsageDay(db, ADMIN_COMPANY, day, BATCH_SIZE[dialect], async () => {});
      if (dialect === 'postgres') await vacuumUsageTables(db);
      const [fl] = await timed(() => writePreparedDay(db, dialect));
      floorMs.push(fl);
    }
    await dropScratchTables(db);
    const cityRows = await countCityDays(db, day);

    const login = (await (
      await fetch(`${server.baseUrl}/api/user-service/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD ?? 'Storefleet@2026' }),
      })
    ).json()) as { data: { accessToken: string } };
    const headers = { authorization: `Bearer ${login.data.accessToken}` };
    const url = `${server.baseUrl}${LIST}`;
    process.stdout.write(`[${dialect}] device list idle: ${seconds} s…\n`);
    await load(url, headers, CONNECTIONS, 2);
    await waitUntilIdle(server.child.pid);
    const idle = await load(url, headers, CONNECTIONS, seconds);
    await waitUntilIdle(server.child.pid);
    process.stdout.write(`[${dialect}] device list while the job runs: ${seconds} s…\n`);
    let running = true;
    let jobRunsDuringLoad = 0;
    // The nightly run over and over: the day removed (in the job's batch sizes, yielding as it does)
    // and appended again.
    const jobLoop = (async () => {
      while (running) {
        await removeLatestUsageDay(db, ADMIN_COMPANY, day, BATCH_SIZE[dialect], restAfter);
        await runDailyUsage(db, now, { from: day, to: day, dialect });
        jobRunsDuringLoad += 1;
      }
    })();
    const busy = await load(url, headers, CONNECTIONS, seconds);
    running = false;
    await jobLoop;
    await server.stop();
    return {
      dialect,
      devices,
      transitions,
      groupByMs,
      storedMs,
      storedRows,
      indexedMs,
      jobMs,
      rerunMs,
      floorMs,
      jobRows,
      cityRows,
      idle,
      busy,
      jobRunsDuringLoad,
    };
  } finally {
    await server.stop();
    await database.close();
    await fresh.drop();
  }
}

function barsOf(f: UsageFigures): Bar[] {
  const ratio = median(f.jobMs) / median(f.storedMs);
  const busyRatio = f.busy.p95 / f.idle.p95;
  return [
    {
      name: `daily job ≤ ${MAX_JOB_OVER_GROUP_BY} × the raw GROUP BY stored (median of runs)`,
      pass: ratio <= MAX_JOB_OVER_GROUP_BY,
      detail: `${fmt(median(f.jobMs))} ms vs ${fmt(median(f.storedMs))} ms = ${fmt(ratio, 2)}×`,
    },
    {
      name: `device list p95 while the job runs ≤ ${MAX_BUSY_OVER_IDLE} × idle p95`,
      pass: f.jobRunsDuringLoad > 0 && busyRatio <= MAX_BUSY_OVER_IDLE,
      detail: `${fmt(f.busy.p95, 1)} ms vs ${fmt(f.idle.p95, 1)} ms = ${fmt(busyRatio, 2)}× (${f.jobRunsDuringLoad} job runs)`,
    },
    {
      name: 'every device got its row and its city sums; every request answered 2xx',
      pass: f.jobRows >= f.devices && f.cityRows > 0 && f.idle.failures + f.busy.failures === 0,
      detail: `${fmt(f.jobRows)} rows, ${fmt(f.cityRows)} city sums, ${f.idle.failures + f.busy.failures} failures`,
    },
  ];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const devices = numberArg(argv, 'devices', 100_000);
  const seconds = numberArg(argv, 'seconds', 10);
  const runs = numberArg(argv, 'runs', 3);
  process.stdout.write(`${machineLine()}\n`);
  const results: UsageFigures[] = [];
  for (const dialect of dialectsFromArgs(argv)) results.push(await runOn(dialect, devices, seconds, runs));
  process.stdout.write(`\nDaily usage job — ${new Date().toISOString()}\n${machineLine()}\n\n`);
  const col = (pick: (f: UsageFigures) => string) => results.map(pick);
  const ms = (values: number[]) => `${fmt(median(values))} ms (runs ${values.map((v) => fmt(v)).join(', ')})`;
  printTable(
    ['', ...results.map((f) => f.dialect)],
    [
      ['devices / transitions that day', ...col((f) => `${fmt(f.devices)} / ${fmt(f.transitions)}`)],
      ['reference: raw GROUP BY, read only', ...col((f) => ms(f.groupByMs))],
      [
        'baseline: raw GROUP BY stored (INSERT … SELECT)',
        ...col((f) => `${ms(f.storedMs)}, ${fmt(f.storedRows)} rows`),
      ],
      [
        'reference: raw GROUP BY stored into a table like device_usage_days',
        ...col((f) => `${ms(f.indexedMs)} (its indexes, the day before stored)`),
      ],
      [
        'reference: the floor — the day’s rows already computed, only written with their city sums',
        ...col((f) => `${ms(f.floorMs)} = ${fmt(median(f.floorMs) / median(f.storedMs), 2)}× the baseline`),
      ],
      ['daily job, one new day', ...col((f) => `${ms(f.jobMs)}, ${fmt(f.jobRows)} rows`)],
      ['job ÷ stored GROUP BY (the bar)', ...col((f) => `${fmt(median(f.jobMs) / median(f.storedMs), 2)}×`)],
      ['job ÷ read-only GROUP BY', ...col((f) => `${fmt(median(f.jobMs) / median(f.groupByMs), 2)}×`)],
      [
        'job ÷ GROUP BY stored like device_usage_days',
        ...col((f) => `${fmt(median(f.jobMs) / median(f.indexedMs), 2)}×`),
      ],
      ['extra: the job again (rows replaced)', ...col((f) => ms(f.rerunMs))],
      ['city sums written for the day', ...col((f) => fmt(f.cityRows))],
      ['device list p95 idle', ...col((f) => `${fmt(f.idle.p95, 1)} ms (${fmt(f.idle.perSecond)} req/s)`)],
      [
        'device list p95, job running',
        ...col((f) => `${fmt(f.busy.p95, 1)} ms (${fmt(f.busy.perSecond)} req/s)`),
      ],
    ],
  );
  process.stdout.write('\n');
  let allPass = true;
  for (const f of results) allPass = printBars(f.dialect, barsOf(f)) && allPass;
  process.exitCode = allPass ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:usage failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});
