/**
 * What the capacity benchmark (capacity.ts) prints: each run's figures side by side, and its bars —
 * acks within 2 probe intervals, links held, the device list against `auth/me`, RSS, answered calls
 * and whether the simulator kept up.
 */
import type { DialectName } from '../../apps/server/src/db/database';
import { DEVICES_PER_STORE } from './capacity-fixture.repository';
import type { FleetFigures } from './capacity-fleet';
import type { CallName, CallTimes } from './console-users';
import { type CpuFigures, cpuLine } from './cpu-watch';
import type { NodeWindow } from './node-metrics';
import { type Bar, fmt, mb, percentile, printTable } from './report';

const MAX_RSS = 400 * 1024 * 1024;
const MAX_LIST_OVER_FLOOR = 4;
/** A simulator whose event loop lags more than this (p99) is too busy to measure ack latency. */
const MAX_SIMULATOR_DELAY_MS = 250;

/** A database and a number of server nodes on it. */
export interface Mode {
  dialect: DialectName;
  nodes: number;
}

/** One run's figures (capacity.ts, runOne). */
export interface RunFigures {
  mode: Mode;
  stores: number;
  intervalSeconds: number;
  minutes: number;
  usageRows: number;
  fleet: FleetFigures;
  calls: CallTimes;
  rssPeaks: number[];
  cpu: CpuFigures;
  /** Each node's own figures over the window (its /metrics). */
  nodeWindows: NodeWindow[];
  /** Load average (1 min) at the start and the end of the window. */
  load: [number, number];
}

export const label = (m: Mode) => `${m.dialect}, ${m.nodes} node${m.nodes > 1 ? 's' : ''}`;

const timesOf = (f: RunFigures, name: CallName) => f.calls.times.get(name) ?? [];

/** The bars of one run. */
export function barsOf(f: RunFigures): Bar[] {
  const bound = 2 * f.intervalSeconds * 1000;
  const s = f.fleet;
  const floor = percentile(timesOf(f, 'auth/me'), 95);
  const list = percentile(timesOf(f, 'device list'), 95);
  const ratio = floor > 0 ? list / floor : Number.POSITIVE_INFINITY;
  const failures = [...f.calls.failures.values()].reduce((sum, n) => sum + n, 0);
  const answered = [...f.calls.times.values()].reduce((sum, t) => sum + t.length, 0);
  return [
    {
      name: 'every box linked throughout the window',
      pass: s.linkedAtStart === f.stores && s.linkedAtEnd === f.stores,
      detail: `${fmt(s.linkedAtStart)} at the start, ${fmt(s.linkedAtEnd)} at the end of ${fmt(f.stores)}; ${fmt(s.linkDrops)} link drops`,
    },
    {
      name: `every value acked within 2 probe intervals (${fmt(bound / 1000)} s)`,
      pass: s.windowValues > 0 && s.unacked === 0 && s.max <= bound,
      detail: `${fmt(s.ackedValues)} of ${fmt(s.windowValues)} acked; max ${fmt(s.max)} ms, p99 ${fmt(s.p99)} ms, p50 ${fmt(s.p50)} ms${s.unacked ? `; ${fmt(s.unacked)} not acked, oldest ${fmt(s.oldestUnackedMs / 1000, 1)} s` : ''}`,
    },
    {
      name: `device list p95 ≤ ${MAX_LIST_OVER_FLOOR} × auth/me p95`,
      pass: list > 0 && ratio <= MAX_LIST_OVER_FLOOR,
      detail: `${fmt(list, 1)} ms vs ${fmt(floor, 1)} ms = ${fmt(ratio, 2)}×`,
    },
    {
      name: 'server RSS < 400 MB (every node)',
      pass: f.rssPeaks.every((peak) => peak > 0 && peak < MAX_RSS),
      detail: `peak ${f.rssPeaks.map(mb).join(' + ')}`,
    },
    {
      name: 'every console call answered',
      pass: failures === 0 && answered > 0,
      detail: `${fmt(answered)} answered, ${fmt(failures)} failed${f.calls.samples.length ? ` (${f.calls.samples.join('; ')})` : ''}`,
    },
    {
      name: `valid run: the simulator kept up (event-loop delay p99 ≤ ${MAX_SIMULATOR_DELAY_MS} ms)`,
      pass: s.loopDelayP99 <= MAX_SIMULATOR_DELAY_MS,
      detail: `p99 ${fmt(s.loopDelayP99)} ms, max ${fmt(s.loopDelayMax)} ms (worst process); ${cpuLine(f.cpu)}`,
    },
  ];
}

