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
import { type RulesMode, setBenchRules } from './support/bench-rules.repository';
import { type CpuFigures, startCpuWatch } from './support/cpu-watch';
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
  type StoredValues,
} from './support/ingest-check.repository';
import { type Bar, fmt, machineLine, mb, median, numberArg, printBars, printTable } from './support/report';
import { cpuTicksOf, startSampler, waitUntilIdle } from './support/server-child';
import { startServerNodes } from './support/server-nodes';
import { type BurstMix, type BurstResult, runBurst } from './support/simulator-child';

const BATCH = 1000;
const MIN_VALUES_PER_SECOND = 20_000;
const MIN_SHARE_OF_BASELINE = 0.5;
const MAX_RSS = 400 * 1024 * 1024;
const MIN_SHARE_WITH_RULES = 0.9;
/** /proc/<pid>/stat counts CPU time in clock ticks of 10 ms (USER_HZ 100 on Linux). */
const CLOCK_TICK_MS = 10;

interface IngestFigures {
  dialect: DialectName;
  mix: BurstMix;
  rules: RulesMode;
  /** Server nodes on the database (1, or 2 with `--nodes 2`). */
  nodes: number;
  boxes: number;
  sent: number;
  burst: BurstResult;
  stored: StoredValues;
  /** The highest RSS peak of any node, and the mean of the first node. */
  rssPeak: number;
  rssMean: number;
  /** Each node's RSS peak. */
  rssPeaks: number[];
  /** Where the machine's CPU went during the burst (nodes, PostgreSQL, simulators). */
  cpu: CpuFigures;
  /** The server processes' CPU time (user + system) during the burst, all nodes, ms. */
  serverCpuMs: number;
  baselineMs: number;
  baselineValuesPerSecond: number;
  /** SQLite only: the same baseline with synchronous NORMAL (commits not synced), for comparison. */
  normalValuesPerSecond: number | null;
  /** PostgreSQL only: the same batches through COPY FROM STDIN (the database's fast path). */
  copyValuesPerSecond: number | null;
}

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
    const keys = await listBoxKeys(database.db);
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

function barsOf(f: IngestFigures): Bar[] {
  const hub = f.burst.valuesPerSecond;
  const share = f.baselineValuesPerSecond > 0 ? hub / f.baselineValuesPerSecond : 0;
  const complete = !f.burst.timedOut && f.burst.exitCode === 0 && f.burst.acked === f.sent;
  return [
    {
      name: 'throughput ≥ 50% of the raw-insert baseline',
      pass: share >= MIN_SHARE_OF_BASELINE,
      detail: `${fmt(hub)} / ${fmt(f.baselineValuesPerSecond)} values/s = ${fmt(share * 100, 1)}%`,
    },
    ...(f.copyValuesPerSecond === null
      ? []
      : [
          {
            name: 'throughput ≥ 50% of COPY of the same rows (PostgreSQL)',
            pass: hub / f.copyValuesPerSecond >= MIN_SHARE_OF_BASELINE,
            detail: `${fmt(hub)} / ${fmt(f.copyValuesPerSecond)} values/s = ${fmt((hub / f.copyValuesPerSecond) * 100, 1)}%`,
          },
        ]),
    {
      name: 'throughput ≥ 20,000 values/s',
      pass: hub >= MIN_VALUES_PER_SECOND,
      detail: `${fmt(hub)} values/s`,
    },
    {
      name: 'no value lost, none stored twice',
      pass: complete && f.stored.values === f.burst.acked && f.stored.twice === 0,
      detail: `sent ${fmt(f.sent)}, acked ${fmt(f.burst.acked)}, stored ${fmt(f.stored.values)}, twice ${fmt(f.stored.twice)}${f.burst.timedOut ? ', TIMED OUT' : ''}`,
    },
    {
      name: 'server RSS < 400 MB',
      pass: f.rssPeak > 0 && f.rssPeak < MAX_RSS,
      detail: `peak ${mb(f.rssPeak)}`,
    },
  ];
}

/** Cores busy during the burst: server nodes, PostgreSQL (all its processes), simulators, machine. */
function cpuRows(results: readonly IngestFigures[]): string[][] {
  const cores = (f: IngestFigures, name: string) => {
    const group = f.cpu.groups.find(
      (g) => g.name === name || (name === 'server' && g.name === 'server nodes'),
    );
    return group ? group.cores.toFixed(2) : '—';
  };
  return [
    ['cores busy: server (all nodes)', ...results.map((f) => cores(f, 'server'))],
    ['cores busy: postgres processes', ...results.map((f) => cores(f, 'postgres'))],
    ['cores busy: simulator(s)', ...results.map((f) => cores(f, 'simulator'))],
    [
      'cores busy: whole machine',
      ...results.map((f) => `${f.cpu.machineCores.toFixed(2)} of ${f.cpu.coresAvailable}`),
    ],
  ];
}

