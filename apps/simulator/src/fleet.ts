import { checkOpeningHours, DEFAULT_OPENING_HOURS, type OpeningHours } from './daily-pattern';
import { type Log, silentLog } from './log';
import { loopbackLinkUrl } from './loopback';
import { SimClock } from './moment';
import { type BoxStats, type BurstOptions, SimulatedBox } from './simulated-box';

export type { BurstOptions } from './simulated-box';

export interface FleetOptions {
  /** The console server, e.g. http://127.0.0.1:8080. Must be on this machine (loopback). */
  serverUrl: string;
  /** One simulated box per security key (keys of gateway devices, one per store). */
  boxes: Array<{
    key: string;
    /** Spoil the upgrade package this box downloads (checksum mismatch): the failure tests and the demo show. */
    corruptUpgrade?: boolean;
  }>;
  /** Seed of every random choice (default 1): same seed, start time and devices → same run. */
  seed?: string | number;
  /** Report interval, seconds; overrides the interval the server sends (which is at least 5). */
  intervalSeconds?: number;
  /** Simulated time runs this many times faster than the clock (default 1); values keep real times. */
  timeScale?: number;
  /** Simulated start time, Unix ms (default now). */
  startAt?: number;
  /** Store opening hours, local time (default 08:00–22:00). */
  openingHours?: OpeningHours;
  /** The stores' offset from UTC, minutes east (default this machine's). */
  utcOffsetMinutes?: number;
  /** Offline episodes and store outages (default true; always off in burst mode). */
  episodes?: boolean;
  /** How often a store loses its link for a few simulated minutes, per simulated day (default 1). */
  storeOutagesPerDay?: number;
  /** Benchmark mode: values as fast as the acks allow instead of every interval. */
  burst?: BurstOptions;
  log?: Log;
  /** Reconnect backoff, ms (default 1 s doubling to 30 s). */
  reconnect?: { baseMs: number; capMs: number };
  /** Wait after the server refused a key, ms (default 5 minutes). */
  refusedRetryMs?: number;
  /** Values one box keeps while its link is down before dropping the oldest (default 100,000). */
  maxBufferedPerBox?: number;
}

export interface FleetStats {
  seed: string | number;
  boxes: number;
  /** Boxes whose link is up and welcomed now. */
  linked: number;
  generated: number;
  acked: number;
  resent: number;
  dropped: number;
  /** Values waiting for an ack across the fleet. */
  depth: number;
  outages: number;
  elapsedMs: number;
  /** Acked values per second since the fleet started. */
  valuesPerSecond: number;
  perBox: BoxStats[];
}

export interface Fleet {
  /** Closes every link; values not yet acked are forgotten. */
  stop(): Promise<void>;
  stats(): FleetStats;
  /** Burst mode with `valuesPerBox`: resolves once every box made its values and all are acked. */
  drained(): Promise<FleetStats>;
}

/**
 * Starts a fleet of simulated store boxes against a server on this machine. Each box links with its
 * key over the real agent protocol and reports simulated values for the devices its store monitors.
 * Throws (before any traffic) for a server URL that is not loopback, or for invalid options.
 */
export function startFleet(options: FleetOptions): Fleet {
  const linkUrl = loopbackLinkUrl(options.serverUrl);
  const seed = options.seed ?? 1;
  const timeScale = options.timeScale ?? 1;
  const hours = options.openingHours ?? DEFAULT_OPENING_HOURS;
  checkOptions(options, timeScale, hours);
  const clock = new SimClock(timeScale, options.startAt);
  const startedAt = Date.now();
  const waiters: (() => void)[] = [];
  const boxes: SimulatedBox[] = options.boxes.map(
    ({ key, corruptUpgrade }, index) =>
      new SimulatedBox({
        linkUrl,
        key,
        corruptUpgrade,
        index,
        seed,
        clock,
        intervalSeconds: options.intervalSeconds,
        timeScale,
        hours,
        utcOffsetMinutes: options.utcOffsetMinutes ?? -new Date().getTimezoneOffset(),
        episodes: options.episodes ?? true,
        storeOutagesPerDay: options.storeOutagesPerDay ?? 1,
        burst: options.burst,
        log: options.log ?? silentLog,
        backoff: options.reconnect ?? { baseMs: 1000, capMs: 30_000 },
        refusedRetryMs: options.refusedRetryMs ?? 300_000,
        maxBuffered: options.maxBufferedPerBox ?? 100_000,
        onAcked: () => {
          if (waiters.length > 0 && boxes.every((box) => box.drained))
            for (const wake of waiters.splice(0)) wake();
        },
      }),
  );
  for (const box of boxes) box.start();

  const stats = (): FleetStats => {
    const perBox = boxes.map((box) => box.stats());
    const sum = (pick: (s: BoxStats) => number) => perBox.reduce((n, s) => n + pick(s), 0);
    const elapsedMs = Date.now() - startedAt;
    const acked = sum((s) => s.acked);
    return {
      seed,
      boxes: boxes.length,
      linked: perBox.filter((s) => s.state === 'linked').length,
      generated: sum((s) => s.generated),
      acked,
      resent: sum((s) => s.resent),
      dropped: sum((s) => s.dropped),
      depth: sum((s) => s.depth),
      outages: sum((s) => s.outages),
      elapsedMs,
      valuesPerSecond: elapsedMs > 0 ? Math.round((acked * 1000) / elapsedMs) : 0,
      perBox,
    };
  };

  return {
    stats,
    async stop() {
      await Promise.all(boxes.map((box) => box.stop()));
    },
    drained() {
      if (options.burst?.valuesPerBox === undefined) {
        return Promise.reject(new Error('drained() needs burst mode with valuesPerBox'));
      }
      if (boxes.every((box) => box.drained)) return Promise.resolve(stats());
      return new Promise((resolve) => waiters.push(() => resolve(stats())));
    },
  };
}

function checkOptions(options: FleetOptions, timeScale: number, hours: OpeningHours): void {
  const keys = new Set<string>();
  for (const { key } of options.boxes) {
    // hello.key is 16–256 characters; a shorter one would only get the link closed as malformed.
    if (key.length < 16 || key.length > 256) throw new Error('every box key must be 16–256 characters long');
    if (keys.has(key))
      throw new Error('two boxes have the same key; each would keep replacing the other’s link');
    keys.add(key);
  }
  if (options.intervalSeconds !== undefined && !(options.intervalSeconds > 0)) {
    throw new Error('intervalSeconds must be a positive number');
  }
  if (!(Number.isFinite(timeScale) && timeScale > 0)) throw new Error('timeScale must be a positive number');
  checkOpeningHours(hours);
  if (options.storeOutagesPerDay !== undefined && !(options.storeOutagesPerDay >= 0)) {
    throw new Error('storeOutagesPerDay must be 0 or more');
  }
  const burst = options.burst;
  if (burst) {
    if (!(Number.isInteger(burst.batchSize) && burst.batchSize >= 1 && burst.batchSize <= 1000)) {
      throw new Error('burst.batchSize must be a whole number from 1 to 1000 (the protocol’s batch limit)');
    }
    if (burst.maxInFlight !== undefined && !(Number.isInteger(burst.maxInFlight) && burst.maxInFlight >= 1)) {
      throw new Error('burst.maxInFlight must be a whole number of at least 1');
    }
    if (
      burst.valuesPerBox !== undefined &&
      !(Number.isInteger(burst.valuesPerBox) && burst.valuesPerBox >= 1)
    ) {
      throw new Error('burst.valuesPerBox must be a whole number of at least 1');
    }
  }
}
