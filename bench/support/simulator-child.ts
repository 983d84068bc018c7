/**
 * The simulator CLI in burst mode as its own process (`npm run simulator -- … --burst …`), the way an
 * operator would run it; resolves with its final fleet stats once it has exited by itself.
 */
import { spawn } from 'node:child_process';

import { REPO_ROOT } from './bench-paths';

export interface BurstResult {
  acked: number;
  generated: number;
  /** Acked values per second over the fleet's life, as the simulator measured it. */
  valuesPerSecond: number;
  resent: number;
  dropped: number;
  /** Wall time of the simulator process, ms. */
  wallMs: number;
  exitCode: number | null;
  timedOut: boolean;
  output: string;
}

export type BurstMix = 'store' | 'reachability';

export interface BurstOptions {
  serverUrl: string;
  keysFile: string;
  batchSize: number;
  valuesPerBox: number;
  /** `store`: every kind of value a store produces; `reachability`: ping results only (cheapest). */
  mix: BurstMix;
  timeoutMs: number;
  /** Called with the simulator's process group id once it is spawned (for CPU accounting). */
  onSpawn?: (processGroup: number) => void;
}

const STATS = /(\d+) generated, (\d+) acked, (\d+) values\/s, (\d+) resent, (\d+) dropped/g;

/** Runs the burst; after `timeoutMs` the simulator's process group is killed and the run marked. */
export function runBurst(options: BurstOptions): Promise<BurstResult> {
  const args = [
    'run',
    '--silent',
    'simulator',
    '--',
    '--server',
    options.serverUrl,
    '--keys-file',
    options.keysFile,
    '--burst',
    String(options.batchSize),
    '--burst-values',
    String(options.valuesPerBox),
    '--burst-mix',
    options.mix,
    '--stats-every',
    '0',
    '--no-episodes',
  ];
  const started = performance.now();
  // Its own process group, so a timeout ends npm, tsx and node together.
  const child = spawn('npm', args, { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, options.timeoutMs);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      const last = [...output.matchAll(STATS)].at(-1);
      const n = (i: number) => Number(last?.[i] ?? 0);
      resolve({
        generated: n(1),
        acked: n(2),
        valuesPerSecond: n(3),
        resent: n(4),
        dropped: n(5),
        wallMs: performance.now() - started,
        exitCode: code,
        timedOut,
        output,
      });
    });
  });
}
