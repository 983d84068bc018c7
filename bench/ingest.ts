/**
 * Ingest benchmark: agent values through the real box-hub path into the database.
 *
 *   npm run bench:ingest [-- --db sqlite|postgres] [--mix store|reachability] [--values 300000] [--cpu-prof] [--rules]
 *   npm run bench:ingest -- --db postgres --nodes 2
 *
 * Per database: a fresh database, the real server as a child process (demo data: one box per store),
 * the simulator CLI in burst mode as a second process sending batches of 1000 values from every box
 * until each has sent its share, then a count of what was stored. Two value mixes: `store` (every kind
 * a store reports: pings, SNMP, host reports, syslog — ~6 stored rows per value) and `reachability`
 * (ping results only, ~3.5 rows per value); both by default. Baseline, same run: the rows the hub
 * stored, inserted again raw (better-sqlite3 prepared statements / multi-row pg inserts), same tables,
 * same batches of 1000 values, one transaction per batch, SQLite on the server's `synchronous` setting
 * (FULL); the SQLite baseline runs once more on NORMAL to show what syncing every commit costs. All
 * traffic is on 127.0.0.1. `--rules` (issue 11): each (database, mix) runs four times on fresh databases,
 * no enabled alert rule / 5 enabled rules per watched item for every device / 5 rules / none (ABBA, so
 * each side runs once first and once second and the order's drift cancels); the bar is the geometric
 * mean of the two pairs' ratios ≥ 90 % (`--rounds N` repeats the four and takes the median). Every run
 * flushes the disk and waits for the server to be idle before the burst, and reports the server's own
 * CPU time per 1,000 values (what the rules cost, steadier than values/s on a busy machine).
 * `--nodes 2` (issue 15, PostgreSQL): each mix runs on one node and then on two server nodes on one
 * database with Redis (support/server-nodes.ts), the boxes split between them (one simulator per node,
 * half the keys each; figure: all acks over the longer of the two bursts), each against the COPY of its
 * own stored rows; beside the figures, where the machine's CPU went (nodes, PostgreSQL, simulators).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { SQLITE_SYNCHRONOUS } from '../apps/server/src/db/sqlite';
import { loadSecretKeyRing } from '../apps/server/src/secrets/secret-keys';
import { type RulesMode, setBenchRules } from './support/bench-rules.repository';
import { startCpuWatch } from './support/cpu-watch';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import {
  batchesOf,
  postgresBaseline,
  postgresCopyBaseline,
  sqliteBaseline,
} from './support/ingest-baseline.repository';
import {
  countStoredValues,
  listBoxKeys,
  readMetricRows,
  readSyslogRows,
} from './support/ingest-check.repository';
import { barsOf, type IngestFigures, printRuns, rulesBar, runLabel } from './support/ingest-report';
import { fmt, machineLine, numberArg, printBars } from './support/report';
import { cpuTicksOf, startSampler, waitUntilIdle } from './support/server-child';
import { startServerNodes } from './support/server-nodes';
import { type BurstMix, type BurstResult, runBurst } from './support/simulator-child';

const BATCH = 1000;
/** /proc/<pid>/stat counts CPU time in clock ticks of 10 ms (USER_HZ 100 on Linux). */
const CLOCK_TICK_MS = 10;

const USAGE = `npm run bench:ingest [-- options]
  --db sqlite|postgres          one database (default both)
  --mix store|reachability      one value mix (default both)
  --values N                    values per run, spread over the boxes (default 300000)
  --cpu-prof                    keep the scratch folder with the server's CPU profile
  --rules                       each run without rules, with 5 rules per watched item, again with 5
                                rules, again without (bar: geometric mean of the pairs ≥ 90 %)
  --rounds N                    with --rules: the four runs N times, median of the rounds (default 1)
  --nodes 2                     PostgreSQL: each mix on one node, then on two nodes (Redis
                                127.0.0.1:6379) with the boxes split between them, each against COPY
SQLite runs synchronous=${SQLITE_SYNCHRONOUS} (the server's setting) in the hub and the baseline.
PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test, loopback only).`;

