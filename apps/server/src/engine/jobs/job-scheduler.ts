/**
 * The one scheduler of the server's periodic jobs (`ctx.scheduler`). The engine declares its monitoring
 * jobs (monitoring-jobs.ts: offline sweep, history roll-up and retention) and buildApp declares the
 * modules' jobs (modules/index.ts `MODULE_JOBS`: daily usage, task overdue notices, the orphan-image
 * sweep); each is a ScheduledJob — a name, a period, where it runs, a pass. Timers start when the app
 * is ready, do not keep the process alive, and stop on close. A failing pass is logged (job-failure.ts)
 * and the next one tries again; a pass never overlaps the job's previous one.
 *
 * Several nodes on one database: a job that runs on the cluster first takes its lease
 * (job-leases.repository.ts) for a few periods; only the holder runs it, renewing at every pass. A
 * stopping node gives its leases up; a dead one's run out, and the next node to tick takes them over.
 * A job that runs on every node (its own files) takes no lease.
 *
 * Tests run a job's pass directly through the function the job's module exports (its name says what
 * it does: `sweepOffline`, `runDailyUsage`, `noticeOverdueTasks`), never through the timers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { logJobFailure } from './job-failure';
import { releaseLeases, takeLease } from './job-leases.repository';

export interface ScheduledJob {
  /** Its name: the lease it takes (`job_leases.name`) and the name in its log lines. */
  name: string;
  /** Its period in ms: a pass every period, skipped while the previous pass still runs. */
  everyMs: number;
  /** 'cluster': one node at a time, the holder of the job's lease; 'node': every node (its own files). */
  runsOn: 'cluster' | 'node';
  /**
   * Close waits for a pass in progress (short passes that should not be cut). Otherwise close does not
   * wait: a long pass (the daily usage job) is cut, and its next pass starts over where it was.
   */
  finishOnStop?: boolean;
  /** One pass at `now`. */
  pass(now: number): Promise<unknown>;
}

export interface SchedulerOptions {
  /**
   * How many of a job's periods its lease lasts (default 3): a dead node's jobs move to another node
   * within that time. A pass longer than this could overlap with another node's pass.
   */
  leasePeriods?: number;
  /** Periods by job name instead of the jobs' own (tests shorten them). */
  everyMs?: Readonly<Record<string, number>>;
}

interface Running {
  job: ScheduledJob;
  timer: NodeJS.Timeout;
  pass: Promise<unknown> | null;
}

export class JobScheduler {
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly running = new Map<string, Running>();
  private started = false;

  constructor(
    private readonly parts: { db: Kysely<DB>; log: FastifyBaseLogger },
    /** This node's name as a lease holder (the app's node id). */
    readonly node: string,
    private readonly options: SchedulerOptions = {},
  ) {}

  /** Declares `job`; a name is declared once. A job added after `start` starts at once. */
  add(job: ScheduledJob): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is declared twice`);
    this.jobs.set(job.name, job);
    if (this.started) this.startJob(job);
  }

  /** The names of the declared jobs, in the order they were declared. */
  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Starts every declared job's timer (once); `stop` clears them. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.startJob(job);
  }

  private startJob(job: ScheduledJob): void {
    const everyMs = this.options.everyMs?.[job.name] ?? job.everyMs;
    const leaseMs = (this.options.leasePeriods ?? 3) * everyMs;
    const entry: Running = { job, timer: setInterval(() => tick(), everyMs), pass: null };
    const tick = () => {
      if (entry.pass) return;
      const now = Date.now();
      const held =
        job.runsOn === 'node'
          ? Promise.resolve(true)
          : takeLease(this.parts.db, job.name, this.node, now, now + leaseMs);
      entry.pass = held
        .then((mine) => (mine ? job.pass(now) : undefined))
        .catch((error: unknown) => logJobFailure(this.parts.log, job.name, error))
        .finally(() => {
          entry.pass = null;
        });
    };
    entry.timer.unref();
    this.running.set(job.name, entry);
  }

  /** Stops job `name`'s timer and waits for its pass in progress (tests that run its passes themselves). */
  async stopJob(name: string): Promise<void> {
    const entry = this.running.get(name);
    if (!entry) return;
    clearInterval(entry.timer);
    this.running.delete(name);
    await entry.pass;
  }

  /**
   * Stops the timers, waits for the passes in progress of the jobs that finish on stop, and gives this
   * node's leases up, so another node takes the jobs at its next tick.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const finishing = [...this.running.values()].filter((entry) => entry.job.finishOnStop);
    this.halt();
    await Promise.all(finishing.map((entry) => entry.pass));
    await releaseLeases(this.parts.db, this.node).catch((error: unknown) =>
      this.parts.log.warn({ err: error }, 'could not give the job leases up; they run out by themselves'),
    );
  }

  /** Stops the timers without giving the leases up: a node that died (tests). */
  halt(): void {
    for (const entry of this.running.values()) clearInterval(entry.timer);
    this.running.clear();
    this.started = false;
  }
}
