/**
 * Device-list benchmark: `GET …/listDevices` at 100,000 devices, first page against last page.
 *
 *   npm run bench:device-list [-- --db sqlite|postgres] [--devices 100000] [--seconds 10] [--cpu-prof]
 *
 * Per database: a fresh database, the real server as a child process (demo data), `--devices` devices
 * bulk-inserted into the demo admin's company, then autocannon with 50 connections signed in as
 * `admin`: the first page and the last page (20 per page, default order: problems first), each after a
 * warm-up. Same-run baselines: the first page (the last page's reference) and `auth/me` (the framework's
 * floor: token check and envelope, no device query; both pages' reference). A last phase reads the first
 * page while a writer enables and disables devices through the API ten times a second (each change can
 * move a row in the problems-first order, so the server's page cache is emptied on every write): what
 * a page costs when the fleet is changing, not only when it is cached. All traffic is on 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { insertBulkDevices } from './support/device-fixtures.repository';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { type LoadFigures, load } from './support/load';
import { type Bar, fmt, machineLine, mb, numberArg, printBars, printTable } from './support/report';
import { startSampler, startServer, waitUntilIdle } from './support/server-child';

const CONNECTIONS = 50;
const PAGE_SIZE = 20;
const WARM_UP_SECONDS = 2;
const MAX_LAST_OVER_FIRST = 1.5;
/** Issue 9 item 11: first and last page p95 within this many times the auth/me p95 of the same run. */
const MAX_PAGE_OVER_FLOOR = 4;
const ADMIN_COMPANY = 1;
const LIST = '/api/device-service/aibox/device/listDevices';
const UPDATE_STATE = '/api/device-service/aibox/device/updateState';
/** Writes per second during the "while devices change" phase. */
const WRITES_PER_SECOND = 10;

/** A phase's load figures and the server process's own CPU time per answered request. */
type PhaseFigures = LoadFigures & { cpuMsPerRequest: number };

/** CPU time (user + system) the process `pid` has used, ms (/proc, clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

interface ListFigures {
  dialect: DialectName;
  total: number;
  stores: number;
  lastPage: number;
  floor: PhaseFigures;
  first: PhaseFigures;
  last: PhaseFigures;
  /** The first page while devices are enabled and disabled (the page cache emptied by each write). */
  changing: PhaseFigures;
  writes: number;
  rssPeak: number;
}

