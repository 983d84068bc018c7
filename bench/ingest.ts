/**
 * Ingest benchmark: agent values through the real box-hub path into the database.
 *
 *   npm run bench:ingest [-- --db sqlite|postgres] [--mix store|reachability] [--values 300000] [--cpu-prof] [--rules]
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
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { SQLITE_SYNCHRONOUS } from '../apps/server/src/db/sqlite';
import { type RulesMode, setBenchRules } from './support/bench-rules.repository';
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
import { type Bar, fmt, machineLine, mb, numberArg, printBars, printTable } from './support/report';
import { cpuTicksOf, startSampler, startServer, waitUntilIdle } from './support/server-child';
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
  boxes: number;
  sent: number;
  burst: BurstResult;
  stored: StoredValues;
  rssPeak: number;
  rssMean: number;
  /** The server process's CPU time (user + system) during the burst, ms. */
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
SQLite runs synchronous=${SQLITE_SYNCHRONOUS} (the server's setting) in the hub and the baseline.
PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test, loopback only).`;

async function runOn(
  dialect: DialectName,
  mix: BurstMix,
  totalValues: number,
  cpuProf: boolean,
  rules: RulesMode = 'demo',
): Promise<IngestFigures> {
  const fresh = await freshDatabase(dialect, 'ingest');
  const profArgs = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${join(fresh.dir, 'profile')}`] : [];
  const server = await startServer(fresh.url, join(fresh.dir, 'data'), profArgs);
  const database = openDatabase(fresh.url);
  try {
    const keys = await listBoxKeys(database.db);
    if (keys.length === 0) throw new Error('the demo seed made no boxes');
    await setBenchRules(database.db, rules);
    // Fair start: the previous run's dirty pages (its baseline wrote the rows twice) are on disk before
    // this burst's commits sync, and the server's start-up work (seed, OpenAPI document) is over.
    execFileSync('sync');
    await waitUntilIdle(server.child.pid);
    const keysFile = join(fresh.dir, 'keys.txt');
    writeFileSync(keysFile, `${keys.join('\n')}\n`, { mode: 0o600 });
    const perBox = Math.ceil(totalValues / keys.length);
    process.stdout.write(
      `[${dialect}, ${mix}] ${keys.length} boxes × ${fmt(perBox)} values, batches of ${BATCH}…\n`,
    );

    const sampler = startSampler(server.rss);
    const ticksBefore = cpuTicksOf(server.child.pid);
    const burst = await runBurst({
      serverUrl: server.baseUrl,
      keysFile,
      batchSize: BATCH,
      valuesPerBox: perBox,
      mix,
      timeoutMs: Math.max(120_000, (totalValues / 2_000) * 1000),
    });
    const memory = sampler.stop();
    const serverCpuMs = (cpuTicksOf(server.child.pid) - ticksBefore) * CLOCK_TICK_MS;
    await server.stop();
    if (cpuProf)
      process.stdout.write(`[${dialect}, ${mix}] server CPU profile in ${join(fresh.dir, 'profile')}\n`);
    if (burst.timedOut || burst.exitCode !== 0)
      process.stdout.write(`[${dialect}, ${mix}] simulator:\n${burst.output}\n`);

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
      boxes: keys.length,
      sent: perBox * keys.length,
      burst,
      stored,
      rssPeak: memory.peak,
      rssMean: memory.mean,
      serverCpuMs,
      baselineMs,
      baselineValuesPerSecond: stored.values / (baselineMs / 1000),
      normalValuesPerSecond: normalMs === null ? null : stored.values / (normalMs / 1000),
      copyValuesPerSecond: copyMs === null ? null : stored.values / (copyMs / 1000),
    };
  } finally {
    await server.stop();
    await database.close();
    if (!cpuProf) await fresh.drop();
  }
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

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
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
      ['server RSS peak / mean', ...col((f) => `${mb(f.rssPeak)} / ${mb(f.rssMean)}`)],
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
  process.stdout.write(`${machineLine()}\n`);
  const groups: Array<{ dialect: DialectName; mix: BurstMix; runs: IngestFigures[] }> = [];
  for (const dialect of dialectsFromArgs(argv)) {
    for (const mix of mixes) {
      const runs: IngestFigures[] = [];
      for (let round = 0; round < (withRules ? rounds : 1); round++)
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
    printRuns(results, (f) => `${f.dialect}, ${f.mix}`);
    process.stdout.write('\n');
  }
  let allPass = true;
  for (const f of results)
    allPass =
      printBars(`${f.dialect}, ${f.mix}${f.rules === 'demo' ? '' : `, rules: ${f.rules}`}`, barsOf(f)) &&
      allPass;
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
