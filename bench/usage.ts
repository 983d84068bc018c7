/**
 * Daily usage job benchmark (issue 13): the job for one day at 100,000 devices against a raw GROUP BY
 * over the same transitions, and the device list while the job runs.
 *
 *   npm run bench:usage [-- --db sqlite|postgres] [--devices 100000] [--seconds 10] [--runs 3]
 *
 * Per database: a fresh database, the real server as a child process (demo data), `--devices` devices
 * bulk-inserted into the demo admin's company and backdated, each with a transition the evening before
 * and 0–6 during the measured day (yesterday). Same run: the raw GROUP BY (baseline) and the job
 * (engine/jobs/usage-daily.ts runDailyUsage for that day: carry-in, measured spans, upsert of every
 * device's row) are each timed `--runs` times, median taken. An extra figure, not the bar: the job's
 * upsert alone (every device's row with constant figures, same statement shape and batches), timed
 * each run. Then the device list's first page under
 * autocannon (50 connections) idle, and again while the job runs over and over on its own connection
 * (this process; the server's in-process job yields between batches the same way). All on 127.0.0.1.
 */
import { join } from 'node:path';

import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { BATCH_SIZE, runDailyUsage } from '../apps/server/src/engine/jobs/usage-daily';
import { addDays, dayOf, daySpan } from '../apps/server/src/engine/jobs/usage-days';
import { listDeviceBatchBounds } from '../apps/server/src/engine/jobs/usage-days.repository';
import { insertBulkDevices } from './support/device-fixtures.repository';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { type LoadFigures, load } from './support/load';
import { type Bar, fmt, machineLine, numberArg, printBars, printTable } from './support/report';
import { startServer, waitUntilIdle } from './support/server-child';
import {
  analyze,
  backdateCompanyDevices,
  insertDayTransitions,
  rawDayGroupBy,
  upsertConstantUsageRows,
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
  groupByMs: number[];
  jobMs: number[];
  /** Extra figure: the job's upsert alone (constant figures), the write any job of this kind does. */
  writeMs: number[];
  jobRows: number;
  idle: LoadFigures;
  busy: LoadFigures;
  jobRunsDuringLoad: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

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
    await backdateCompanyDevices(db, ADMIN_COMPANY, start - 7 * 86_400_000);
    const transitions = await insertDayTransitions(db, ADMIN_COMPANY, start);
    if (dialect === 'postgres') await analyze(db);

    const groupByMs: number[] = [];
    const jobMs: number[] = [];
    const writeMs: number[] = [];
    let jobRows = 0;
    for (let i = 0; i < runs; i++) {
      process.stdout.write(`[${dialect}] run ${i + 1}/${runs}: raw GROUP BY, the job, the upsert alone…\n`);
      const [g] = await timed(() => rawDayGroupBy(db, start, end));
      groupByMs.push(g);
      const [j, run] = await timed(() => runDailyUsage(db, now, { from: day, to: day, dialect }));
      jobMs.push(j);
      const [w] = await timed(async () => {
        // In the job's batches, yielding between them as the job does.
        let after = 0;
        for (const upto of await listDeviceBatchBounds(db, ADMIN_COMPANY, BATCH_SIZE[dialect])) {
          await upsertConstantUsageRows(db, ADMIN_COMPANY, day, now, after, upto);
          after = upto;
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      });
      writeMs.push(w);
      jobRows = run?.rows ?? 0;
    }
    // The job's own rows back (the write figure overwrote them with constants).
    await runDailyUsage(db, now, { from: day, to: day, dialect });

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
    const jobLoop = (async () => {
      while (running) {
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
      jobMs,
      writeMs,
      jobRows,
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
  const ratio = median(f.jobMs) / median(f.groupByMs);
  const busyRatio = f.busy.p95 / f.idle.p95;
  return [
    {
      name: `daily job ≤ ${MAX_JOB_OVER_GROUP_BY} × raw GROUP BY (median of runs)`,
      pass: ratio <= MAX_JOB_OVER_GROUP_BY,
      detail: `${fmt(median(f.jobMs))} ms vs ${fmt(median(f.groupByMs))} ms = ${fmt(ratio, 2)}×`,
    },
    {
      name: `device list p95 while the job runs ≤ ${MAX_BUSY_OVER_IDLE} × idle p95`,
      pass: f.jobRunsDuringLoad > 0 && busyRatio <= MAX_BUSY_OVER_IDLE,
      detail: `${fmt(f.busy.p95, 1)} ms vs ${fmt(f.idle.p95, 1)} ms = ${fmt(busyRatio, 2)}× (${f.jobRunsDuringLoad} job runs)`,
    },
    {
      name: 'every device got its row; every request answered 2xx',
      pass: f.jobRows >= f.devices && f.idle.failures + f.busy.failures === 0,
      detail: `${fmt(f.jobRows)} rows, ${f.idle.failures + f.busy.failures} failures`,
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
      ['raw GROUP BY (baseline)', ...col((f) => ms(f.groupByMs))],
      ['daily job, one day', ...col((f) => ms(f.jobMs))],
      ['job ÷ GROUP BY', ...col((f) => `${fmt(median(f.jobMs) / median(f.groupByMs), 2)}×`)],
      ['extra: the upsert alone (constants)', ...col((f) => ms(f.writeMs))],
      [
        'extra: job ÷ (GROUP BY + upsert)',
        ...col((f) => `${fmt(median(f.jobMs) / (median(f.groupByMs) + median(f.writeMs)), 2)}×`),
      ],
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
