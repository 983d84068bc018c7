/**
 * The real server, built as `npm start` runs it (`node apps/server/dist/server.mjs`, built by
 * scripts/server-build.mjs when its sources changed), as a child process on a loopback port, with its
 * resident memory sampled from /proc while a benchmark runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

import { buildServerIfStale, SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../scripts/server-build.mjs';
import { REPO_ROOT } from './bench-paths';

export interface ServerChild {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Resident set size of the server process now, bytes (0 once it has exited). */
  rss(): number;
  /** SIGTERM (graceful), SIGKILL after `graceMs`; resolves on exit. */
  stop(graceMs?: number): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Resident set size of process `pid` in bytes, read from /proc (0 when it is gone). */
export function rssOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Starts the server on `databaseUrl` (demo data seeded on a fresh database) and resolves once it
 * prints its banner. Logs at warn so per-request logging does not count against the server. `env`
 * adds to or overrides the server's environment: nodes of one cluster share `JWT_SECRET` and get
 * `REDIS_URL` (a random secret per process otherwise).
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  extraArgs: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): Promise<ServerChild> {
  const port = await freePort();
  // The built server, as `npm start` and production run it (scripts/server-build.mjs).
  await buildServerIfStale();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extraArgs, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DEMO: '1',
      SIMULATOR: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SHUTDOWN_GRACE_MS: '2000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('Storefleet is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}:\n${output}`));
    });
  });
  // Warnings and errors the server logs during the run are shown, not swallowed.
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk.toString()}`));
  child.stdout?.removeAllListeners('data');
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (/"level":(40|50|60)/.test(text)) process.stderr.write(`[server] ${text}`);
  });
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    rss: () => rssOf(child.pid),
    stop: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) of process `pid` so far, in clock ticks (0 when it is gone). */
export function cpuTicksOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
    const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(after[11] ?? 0) + Number(after[12] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Waits until process `pid` has been (nearly) idle for a quarter second, so work queued by one
 * load phase (requests the load generator gave up on) does not slow the next; at most `maxMs`.
 */
export async function waitUntilIdle(pid: number | undefined, maxMs = 20_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let before = cpuTicksOf(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuTicksOf(pid);
    // Under 2 ticks (20 ms of CPU) in 250 ms: only timers and housekeeping left.
    if (now - before < 2) return;
    before = now;
  }
}

/**
 * Waits until the server's resident memory has settled: a server just started holds the garbage of
 * its start-up (module compilation under tsx, the demo seed) until V8's memory reducer runs, about
 * 20–30 s after the last activity; a server that has been running does not. Returns once the RSS has
 * not fallen by more than 2 MB over 5 s, or after `maxMs`.
 */
export async function waitForSettledMemory(read: () => number, maxMs = 60_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = read();
  let steadySince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = read();
    if (last - now > 2 * 1024 * 1024) steadySince = Date.now();
    else if (Date.now() - steadySince >= 5_000 && Date.now() - (deadline - maxMs) >= 30_000) return;
    last = now;
  }
}

/** Samples `read()` every `everyMs` until stopped; reports the peak and the mean. */
export function startSampler(read: () => number, everyMs = 100): { stop(): { peak: number; mean: number } } {
  let peak = 0;
  let sum = 0;
  let count = 0;
  const take = () => {
    const value = read();
    if (value <= 0) return;
    peak = Math.max(peak, value);
    sum += value;
    count++;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak, mean: count > 0 ? sum / count : 0 };
    },
  };
}