interface Envelope<T> {
  ok: boolean;
  code: number | string;
  message: string;
  data: T;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as Envelope<T>;
  if (!res.ok || !body.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.message}`);
  return body.data;
}

async function runOn(
  dialect: DialectName,
  devices: number,
  seconds: number,
  cpuProf: boolean,
): Promise<ListFigures> {
  const fresh = await freshDatabase(dialect, 'devicelist');
  const profArgs = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${join(fresh.dir, 'profile')}`] : [];
  const server = await startServer(fresh.url, join(fresh.dir, 'data'), profArgs);
  const database = openDatabase(fresh.url);
  try {
    process.stdout.write(`[${dialect}] inserting ${fmt(devices)} devices…\n`);
    const stores = await insertBulkDevices(database.db, dialect, ADMIN_COMPANY, devices);
    const { accessToken } = await call<{ accessToken: string }>(
      `${server.baseUrl}/api/user-service/auth/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD ?? 'Storefleet@2026' }),
      },
    );
    const headers = { authorization: `Bearer ${accessToken}` };
    const page = (n: number) => `${server.baseUrl}${LIST}?pageNum=${n}&pageSize=${PAGE_SIZE}`;
    const firstPage = await call<{ total: number; list: unknown[] }>(page(1), { headers });
    const lastPage = Math.ceil(firstPage.total / PAGE_SIZE);
    const tail = await call<{ list: unknown[] }>(page(lastPage), { headers });
    if (firstPage.list.length !== PAGE_SIZE || tail.list.length === 0) {
      throw new Error(`unexpected pages: first ${firstPage.list.length} rows, last ${tail.list.length}`);
    }

    const measure = async (url: string, label: string) => {
      process.stdout.write(`[${dialect}] ${label}: ${WARM_UP_SECONDS} s warm-up, ${seconds} s measured…\n`);
      await load(url, headers, CONNECTIONS, WARM_UP_SECONDS);
      await waitUntilIdle(server.child.pid);
      const cpuBefore = cpuMsOf(server.child.pid);
      const figures = await load(url, headers, CONNECTIONS, seconds);
      const cpuMs = cpuMsOf(server.child.pid) - cpuBefore;
      await waitUntilIdle(server.child.pid);
      return { ...figures, cpuMsPerRequest: figures.requests > 0 ? cpuMs / figures.requests : 0 };
    };
    const sampler = startSampler(server.rss);
    const floor = await measure(`${server.baseUrl}/api/user-service/auth/me`, 'auth/me (floor)');
    const first = await measure(page(1), 'first page');
    const last = await measure(page(lastPage), `last page (${lastPage})`);
    const writer = startStateWriter(server.baseUrl, headers, firstPage.list as ListedDevice[]);
    const changing = await measure(page(1), `first page while ${WRITES_PER_SECOND} devices/s change`);
    const writes = await writer.stop();
    const memory = sampler.stop();
    await server.stop();
    if (cpuProf) process.stdout.write(`[${dialect}] server CPU profile in ${join(fresh.dir, 'profile')}\n`);
    return {
      dialect,
      total: firstPage.total,
      stores,
      lastPage,
      floor,
      first,
      last,
      changing,
      writes,
      rssPeak: memory.peak,
    };
  } finally {
    await server.stop();
    await database.close();
    if (!cpuProf) await fresh.drop();
  }
}

interface ListedDevice {
  deviceId: number;
}

/**
 * Disables and re-enables the first page's devices in turn, `WRITES_PER_SECOND` calls a second, through
 * the API (so the server's write watch sees them); `stop` restores every device and says how many
 * writes were answered 2xx.
 */
function startStateWriter(
  baseUrl: string,
  headers: Record<string, string>,
  devices: readonly ListedDevice[],
) {
  let writes = 0;
  let turn = 0;
  let running = true;
  const disabled = new Set<number>();
  const setState = async (deviceId: number, state: number) => {
    const res = await fetch(`${baseUrl}${UPDATE_STATE}/${deviceId}/${state}`, { headers });
    await res.arrayBuffer();
    if (res.ok) writes += 1;
  };
  const loop = (async () => {
    while (running) {
      const device = devices[turn % devices.length];
      turn += 1;
      if (device) {
        const state = disabled.has(device.deviceId) ? 1 : 2;
        await setState(device.deviceId, state);
        if (state === 2) disabled.add(device.deviceId);
        else disabled.delete(device.deviceId);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 / WRITES_PER_SECOND));
    }
  })();
  return {
    async stop(): Promise<number> {
      running = false;
      await loop;
      for (const deviceId of disabled) await setState(deviceId, 1);
      return writes;
    },
  };
}

function barsOf(f: ListFigures): Bar[] {
  const ratio = f.first.p95 > 0 ? f.last.p95 / f.first.p95 : Number.POSITIVE_INFINITY;
  const failures = f.floor.failures + f.first.failures + f.last.failures + f.changing.failures;
  const measured = Math.min(f.floor.requests, f.first.requests, f.last.requests, f.changing.requests);
  const changingOverFloor = f.floor.p95 > 0 ? f.changing.p95 / f.floor.p95 : Number.POSITIVE_INFINITY;
  const worstPage = Math.max(f.first.p95, f.last.p95);
  const overFloor = f.floor.p95 > 0 ? worstPage / f.floor.p95 : Number.POSITIVE_INFINITY;
  return [
    {
      name: `first and last page p95 ≤ ${MAX_PAGE_OVER_FLOOR} × auth/me p95`,
      pass: measured > 0 && overFloor <= MAX_PAGE_OVER_FLOOR,
      detail: `first ${fmt(f.first.p95, 1)} ms, last ${fmt(f.last.p95, 1)} ms vs auth/me ${fmt(f.floor.p95, 1)} ms = ${fmt(overFloor, 2)}× (worst)`,
    },
    {
      name: `first page p95 while ${WRITES_PER_SECOND} devices/s change ≤ ${MAX_PAGE_OVER_FLOOR} × auth/me p95`,
      pass: measured > 0 && f.writes > 0 && changingOverFloor <= MAX_PAGE_OVER_FLOOR,
      detail: `${fmt(f.changing.p95, 1)} ms vs auth/me ${fmt(f.floor.p95, 1)} ms = ${fmt(changingOverFloor, 2)}× (${fmt(f.writes)} writes answered)`,
    },
    {
      name: 'last page p95 ≤ 1.5 × first page p95',
      pass: measured > 0 && ratio <= MAX_LAST_OVER_FIRST,
      detail: `${fmt(f.last.p95, 1)} ms vs ${fmt(f.first.p95, 1)} ms = ${fmt(ratio, 2)}×`,
    },
    {
      name: 'every request answered 2xx',
      pass: failures === 0 && measured > 0,
      detail: `${failures} failures, fewest answers in a phase ${measured}`,
    },
  ];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const devices = numberArg(argv, 'devices', 100_000);
  const seconds = numberArg(argv, 'seconds', 10);
  const cpuProf = argv.includes('--cpu-prof');
  process.stdout.write(`${machineLine()}\n`);
  const results: ListFigures[] = [];
  for (const dialect of dialectsFromArgs(argv)) results.push(await runOn(dialect, devices, seconds, cpuProf));

  process.stdout.write(
    `\nDevice list, ${CONNECTIONS} connections, ${PAGE_SIZE} per page — ${new Date().toISOString()}\n${machineLine()}\n\n`,
  );
  const col = (pick: (f: ListFigures) => string) => results.map(pick);
  const row = (label: string, pick: (f: ListFigures) => LoadFigures) => [
    label,
    ...col((f) => {
      const l = pick(f);
      return `${fmt(l.p95, 1)} ms (p50 ${fmt(l.p50, 1)}, ${fmt(l.perSecond)} req/s)`;
    }),
  ];
  printTable(
    ['', ...results.map((f) => f.dialect)],
    [
      ['devices listed / stores', ...col((f) => `${fmt(f.total)} / ${f.stores}`)],
      row('baseline: auth/me p95', (f) => f.floor),
      row('first page p95', (f) => f.first),
      row(`last page p95`, (f) => f.last),
      row(`first page p95, ${WRITES_PER_SECOND} devices/s changing`, (f) => f.changing),
      ['last page number', ...col((f) => fmt(f.lastPage))],
      ['last ÷ first (p95)', ...col((f) => `${fmt(f.last.p95 / f.first.p95, 2)}×`)],
      [
        'first, last ÷ auth/me (p95)',
        ...col((f) => `${fmt(f.first.p95 / f.floor.p95, 2)}×, ${fmt(f.last.p95 / f.floor.p95, 2)}×`),
      ],
      [
        'server CPU per request',
        ...col(
          (f) =>
            `auth/me ${fmt(f.floor.cpuMsPerRequest, 2)}, first ${fmt(f.first.cpuMsPerRequest, 2)}, last ${fmt(f.last.cpuMsPerRequest, 2)}, changing ${fmt(f.changing.cpuMsPerRequest, 2)} ms`,
        ),
      ],
      ['server RSS peak', ...col((f) => mb(f.rssPeak))],
    ],
  );
  process.stdout.write('\n');
  let allPass = true;
  for (const f of results) allPass = printBars(f.dialect, barsOf(f)) && allPass;
  process.exitCode = allPass ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:device-list failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});