/** Prints the runs side by side, one column each. */
export function printRuns(results: readonly RunFigures[]): void {
  const col = (pick: (f: RunFigures) => string) => results.map(pick);
  const call = (name: CallName) => [
    `${name} p95 (p50, calls)`,
    ...col((f) => {
      const t = timesOf(f, name);
      return `${fmt(percentile(t, 95), 1)} ms (${fmt(percentile(t, 50), 1)}, ${fmt(t.length)})`;
    }),
  ];
  const group = (f: RunFigures, name: string) =>
    f.cpu.groups.find((g) => g.name.startsWith(name))?.cores ?? 0;
  printTable(
    ['', ...col((f) => `${label(f.mode)}, ${fmt(f.stores)} stores`)],
    [
      ['boxes / devices', ...col((f) => `${fmt(f.stores)} / ${fmt(f.stores * DEVICES_PER_STORE)}`)],
      [
        'links open per node (its /metrics)',
        ...col((f) => f.nodeWindows.map((w) => fmt(w.linksOpen)).join(' + ')),
      ],
      ['probe interval / window', ...col((f) => `${f.intervalSeconds} s / ${f.minutes} min`)],
      [
        'values in the window (per second)',
        ...col((f) => `${fmt(f.fleet.windowValues)} (${fmt(f.fleet.windowValues / (f.minutes * 60))}/s)`),
      ],
      [
        'ack latency p50 / p99 / max',
        ...col((f) => `${fmt(f.fleet.p50)} / ${fmt(f.fleet.p99)} / ${fmt(f.fleet.max)} ms`),
      ],
      ['values not acked; resent', ...col((f) => `${fmt(f.fleet.unacked)}; ${fmt(f.fleet.resent)}`)],
      [
        'server: frames acked/s, mean ack time',
        ...col((f) => {
          const batches = f.nodeWindows.reduce((sum, w) => sum + w.batches, 0);
          const seconds = f.nodeWindows.reduce((sum, w) => sum + w.ackSecondsSum, 0);
          return `${fmt(batches / (f.minutes * 60), 1)}/s, ${fmt(batches > 0 ? (seconds / batches) * 1000 : 0, 1)} ms`;
        }),
      ],
      [
        'server: jobs run in the window',
        ...col((f) => {
          const jobs = new Map<string, number>();
          for (const w of f.nodeWindows)
            for (const [job, s] of w.jobSeconds) jobs.set(job, (jobs.get(job) ?? 0) + s);
          const ran = [...jobs].filter(([, s]) => s > 0);
          return ran.length ? ran.map(([job, s]) => `${job} ${fmt(s, 1)} s`).join(', ') : '—';
        }),
      ],
      call('auth/me'),
      call('device list'),
      call('device status counts'),
      call('device details'),
      call('usage report'),
      ['server RSS peak', ...col((f) => f.rssPeaks.map(mb).join(' + '))],
      [
        'cores busy: server / postgres',
        ...col((f) => `${fmt(group(f, 'server'), 2)} / ${fmt(group(f, 'postgres'), 2)}`),
      ],
      [
        'cores busy: simulator / users / round-robin',
        ...col(
          (f) =>
            `${fmt(group(f, 'simulator'), 2)} / ${fmt(group(f, 'console'), 2)} / ${fmt(group(f, 'round-robin'), 2)}`,
        ),
      ],
      [
        'cores busy: whole machine',
        ...col((f) => `${fmt(f.cpu.machineCores, 2)} of ${f.cpu.coresAvailable}`),
      ],
      [
        'simulator event-loop delay p99 / max',
        ...col((f) => `${fmt(f.fleet.loopDelayP99)} / ${fmt(f.fleet.loopDelayMax)} ms`),
      ],
      ['load average at start / end', ...col((f) => `${fmt(f.load[0], 2)} / ${fmt(f.load[1], 2)}`)],
    ],
  );
}