const runLabel = (f: IngestFigures) =>
  `${f.dialect}, ${f.mix}${f.nodes > 1 ? `, ${f.nodes} nodes` : f.dialect === 'postgres' ? ', 1 node' : ''}`;

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

/** Server CPU time per 1,000 values acked, ms. */
function cpuPerThousand(f: IngestFigures): number {
  return f.burst.acked > 0 ? (f.serverCpuMs / f.burst.acked) * 1000 : 0;
}

/** One table of `results` (all runs, or one (database, mix) of a `--rules` run). */
function printRuns(results: readonly IngestFigures[], label: (f: IngestFigures) => string): void {
  const col = (pick: (f: IngestFigures) => string) => results.map(pick);
  printTable(
    ['', ...results.map(label)],
    [
      ['boxes × values each', ...col((f) => `${f.boxes} × ${fmt(f.sent / f.boxes)}`)],
      ['hub: values/s (simulator acks)', ...col((f) => fmt(f.burst.valuesPerSecond))],
      ['hub: wall time of the burst', ...col((f) => `${fmt(f.burst.wallMs / 1000, 1)} s`)],
      ['server CPU per 1,000 values', ...col((f) => `${fmt(cpuPerThousand(f), 1)} ms`)],
      [
        'values acked / stored / twice',
        ...col((f) => `${fmt(f.burst.acked)} / ${fmt(f.stored.values)} / ${f.stored.twice}`),
      ],
      [
        'rows: raw history + syslog',
        ...col((f) => `${fmt(f.stored.metricRows)} + ${fmt(f.stored.syslogRows)}`),
      ],
      [
        'server RSS peak / mean',
        ...col((f) =>
          f.nodes > 1 ? `${f.rssPeaks.map(mb).join(' + ')} (peaks)` : `${mb(f.rssPeak)} / ${mb(f.rssMean)}`,
        ),
      ],
      ...cpuRows(results),
      ['baseline: raw inserts values/s', ...col((f) => fmt(f.baselineValuesPerSecond))],
      [
        `  same, sqlite NORMAL not ${SQLITE_SYNCHRONOUS}`,
        ...col((f) => (f.normalValuesPerSecond === null ? '—' : fmt(f.normalValuesPerSecond))),
      ],
      [
        'baseline: COPY values/s (postgres)',
        ...col((f) => (f.copyValuesPerSecond === null ? '—' : fmt(f.copyValuesPerSecond))),
      ],
      [
        'hub ÷ COPY',
        ...col((f) =>
          f.copyValuesPerSecond === null
            ? '—'
            : `${fmt((f.burst.valuesPerSecond / f.copyValuesPerSecond) * 100, 1)}%`,
        ),
      ],
      [
        'hub ÷ baseline',
        ...col((f) => `${fmt((f.burst.valuesPerSecond / f.baselineValuesPerSecond) * 100, 1)}%`),
      ],
    ],
  );
}

/**
 * The rules bar of one (database, mix): each round ran none, five, five, none; its figure is the
 * geometric mean of five/none of the first pair (rules second) and of the second pair (rules first),
 * so a drift between earlier and later runs (disk writeback, other work) cancels. Several rounds: the
 * median round. Beside it, the same for the server's CPU time per value (lower is better).
 */
function rulesBar(runs: readonly IngestFigures[]): Bar {
  const rounds: Array<{ share: number; cpu: number; pairs: string }> = [];
  for (let i = 0; i + 3 < runs.length; i += 4) {
    const [noneA, fiveA, fiveB, noneB] = runs.slice(i, i + 4) as [
      IngestFigures,
      IngestFigures,
      IngestFigures,
      IngestFigures,
    ];
    const rate = (f: IngestFigures) => f.burst.valuesPerSecond;
    const first = rate(fiveA) / rate(noneA);
    const second = rate(fiveB) / rate(noneB);
    const cpu = Math.sqrt(
      (cpuPerThousand(fiveA) / cpuPerThousand(noneA)) * (cpuPerThousand(fiveB) / cpuPerThousand(noneB)),
    );
    rounds.push({
      share: Math.sqrt(first * second),
      cpu,
      pairs: `${fmt(rate(fiveA))} / ${fmt(rate(noneA))} = ${fmt(first * 100, 1)}% (rules second), ${fmt(rate(fiveB))} / ${fmt(rate(noneB))} = ${fmt(second * 100, 1)}% (rules first)`,
    });
  }
  const share = median(rounds.map((r) => r.share));
  const cpu = median(rounds.map((r) => r.cpu));
  const detail =
    rounds.length === 1
      ? `${rounds[0]?.pairs}; geometric mean ${fmt(share * 100, 1)}%`
      : `median of ${rounds.length} rounds ${fmt(share * 100, 1)}% (rounds: ${rounds.map((r) => `${fmt(r.share * 100, 1)}%`).join(', ')})`;
  return {
    name: 'ingest with rules ≥ 90% of the same run without',
    pass: share >= MIN_SHARE_WITH_RULES,
    detail: `${detail}; server CPU per value with rules ${fmt(cpu * 100, 1)}% of without`,
  };
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
