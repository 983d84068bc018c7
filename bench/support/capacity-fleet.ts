/**
 * The capacity benchmark's simulated fleet, spread over several child processes (one simulator thread
 * holds a few thousand linked boxes comfortably, and separate processes make their CPU time visible in
 * /proc): each child (capacity-fleet-child.ts, forked under tsx) runs a share of the boxes and reports
 * its ack latencies; this merges them.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { REPO_ROOT } from './bench-paths';
import type { FleetShareMessage, FleetShareResult, FleetShareStart } from './capacity-fleet-child';

const CHILD = fileURLToPath(new URL('./capacity-fleet-child.ts', import.meta.url));

export interface FleetPlan {
  serverUrls: string[];
  keys: string[];
  processes: number;
  rampStart: number;
  rampMs: number;
  windowStart: number;
  windowEnd: number;
  drainMs: number;
}

/** The fleet's figures: the processes' counts summed (their event-loop delays: the worst), plus: */
export interface FleetFigures
  extends Pick<
    FleetShareResult,
    | 'boxes'
    | 'linkedAtStart'
    | 'linkedAtEnd'
    | 'linkDrops'
    | 'resent'
    | 'windowValues'
    | 'unacked'
    | 'oldestUnackedMs'
    | 'loopDelayP99'
    | 'loopDelayMax'
  > {
  ackedValues: number;
  /** Ack latency over the window's values (each value counted), ms. */
  p50: number;
  p99: number;
  max: number;
}

export interface RunningFleet {
  pids: number[];
  /** Boxes linked now, across the processes (from their last progress report). */
  linked(): number;
  result: Promise<FleetFigures>;
  stop(): void;
}

/** The p-th percentile of latencies each carrying `counts[i]` values. */
function weightedPercentile(latencies: readonly number[], counts: readonly number[], p: number): number {
  const order = latencies.map((_, i) => i).sort((a, b) => (latencies[a] ?? 0) - (latencies[b] ?? 0));
  const total = counts.reduce((sum, n) => sum + n, 0);
  const target = (p / 100) * total;
  let seen = 0;
  for (const i of order) {
    seen += counts[i] ?? 0;
    if (seen >= target) return latencies[i] ?? 0;
  }
  return latencies[order.at(-1) ?? 0] ?? 0;
}

function merge(results: readonly FleetShareResult[]): FleetFigures {
  const sum = (pick: (r: FleetShareResult) => number) => results.reduce((s, r) => s + pick(r), 0);
  const latencies = results.flatMap((r) => r.latencies);
  const counts = results.flatMap((r) => r.counts);
  return {
    boxes: sum((r) => r.boxes),
    linkedAtStart: sum((r) => r.linkedAtStart),
    linkedAtEnd: sum((r) => r.linkedAtEnd),
    linkDrops: sum((r) => r.linkDrops),
    resent: sum((r) => r.resent),
    windowValues: sum((r) => r.windowValues),
    ackedValues: counts.reduce((s, n) => s + n, 0),
    unacked: sum((r) => r.unacked),
    oldestUnackedMs: Math.max(0, ...results.map((r) => r.oldestUnackedMs)),
    p50: weightedPercentile(latencies, counts, 50),
    p99: weightedPercentile(latencies, counts, 99),
    max: Math.max(0, ...latencies),
    loopDelayP99: Math.max(0, ...results.map((r) => r.loopDelayP99)),
    loopDelayMax: Math.max(0, ...results.map((r) => r.loopDelayMax)),
  };
}

/** Forks the processes, hands each its share of the keys, and resolves with the merged figures. */
export function startCapacityFleet(plan: FleetPlan): RunningFleet {
  const per = Math.ceil(plan.keys.length / plan.processes);
  const children: ChildProcess[] = [];
  const linked: number[] = [];
  const results: Array<Promise<FleetShareResult>> = [];
  for (let p = 0; p * per < plan.keys.length; p++) {
    const child = fork(CHILD, [], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    linked.push(0);
    results.push(
      new Promise<FleetShareResult>((resolve, reject) => {
        child.on('message', (message: FleetShareMessage) => {
          if (message.type === 'progress') linked[p] = message.linked;
          else resolve(message);
        });
        child.once('exit', (code) => reject(new Error(`simulator process ${p + 1} exited with ${code}`)));
      }),
    );
    const start: FleetShareStart = {
      type: 'start',
      serverUrls: plan.serverUrls,
      keys: plan.keys.slice(p * per, (p + 1) * per),
      firstIndex: p * per,
      fleetSize: plan.keys.length,
      rampStart: plan.rampStart,
      rampMs: plan.rampMs,
      windowStart: plan.windowStart,
      windowEnd: plan.windowEnd,
      drainMs: plan.drainMs,
    };
    child.send(start);
  }
  const stop = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return {
    pids: children.flatMap((c) => c.pid ?? []),
    linked: () => linked.reduce((s, n) => s + n, 0),
    result: Promise.all(results).then(merge),
    stop,
  };
}
