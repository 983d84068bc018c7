/**
 * What bench/ingest.ts prints of its runs: the figures of one run, the tables beside each other, and
 * the bars (PASS/FAIL) they are held to — kept apart from the measuring.
 */
import type { DialectName } from '../../apps/server/src/db/database';
import { SQLITE_SYNCHRONOUS } from '../../apps/server/src/db/sqlite';
import type { RulesMode } from './bench-rules.repository';
import type { CpuFigures } from './cpu-watch';
import type { StoredValues } from './ingest-check.repository';
import { type Bar, fmt, mb, median, printTable } from './report';
import type { BurstMix, BurstResult } from './simulator-child';

const MIN_VALUES_PER_SECOND = 20_000;
const MIN_SHARE_OF_BASELINE = 0.5;
const MAX_RSS = 400 * 1024 * 1024;
const MIN_SHARE_WITH_RULES = 0.9;

/** The figures of one run: a (database, mix, rules, nodes) burst and its baselines. */
export interface IngestFigures {
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

export function barsOf(f: IngestFigures): Bar[] {
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

export const runLabel = (f: IngestFigures) =>
  `${f.dialect}, ${f.mix}${f.nodes > 1 ? `, ${f.nodes} nodes` : f.dialect === 'postgres' ? ', 1 node' : ''}`;

/** Server CPU time per 1,000 values acked, ms. */
function cpuPerThousand(f: IngestFigures): number {
  return f.burst.acked > 0 ? (f.serverCpuMs / f.burst.acked) * 1000 : 0;
}

/** One table of `results` (all runs, or one (database, mix) of a `--rules` run). */
export function printRuns(results: readonly IngestFigures[], label: (f: IngestFigures) => string): void {
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
export function rulesBar(runs: readonly IngestFigures[]): Bar {
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
