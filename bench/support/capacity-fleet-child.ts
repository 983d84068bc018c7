/**
 * One process of the capacity benchmark's simulated fleet (forked by capacity-fleet.ts with an IPC
 * channel): a share of the stores' boxes, each the simulator's own `SimulatedBox` speaking the real
 * agent protocol over a WebSocket to a loopback server, reporting its 8 devices at the interval the
 * server sends (60 s by default), offline episodes on, store outages off (an outage holds values back on
 * purpose). Box starts are spread over the ramp so the fleet reports evenly over each interval.
 *
 * What it measures, from the box's side: for every value made inside the measuring window, the time
 * from the cycle that made it (appended to the box's outbox) to the ack that covered it. Acks are
 * cumulative and in order, so each cycle's values are acked together: one (latency, count) per cycle.
 * After the window it waits for the window's values to be acked (at most `drainMs`), then reports.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { DEFAULT_OPENING_HOURS } from '../../apps/simulator/src/daily-pattern';
import { loopbackLinkUrl } from '../../apps/simulator/src/loopback';
import { SimClock } from '../../apps/simulator/src/moment';
import { SimulatedBox } from '../../apps/simulator/src/simulated-box';

export interface FleetShareStart {
  type: 'start';
  /** Where box i links: `serverUrls[i % length]` (one URL: a node, or the round-robin in front of two). */
  serverUrls: string[];
  keys: string[];
  /** This share's first box in the whole fleet, and the fleet's size (the ramp spreads over all). */
  firstIndex: number;
  fleetSize: number;
  /** Epoch ms: box i starts linking at rampStart + rampMs × i ÷ fleetSize. */
  rampStart: number;
  rampMs: number;
  /** Epoch ms: values made in [windowStart, windowEnd) are measured. */
  windowStart: number;
  windowEnd: number;
  drainMs: number;
}

export interface FleetShareProgress {
  type: 'progress';
  linked: number;
  generated: number;
  acked: number;
  depth: number;
}

export interface FleetShareResult {
  type: 'result';
  boxes: number;
  linkedAtStart: number;
  linkedAtEnd: number;
  /** Link drops during the window (a drop is followed by a reconnect and a resend). */
  linkDrops: number;
  resent: number;
  windowValues: number;
  /** Per cycle of the window that was acked: latency ms and the number of values it carried. */
  latencies: number[];
  counts: number[];
  /** Values of the window not acked when the drain ended, and the age of the oldest, ms. */
  unacked: number;
  oldestUnackedMs: number;
  /** This process's event-loop delay over the window, ms. */
  loopDelayP99: number;
  loopDelayMax: number;
}

export type FleetShareMessage = FleetShareProgress | FleetShareResult;

interface Cycle {
  /** The box's appended total after the cycle. */
  upTo: number;
  /** Values of this cycle. */
  count: number;
  at: number;
  inWindow: boolean;
}

const epochNow = () => performance.timeOrigin + performance.now();

function send(message: FleetShareMessage): void {
  process.send?.(message);
}

function run(start: FleetShareStart): void {
  const clock = new SimClock(1);
  const utcOffsetMinutes = -new Date().getTimezoneOffset();
  const latencies: number[] = [];
  const counts: number[] = [];
  const queues: Cycle[][] = [];
  const boxes: SimulatedBox[] = start.keys.map((key, j) => {
    const index = start.firstIndex + j;
    const queue: Cycle[] = [];
    queues.push(queue);
    let appended = 0;
    const box: SimulatedBox = new SimulatedBox({
      linkUrl: loopbackLinkUrl(start.serverUrls[index % start.serverUrls.length] ?? ''),
      key,
      index,
      seed: 1,
      clock,
      timeScale: 1,
      hours: DEFAULT_OPENING_HOURS,
      utcOffsetMinutes,
      episodes: true,
      storeOutagesPerDay: 0,
      log: () => undefined,
      backoff: { baseMs: 1000, capMs: 30_000 },
      refusedRetryMs: 300_000,
      maxBuffered: 100_000,
      onAcked: () => {
        const acked = box.stats().acked;
        const now = epochNow();
        for (let cycle = queue[0]; cycle && cycle.upTo <= acked; cycle = queue[0]) {
          queue.shift();
          if (!cycle.inWindow) continue;
          latencies.push(now - cycle.at);
          counts.push(cycle.count);
        }
      },
    });
    // Every cycle appends its values and then pumps the link: the pump marks when they were made.
    const pump = box.link.pump.bind(box.link);
    box.link.pump = () => {
      const generated = box.stats().generated;
      if (generated > appended) {
        const at = epochNow();
        queue.push({
          upTo: generated,
          count: generated - appended,
          at,
          inWindow: at >= start.windowStart && at < start.windowEnd,
        });
        appended = generated;
      }
      pump();
    };
    return box;
  });

  boxes.forEach((box, j) => {
    const at = start.rampStart + (start.rampMs * (start.firstIndex + j)) / Math.max(1, start.fleetSize);
    setTimeout(() => box.start(), Math.max(0, at - Date.now()));
  });

  const linked = () => boxes.filter((box) => box.stats().state === 'linked').length;
  const drops = () => boxes.reduce((sum, box) => sum + box.stats().linkDrops, 0);
  const resent = () => boxes.reduce((sum, box) => sum + box.stats().resent, 0);
  const progress = setInterval(() => {
    const stats = boxes.map((box) => box.stats());
    send({
      type: 'progress',
      linked: stats.filter((s) => s.state === 'linked').length,
      generated: stats.reduce((sum, s) => sum + s.generated, 0),
      acked: stats.reduce((sum, s) => sum + s.acked, 0),
      depth: stats.reduce((sum, s) => sum + s.depth, 0),
    });
  }, 5_000);

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let linkedAtStart = 0;
  let dropsAtStart = 0;
  let resentAtStart = 0;
  setTimeout(
    () => {
      linkedAtStart = linked();
      dropsAtStart = drops();
      resentAtStart = resent();
      loopDelay.enable();
    },
    Math.max(0, start.windowStart - Date.now()),
  );
  setTimeout(
    () => {
      loopDelay.disable();
      const linkedAtEnd = linked();
      const linkDrops = drops() - dropsAtStart;
      const resentInWindow = resent() - resentAtStart;
      const deadline = Date.now() + start.drainMs;
      const pendingInWindow = () => queues.flatMap((q) => q.filter((c) => c.inWindow));
      const finish = () => {
        const pending = pendingInWindow();
        if (pending.length > 0 && Date.now() < deadline) return void setTimeout(finish, 250);
        clearInterval(progress);
        const now = epochNow();
        const windowValues =
          counts.reduce((sum, n) => sum + n, 0) + pending.reduce((sum, c) => sum + c.count, 0);
        send({
          type: 'result',
          boxes: boxes.length,
          linkedAtStart,
          linkedAtEnd,
          linkDrops,
          resent: resentInWindow,
          windowValues,
          latencies,
          counts,
          unacked: pending.reduce((sum, c) => sum + c.count, 0),
          oldestUnackedMs: pending.reduce((oldest, c) => Math.max(oldest, now - c.at), 0),
          loopDelayP99: loopDelay.percentile(99) / 1e6,
          loopDelayMax: loopDelay.max / 1e6,
        });
        void Promise.all(boxes.map((box) => box.stop())).finally(() => process.disconnect?.());
      };
      finish();
    },
    Math.max(0, start.windowEnd - Date.now()),
  );
}

process.once('message', (message: FleetShareStart) => {
  if (message.type === 'start') run(message);
});
