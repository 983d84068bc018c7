/**
 * This server node as its runs see it (`ctx.engine.node`, issue 15): its identity, its heartbeat in
 * `server_nodes`, the runs it carries out, and the takeover of runs whose node is gone.
 *
 * Net-test runs and upgrade runs are carried out by the node that started them (or took them over); the
 * run's `runner_node` names it. Every `beatEveryMs` the node writes its heartbeat, reads every node's,
 * and hands the modules' takeovers (`onTakeover`) a judge of runners (node-identity.ts `runnerGone`):
 * a run whose runner is gone is claimed by one node with a compare-and-set UPDATE and interrupted
 * (net tests) or resumed (upgrades) there. The first pass runs before the app serves (`onReady`).
 *
 * Stopping (the app closes): no run starts a new step (`checkRunning` throws NodeStopping), the node
 * waits a little for its runs to let go, then removes its heartbeat, so another node — or this one
 * restarted — takes them over at once. A node that dies stops beating and is gone once its heartbeat
 * is `staleAfterMs` old (or at once to its own next incarnation on the same host).
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { type NodeIdentity, processAlive, runnerGone } from './node-identity';
import { beatNode, forgetNodesSeenBefore, listNodeBeats, removeNode } from './server-nodes.repository';

export interface ServerNodeTimers {
  /** How often the node writes its heartbeat and looks for runs to take over (default 5 s). */
  beatEveryMs?: number;
  /** A node whose heartbeat is older than this is gone (default 3 beats, as the job leases last 3 periods). */
  staleAfterMs?: number;
}

/** Whether the node recorded as a run's runner is gone (null: the run has none recorded). */
export type RunnerGone = (runner: string | null) => boolean;
/** A module's takeover: claims the running runs whose runner is gone, and interrupts or resumes them. */
export type Takeover = (gone: RunnerGone) => Promise<void>;

/** Thrown by `checkRunning` once the node is stopping: the run's next step is left to its next runner. */
export class NodeStopping extends Error {
  override name = 'NodeStopping';
}

const BEAT_EVERY_MS = 5_000;
const STALE_BEATS = 3;
/** Heartbeat rows of nodes not seen for a day are removed when a node starts. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;
/** How long a stopping node waits for its runs to let go before removing its heartbeat. */
const STOP_WAIT_MS = 5_000;

export class ServerNode {
  readonly id: string;
  readonly beatEveryMs: number;
  readonly staleAfterMs: number;
  private readonly takeovers: Array<{ name: string; takeOver: Takeover }> = [];
  private readonly work = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private checking: Promise<void> | null = null;
  /** When this node last wrote its heartbeat, and before when it judges no runner gone (see pass). */
  private lastBeatAt: number | null = null;
  private judgeFrom = 0;

  constructor(
    private readonly ctx: { db: Kysely<DB>; log: FastifyBaseLogger },
    readonly identity: NodeIdentity,
    timers: ServerNodeTimers = {},
  ) {
    this.id = identity.id;
    this.beatEveryMs = timers.beatEveryMs ?? BEAT_EVERY_MS;
    this.staleAfterMs = timers.staleAfterMs ?? STALE_BEATS * this.beatEveryMs;
  }

  /** True once the app is closing (or the node halted). */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Throws NodeStopping once the node is stopping: call before each step of a run. */
  checkRunning(): void {
    if (this.stopped) throw new NodeStopping('this server node is stopping');
  }

  /** Keeps a run's execution until it settles, so a stopping node can wait for it. */
  track(execution: Promise<void>): void {
    const kept: Promise<void> = execution
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'a run failed on this node'))
      .finally(() => this.work.delete(kept));
    this.work.add(kept);
  }

  /** Registers a module's takeover of runs whose runner is gone (called at start and every beat). */
  onTakeover(name: string, takeOver: Takeover): void {
    this.takeovers.push({ name, takeOver });
  }

  /** First heartbeat and takeover pass (before the app serves), then the timer. */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    await forgetNodesSeenBefore(this.ctx.db, Date.now() - FORGET_AFTER_MS);
    await this.check();
    this.timer = setInterval(() => {
      // A pass still going (a slow database) is not queued behind: the next tick comes soon enough.
      if (this.checking) return;
      this.check().catch((error: unknown) =>
        this.ctx.log.warn({ err: error }, 'could not write this node’s heartbeat; trying again'),
      );
    }, this.beatEveryMs);
    this.timer.unref();
  }

  /**
   * One heartbeat and takeover pass that starts after this call (after the pass going, if any); nothing
   * once the node is stopping. The timer's, or a test's.
   */
  async check(): Promise<void> {
    while (this.checking) await this.checking.catch(() => undefined);
    if (this.stopped) return;
    this.checking = this.pass(Date.now()).finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async pass(now: number): Promise<void> {
    await beatNode(this.ctx.db, this.identity, now);
    // This node could not beat for a while (the database was away, issue 31 §1): neither could the
    // others, so their old beats say nothing yet. One stale period of fresh beats first, then judge.
    if (this.lastBeatAt !== null && now - this.lastBeatAt > this.staleAfterMs) {
      this.judgeFrom = now + this.staleAfterMs;
      this.ctx.log.warn('this node could not write its heartbeat for a while: no run is taken over just yet');
    }
    this.lastBeatAt = now;
    if (now < this.judgeFrom) return;
    const liveness = {
      self: this.identity,
      beats: await listNodeBeats(this.ctx.db),
      now,
      staleAfterMs: this.staleAfterMs,
      processAlive,
    };
    const gone: RunnerGone = (runner) => runnerGone(runner, liveness);
    for (const { name, takeOver } of this.takeovers) {
      if (this.stopped) return;
      try {
        await takeOver(gone);
      } catch (error) {
        this.ctx.log.error({ err: error, runs: name }, 'could not take over the runs of a node that is gone');
      }
    }
  }

  /** The app is closing (before the box links close): no run starts another step, no pass starts. */
  beginStop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /**
   * After the links closed: waits (at most STOP_WAIT_MS) for this node's runs to let go, then removes
   * its heartbeat so that another node takes them over at its next beat.
   */
  async stop(): Promise<void> {
    this.beginStop();
    if (!this.started) return;
    this.started = false;
    const settled = Promise.allSettled([...this.work, this.checking]);
    await Promise.race([settled, sleep(STOP_WAIT_MS, undefined, { ref: false })]);
    await removeNode(this.ctx.db, this.id).catch((error: unknown) =>
      this.ctx.log.warn({ err: error }, 'could not remove this node’s heartbeat; it goes stale by itself'),
    );
  }

  /** Stops as a node that died: no more heartbeats or steps, and the heartbeat row stays (tests). */
  halt(): void {
    this.beginStop();
    this.started = false;
  }
}