async function runOn(
  dialect: DialectName,
  mix: BurstMix,
  totalValues: number,
  cpuProf: boolean,
  rules: RulesMode = 'demo',
  nodeCount = 1,
): Promise<IngestFigures> {
  const fresh = await freshDatabase(dialect, 'ingest');
  const profArgs = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${join(fresh.dir, 'profile')}`] : [];
  const cluster = await startServerNodes(fresh.url, join(fresh.dir, 'data'), nodeCount, profArgs);
  const { nodes } = cluster;
  const database = openDatabase(fresh.url);
  const label = `[${dialect}, ${mix}${nodeCount > 1 ? `, ${nodeCount} nodes` : ''}]`;
  try {
    // The key the first node made in the shared data folder (or SECRETS_KEY): the boxes' keys are sealed.
    const keys = await listBoxKeys(database.db, loadSecretKeyRing(process.env, join(fresh.dir, 'data')));
    if (keys.length < nodeCount) throw new Error('the demo seed made too few boxes');
    await setBenchRules(database.db, rules);
    // Fair start: the previous run's dirty pages (its baseline wrote the rows twice) are on disk before
    // this burst's commits sync, and the server's start-up work (seed, OpenAPI document) is over.
    execFileSync('sync');
    for (const node of nodes) await waitUntilIdle(node.child.pid);
    // The boxes split between the nodes, each node's share in a keys file of its own.
    const keysFiles = nodes.map((_, n) => {
      const file = join(fresh.dir, `keys-${n + 1}.txt`);
      const share = keys.filter((_key, i) => i % nodeCount === n);
      writeFileSync(file, `${share.join('\n')}\n`, { mode: 0o600 });
      return file;
    });
    const perBox = Math.ceil(totalValues / keys.length);
    process.stdout.write(
      `${label} ${keys.length} boxes × ${fmt(perBox)} values, batches of ${BATCH}${nodeCount > 1 ? `, split over ${nodeCount} nodes` : ''}…\n`,
    );

    const samplers = nodes.map((node) => startSampler(node.rss));
    const simulatorGroups: number[] = [];
    const cpuWatch = startCpuWatch([
      { name: nodeCount > 1 ? 'server nodes' : 'server', pids: nodes.flatMap((n) => n.child.pid ?? []) },
      { name: 'postgres', comm: 'postgres' },
      { name: 'simulator', processGroups: simulatorGroups },
    ]);
    const ticksBefore = nodes.map((node) => cpuTicksOf(node.child.pid));
    const bursts = await Promise.all(
      nodes.map((node, n) =>
        runBurst({
          serverUrl: node.baseUrl,
          keysFile: keysFiles[n] ?? '',
          batchSize: BATCH,
          valuesPerBox: perBox,
          mix,
          timeoutMs: Math.max(120_000, (totalValues / 2_000) * 1000),
          onSpawn: (group) => simulatorGroups.push(group),
        }),
      ),
    );
    const cpu = cpuWatch.stop();
    const burst = combinedBurst(bursts);
    const memory = samplers.map((sampler) => sampler.stop());
    const serverCpuMs = nodes.reduce(
      (sum, node, n) => sum + (cpuTicksOf(node.child.pid) - (ticksBefore[n] ?? 0)) * CLOCK_TICK_MS,
      0,
    );
    await cluster.stop();
    if (cpuProf) process.stdout.write(`${label} server CPU profile in ${join(fresh.dir, 'profile')}\n`);
    for (const one of bursts)
      if (one.timedOut || one.exitCode !== 0) process.stdout.write(`${label} simulator:\n${one.output}\n`);

    const stored = await countStoredValues(database.db);
    const batches = batchesOf(await readMetricRows(database.db), await readSyslogRows(database.db), BATCH);
    const sqliteFile = fresh.url.slice('sqlite:'.length);
    const baselineMs =
      dialect === 'sqlite'
        ? sqliteBaseline(sqliteFile, fresh.dir, batches, SQLITE_SYNCHRONOUS)
        : await postgresBaseline(fresh.url, batches);
    const normalMs = dialect === 'sqlite' ? sqliteBaseline(sqliteFile, fresh.dir, batches, 'NORMAL') : null;
    const copyMs = dialect === 'postgres' ? await postgresCopyBaseline(fresh.url, batches) : null;
    return {
      dialect,
      mix,
      rules,
      nodes: nodeCount,
      boxes: keys.length,
      sent: perBox * keys.length,
      burst,
      stored,
      rssPeak: Math.max(...memory.map((m) => m.peak)),
      rssMean: memory[0]?.mean ?? 0,
      rssPeaks: memory.map((m) => m.peak),
      cpu,
      serverCpuMs,
      baselineMs,
      baselineValuesPerSecond: stored.values / (baselineMs / 1000),
      normalValuesPerSecond: normalMs === null ? null : stored.values / (normalMs / 1000),
      copyValuesPerSecond: copyMs === null ? null : stored.values / (copyMs / 1000),
    };
  } finally {
    await cluster.stop();
    await database.close();
    if (!cpuProf) await fresh.drop();
  }
}

/**
 * One figure for simulators run side by side (one per node): every ack over the longest burst. Each
 * simulator reports its acks per second over its fleet's life; that life is acked ÷ rate.
 */
function combinedBurst(bursts: readonly BurstResult[]): BurstResult {
  if (bursts.length === 1 && bursts[0]) return bursts[0];
  const acked = bursts.reduce((sum, b) => sum + b.acked, 0);
  const failed = bursts.find((b) => b.exitCode !== 0);
  const lifeMs = Math.max(
    ...bursts.map((b) => (b.valuesPerSecond > 0 ? (b.acked / b.valuesPerSecond) * 1000 : 0)),
  );
  return {
    acked,
    generated: bursts.reduce((sum, b) => sum + b.generated, 0),
    valuesPerSecond: lifeMs > 0 ? Math.round((acked * 1000) / lifeMs) : 0,
    resent: bursts.reduce((sum, b) => sum + b.resent, 0),
    dropped: bursts.reduce((sum, b) => sum + b.dropped, 0),
    wallMs: Math.max(...bursts.map((b) => b.wallMs)),
    exitCode: failed ? failed.exitCode : 0,
    timedOut: bursts.some((b) => b.timedOut),
    output: bursts.map((b) => b.output).join('\n'),
  };
}

/** `--nodes 1` (default) or `--nodes 2` (PostgreSQL only: one node and two, same run). */
function nodesFromArgs(argv: readonly string[], withRules: boolean): 1 | 2 {
  const nodes = numberArg(argv, 'nodes', 1);
  if (nodes === 1) return 1;
  if (nodes !== 2) throw new Error('--nodes must be 1 or 2');
  const index = argv.indexOf('--db');
  if (index >= 0 && argv[index + 1] !== 'postgres')
    throw new Error('--nodes 2 needs --db postgres (several nodes share one PostgreSQL database)');
  if (withRules) throw new Error('--rules runs one node; leave out --nodes 2');
  return 2;
}

function mixesFromArgs(argv: readonly string[]): BurstMix[] {
  const index = argv.indexOf('--mix');
  const wanted = index >= 0 ? argv[index + 1] : undefined;
  if (wanted === 'store' || wanted === 'reachability') return [wanted];
  if (wanted !== undefined) throw new Error('--mix must be store or reachability');
  return ['store', 'reachability'];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const totalValues = numberArg(argv, 'values', 300_000);
  const mixes = mixesFromArgs(argv);
  const cpuProf = argv.includes('--cpu-prof');
  const withRules = argv.includes('--rules');
  const rounds = Math.round(numberArg(argv, 'rounds', 1));
  const order: RulesMode[] = withRules ? ['none', 'five', 'five', 'none'] : ['demo'];
  const twoNodes = nodesFromArgs(argv, withRules) === 2;
  process.stdout.write(`${machineLine()}\n`);
  const groups: Array<{ dialect: DialectName; mix: BurstMix; runs: IngestFigures[] }> = [];
  for (const dialect of twoNodes ? (['postgres'] as const) : dialectsFromArgs(argv)) {
    for (const mix of mixes) {
      const runs: IngestFigures[] = [];
      if (twoNodes) {
        // The same run: one node, then two on a fresh database, each against COPY of its own rows.
        runs.push(await runOn(dialect, mix, totalValues, cpuProf, 'demo', 1));
        runs.push(await runOn(dialect, mix, totalValues, cpuProf, 'demo', 2));
      }
      for (let round = 0; round < (withRules ? rounds : 1) && !twoNodes; round++)
        for (const mode of order) runs.push(await runOn(dialect, mix, totalValues, cpuProf, mode));
      groups.push({ dialect, mix, runs });
    }
  }

  process.stdout.write(
    `\nIngest through the box hub — ${new Date().toISOString()}\n${machineLine()}\nSQLite: synchronous=${SQLITE_SYNCHRONOUS} on the server's connection and the baseline's\n\n`,
  );
  const results = groups.flatMap((g) => g.runs);
  if (withRules) {
    for (const group of groups) {
      printRuns(group.runs, (f) => `${f.dialect}, ${f.mix}, rules: ${f.rules}`);
      process.stdout.write('\n');
    }
  } else {
    printRuns(results, runLabel);
    process.stdout.write('\n');
  }
  if (twoNodes) {
    for (const { mix, runs } of groups) {
      const [one, two] = runs;
      if (one && two)
        process.stdout.write(
          `[postgres, ${mix}] two nodes ÷ one node: ${fmt((two.burst.valuesPerSecond / one.burst.valuesPerSecond) * 100, 1)}% (${fmt(two.burst.valuesPerSecond)} / ${fmt(one.burst.valuesPerSecond)} values/s)\n`,
        );
    }
    process.stdout.write('\n');
  }
  let allPass = true;
  for (const f of results)
    allPass =
      printBars(`${runLabel(f)}${f.rules === 'demo' ? '' : `, rules: ${f.rules}`}`, barsOf(f)) && allPass;
  if (withRules)
    for (const group of groups)
      allPass =
        printBars(`${group.dialect}, ${group.mix}, 5 rules per item`, [rulesBar(group.runs)]) && allPass;
  process.exitCode = allPass ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:ingest failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});
