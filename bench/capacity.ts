/**
 * Capacity benchmark (issue 15, "How big one node goes"): a soak run, bounded in time, of a simulated
 * fleet reporting at the probe interval while console users page through the console.
 *
 *   npm run bench:capacity [-- --db sqlite|postgres] [--nodes 1|2] [--stores N | --search N1,N2,…]
 *                            [--minutes 10] [--users 20] [--think-ms 1000] [--usage-days 30]
 *
 * Per mode and fleet size N, on a fresh database: the server seeds the demo and stops; N stores go into
 * the demo admin's company (over its cities), each with its box and 8 monitored devices
 * (support/capacity-fixture.repository.ts), plus `--usage-days` stored usage days; then the server
 * starts again — one node, or (`--nodes 2`, PostgreSQL) two nodes on the database with Redis
 * 127.0.0.1:6379 and a loopback round-robin in front of them (support/round-robin.ts). The simulated
 * fleet (support/capacity-fleet.ts: several processes, the simulator's own boxes, the real agent
 * protocol) links its boxes spread over one probe interval — with two nodes, box i to node i mod 2 —
 * and reports at the interval the server sends (the default 60 s), the demo alert rules on. After the
 * ramp, for `--minutes`: `--users` console users (support/console-users.ts) sign in through the
 * round-robin (or the node) and page through the device list, open devices and run usage reports.
 *
 * Bars: every value made in the window acked within 2 probe intervals (from the box's side: the cycle
 * that made it to the ack that covered it) and every box linked throughout; the device list's p95 ≤ 4 ×
 * the `auth/me` p95 of the same run; every server process's RSS < 400 MB (sampled from /proc); every
 * console call answered. The run is only valid when the simulator kept up (its event-loop delay; its
 * CPU and every other process's are printed). `--search` runs each N and names the largest passing.
 * All traffic is on 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import { openDatabase } from '../apps/server/src/db/database';
import { getMonitoringSettings } from '../apps/server/src/modules/config/config.service';
import { addDays, dayOf } from '../apps/server/src/modules/usage/jobs/usage-days';
import { loadSecretKeyRing } from '../apps/server/src/secrets/secret-keys';
import { DEVICES_PER_STORE, insertCapacityFleet } from './support/capacity-fixture.repository';
import { startCapacityFleet } from './support/capacity-fleet';
import { barsOf, label, type Mode, printRuns, type RunFigures } from './support/capacity-report';
import { startConsoleUsers } from './support/console-users';
import { startCpuWatch } from './support/cpu-watch';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { nodeWindow, scrapeMetrics } from './support/node-metrics';
import { fmt, machineLine, mb, numberArg, printBars } from './support/report';
import { type RoundRobin, startRoundRobin } from './support/round-robin';
import { startSampler, waitUntilIdle } from './support/server-child';
import { startServerNodes } from './support/server-nodes';
import { companyCities } from './support/usage-reports-fixture.repository';

const ADMIN_COMPANY = 1;
const PAGE_SIZE = 10;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Storefleet@2026';

const USAGE = `npm run bench:capacity [-- options]
  --db sqlite|postgres   one database (default both)
  --nodes 1|2            server nodes on PostgreSQL (default 1; 2 needs --db postgres)
  --stores N             stores in the fleet, each a box and ${DEVICES_PER_STORE} devices (default 1000)
  --search N1,N2,…       run each fleet size, report the largest that passes every bar
  --minutes M            measured soak after the ramp (default 10)
  --users U              console users (default 20), --think-ms their mean pause (default 1000)
  --usage-days D         stored usage days the reports read (default 30; 0 none)
  --boxes-per-process B  boxes per simulator process (default 2500)
PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test); Redis 127.0.0.1:6379.`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function runOne(mode: Mode, stores: number, options: Options): Promise<RunFigures> {
  const tag = `[${label(mode)}, ${fmt(stores)} stores]`;
  const say = (text: string) => process.stdout.write(`${tag} ${text}\n`);
  const fresh = await freshDatabase(mode.dialect, 'capacity');
  const dataDir = join(fresh.dir, 'data');
  const database = openDatabase(fresh.url);
  let proxy: RoundRobin | null = null;
  let cluster: Awaited<ReturnType<typeof startServerNodes>> | null = null;
  let stopFleet = () => {};
  try {
    // The first start migrates and seeds the demo; the fleet goes in while no server runs.
    await (await startServerNodes(fresh.url, dataDir, 1)).stop();
    const at = performance.now();
    const fixture = await insertCapacityFleet(
      database.db,
      mode.dialect,
      ADMIN_COMPANY,
      stores,
      options.usageDays,
      // Sealed with the key the first start made in the data folder (or SECRETS_KEY), as the nodes read it.
      loadSecretKeyRing(process.env, dataDir),
    );
    say(
      `${fmt(stores)} stores, ${fmt(stores * (1 + DEVICES_PER_STORE))} devices, ${fmt(fixture.usageRows)} usage rows inserted (${fmt((performance.now() - at) / 1000, 1)} s)`,
    );
    const interval = (await getMonitoringSettings(database.db, ADMIN_COMPANY)).probeIntervalSeconds;
    const provinceIds = [
      ...new Set((await companyCities(database.db, ADMIN_COMPANY)).map((c) => c.provinceId)),
    ];

    cluster = await startServerNodes(fresh.url, dataDir, mode.nodes);
    const nodes = cluster.nodes;
    if (mode.nodes > 1) proxy = await startRoundRobin(nodes.map((n) => n.port));
    const consoleUrl = proxy ? `http://127.0.0.1:${proxy.port}` : (nodes[0]?.baseUrl ?? '');
    execFileSync('sync');
    for (const node of nodes) await waitUntilIdle(node.child.pid);

    // The simulator processes start (10 s allowed), the boxes link spread over one interval, and the
    // window opens 10 s after the last one.
    const rampMs = interval * 1000;
    const rampStart = Date.now() + 10_000;
    const windowStart = rampStart + rampMs + 10_000;
    const windowEnd = windowStart + options.minutes * 60_000;
    const samplers = nodes.map((node) => startSampler(node.rss, 250));
    const fleet = startCapacityFleet({
      serverUrls: nodes.map((n) => n.baseUrl),
      keys: fixture.keys,
      processes: Math.max(1, Math.ceil(stores / options.boxesPerProcess)),
      rampStart,
      rampMs,
      windowStart,
      windowEnd,
      drainMs: 2 * rampMs + 10_000,
    });
    stopFleet = fleet.stop;
    say(
      `${fleet.pids.length} simulator process(es), boxes link over ${interval} s; window of ${options.minutes} min…`,
    );
    const progress = setInterval(
      () => say(`${fmt(fleet.linked())} boxes linked, server RSS ${cluster?.rss().map(mb).join(' + ')}`),
      30_000,
    );
    await sleep(windowStart - Date.now());
    const loadStart = loadAverage();
    const scrapesAtStart = await Promise.all(nodes.map((n) => scrapeMetrics(n.baseUrl)));
    const cpuWatch = startCpuWatch([
      { name: mode.nodes > 1 ? 'server nodes' : 'server', pids: nodes.flatMap((n) => n.child.pid ?? []) },
      { name: 'postgres', comm: 'postgres' },
      { name: 'simulator', pids: fleet.pids },
      { name: 'round-robin', pids: proxy ? [proxy.pid] : [] },
      { name: 'console users', pids: [process.pid] },
    ]);
    const today = dayOf(Date.now());
    const users = startConsoleUsers({
      baseUrl: consoleUrl,
      accounts: [
        { username: 'admin', password: PASSWORD },
        { username: 'operator', password: PASSWORD },
      ],
      users: options.users,
      thinkMs: options.thinkMs,
      provinceIds,
      usageRange: { startTime: addDays(today, -30), endTime: addDays(today, -1) },
      pageSize: PAGE_SIZE,
    });
    await sleep(windowEnd - Date.now());
    const calls = await users.stop();
    const cpu = cpuWatch.stop();
    const scrapesAtEnd = await Promise.all(nodes.map((n) => scrapeMetrics(n.baseUrl)));
    const loadEnd = loadAverage();
    say('window over; waiting for its last values to be acked…');
    const fleetFigures = await fleet.result;
    clearInterval(progress);
    const rssPeaks = samplers.map((s) => s.stop().peak);
    return {
      mode,
      stores,
      intervalSeconds: interval,
      minutes: options.minutes,
      usageRows: fixture.usageRows,
      fleet: fleetFigures,
      calls,
      rssPeaks,
      cpu,
      nodeWindows: scrapesAtStart.map((start, i) => nodeWindow(start, scrapesAtEnd[i] ?? new Map())),
      load: [loadStart, loadEnd],
    };
  } finally {
    stopFleet();
    await proxy?.stop();
    await cluster?.stop();
    await database.close();
    await fresh.drop();
  }
}

const loadAverage = () => loadavg()[0] ?? 0;

interface Options {
  minutes: number;
  boxesPerProcess: number;
  users: number;
  thinkMs: number;
  usageDays: number;
}

/** `--usage-days D` (0 allowed: no stored usage), default 30. */
function usageDaysArg(argv: readonly string[]): number {
  const index = argv.indexOf('--usage-days');
  if (index < 0) return 30;
  const days = Number(argv[index + 1]);
  if (!Number.isInteger(days) || days < 0 || days > 366) throw new Error('--usage-days must be 0–366');
  return days;
}

