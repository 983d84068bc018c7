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
 * traffic is on 127.0.0.1. `--rules` (issue 11): each run twice, first with no enabled alert rule, then
 * with 5 enabled rules per watched item for every device; the bar is ≥ 90 % of the no-rules run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { SQLITE_SYNCHRONOUS } from '../apps/server/src/db/sqlite';
import { type RulesMode, setBenchRules } from './support/bench-rules.repository';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { batchesOf, postgresBaseline, sqliteBaseline } from './support/ingest-baseline.repository';
import {
  countStoredValues,
  listBoxKeys,
  readMetricRows,
  readSyslogRows,
  type StoredValues,
} from './support/ingest-check.repository';
import { type Bar, fmt, machineLine, mb, numberArg, printBars, printTable } from './support/report';
import { startSampler, startServer } from './support/server-child';
import { type BurstMix, type BurstResult, runBurst } from './support/simulator-child';

const BATCH = 1000;
const MIN_VALUES_PER_SECOND = 20_000;
const MIN_SHARE_OF_BASELINE = 0.5;
const MAX_RSS = 400 * 1024 * 1024;

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
  baselineMs: number;
  baselineValuesPerSecond: number;
  /** SQLite only: the same baseline with synchronous NORMAL (commits not synced), for comparison. */
  normalValuesPerSecond: number | null;
}

const USAGE = `npm run bench:ingest [-- options]
  --db sqlite|postgres          one database (default both)
  --mix store|reachability      one value mix (default both)
  --values N                    values per run, spread over the boxes (default 300000)
  --cpu-prof                    keep the scratch folder with the server's CPU profile
  --rules                       each run without rules, then with 5 rules per watched item (bar ≥ 90 %)
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
    const keysFile = join(fresh.dir, 'keys.txt');
    writeFileSync(keysFile, `${keys.join('\n')}\n`, { mode: 0o600 });
    const perBox = Math.ceil(totalValues / keys.length);
    process.stdout.write(
      `[${dialect}, ${mix}] ${keys.length} boxes × ${fmt(perBox)} values, batches of ${BATCH}…\n`,
    );

    const sampler = startSampler(server.rss);
    const burst = await runBurst({
      serverUrl: server.baseUrl,
      keysFile,
      batchSize: BATCH,
      valuesPerBox: perBox,
      mix,
      timeoutMs: Math.max(120_000, (totalValues / 2_000) * 1000),
    });
    const memory = sampler.stop();
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
      baselineMs,
      baselineValuesPerSecond: stored.values / (baselineMs / 1000),
      normalValuesPerSecond: normalMs === null ? null : stored.values / (normalMs / 1000),
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

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const totalValues = numberArg(argv, 'values', 300_000);
  const mixes = mixesFromArgs(argv);
  const cpuProf = argv.includes('--cpu-prof');
  process.stdout.write(`${machineLine()}\n`);
  const results: IngestFigures[] = [];
  const withRules = argv.includes('--rules');
  for (const dialect of dialectsFromArgs(argv)) {
    for (const mix of mixes) {
      if (!withRules) {
        results.push(await runOn(dialect, mix, totalValues, cpuProf));
        continue;
      }
      results.push(await runOn(dialect, mix, totalValues, cpuProf, 'none'));
      results.push(await runOn(dialect, mix, totalValues, cpuProf, 'five'));
    }
  }

  process.stdout.write(
    `\nIngest through the box hub — ${new Date().toISOString()}\n${machineLine()}\nSQLite: synchronous=${SQLITE_SYNCHRONOUS} on the server's connection and the baseline's\n\n`,
  );
  const col = (pick: (f: IngestFigures) => string) => results.map(pick);
  printTable(
    ['', ...results.map((f) => `${f.dialect}, ${f.mix}${f.rules === 'demo' ? '' : `, rules: ${f.rules}`}`)],
    [
      ['boxes × values each', ...col((f) => `${f.boxes} × ${fmt(f.sent / f.boxes)}`)],
      ['hub: values/s (simulator acks)', ...col((f) => fmt(f.burst.valuesPerSecond))],
      ['hub: wall time of the burst', ...col((f) => `${fmt(f.burst.wallMs / 1000, 1)} s`)],
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
        'hub ÷ baseline',
        ...col((f) => `${fmt((f.burst.valuesPerSecond / f.baselineValuesPerSecond) * 100, 1)}%`),
      ],
    ],
  );
  process.stdout.write('\n');
  let allPass = true;
  for (const f of results) allPass = printBars(`${f.dialect}, ${f.mix}`, barsOf(f)) && allPass;
  for (const five of results.filter((f) => f.rules === 'five')) {
    const none = results.find((f) => f.rules === 'none' && f.dialect === five.dialect && f.mix === five.mix);
    if (!none) continue;
    const share = five.burst.valuesPerSecond / none.burst.valuesPerSecond;
    allPass =
      printBars(`${five.dialect}, ${five.mix}, 5 rules per item`, [
        {
          name: 'ingest with rules ≥ 90% of the same run without',
          pass: share >= 0.9,
          detail: `${fmt(five.burst.valuesPerSecond)} / ${fmt(none.burst.valuesPerSecond)} values/s = ${fmt(share * 100, 1)}%`,
        },
      ]) && allPass;
  }
  process.exitCode = allPass ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:ingest failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});