function modesFromArgs(argv: readonly string[]): Mode[] {
  const nodes = numberArg(argv, 'nodes', 1);
  if (nodes !== 1 && nodes !== 2) throw new Error('--nodes must be 1 or 2');
  if (nodes === 2) {
    const index = argv.indexOf('--db');
    if (argv[index + 1] !== 'postgres' || index < 0) throw new Error('--nodes 2 needs --db postgres');
    return [{ dialect: 'postgres', nodes: 2 }];
  }
  return dialectsFromArgs(argv).map((dialect) => ({ dialect, nodes: 1 }));
}

function sizesFromArgs(argv: readonly string[]): number[] {
  const index = argv.indexOf('--search');
  if (index < 0) return [Math.floor(numberArg(argv, 'stores', 1000))];
  const sizes = (argv[index + 1] ?? '').split(',').map(Number);
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('--search takes whole numbers separated by commas, e.g. 2000,5000,10000');
  return sizes.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const options: Options = {
    minutes: numberArg(argv, 'minutes', 10),
    boxesPerProcess: Math.floor(numberArg(argv, 'boxes-per-process', 2500)),
    users: Math.floor(numberArg(argv, 'users', 20)),
    thinkMs: numberArg(argv, 'think-ms', 1000),
    usageDays: usageDaysArg(argv),
  };
  const modes = modesFromArgs(argv);
  const sizes = sizesFromArgs(argv);
  process.stdout.write(`${machineLine()}\n`);
  const results: RunFigures[] = [];
  for (const mode of modes) for (const stores of sizes) results.push(await runOne(mode, stores, options));

  process.stdout.write(`\nCapacity — ${new Date().toISOString()}\n${machineLine()}\n\n`);
  printRuns(results);
  process.stdout.write('\n');
  let allPass = true;
  const passing = new Map<string, number>();
  for (const f of results) {
    const pass = printBars(`${label(f.mode)}, ${fmt(f.stores)} stores`, barsOf(f));
    if (pass) passing.set(label(f.mode), Math.max(passing.get(label(f.mode)) ?? 0, f.stores));
    allPass = pass && allPass;
  }
  if (sizes.length > 1) {
    process.stdout.write('\n');
    for (const mode of modes) {
      const best = passing.get(label(mode));
      process.stdout.write(
        `[${label(mode)}] largest fleet passing every bar: ${best ? `${fmt(best)} stores (${fmt(best * DEVICES_PER_STORE)} devices)` : 'none of the sizes tried'}\n`,
      );
    }
  }
  process.exitCode = allPass ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:capacity failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});
