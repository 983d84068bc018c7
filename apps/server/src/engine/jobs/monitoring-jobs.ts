/**
 * The jobs runner of the monitoring pipeline (`ctx.jobs`): the offline sweep every 30 s, roll-up and
 * retention every hour. Timers do not keep the process alive and stop with the app (engine.ts); a
 * failing run is logged and the next one tries again. Tests call `sweepOffline` / `runHourly` directly.
 *
 * Several nodes on one database: each timed run first takes the job's lease (job-leases.repository.ts)
 * for a few periods; only the holder runs it, renewing at every run. A stopping node gives its leases
 * up; a dead one's run out, and the next node to tick takes them over.
 */

import type { AfterCommit } from '../after-commit';
import { newNodeIdentity } from '../cluster/node-identity';

import type { EngineMetrics } from '../engine-metrics';
import type { EngineParts } from '../engine-parts';
import { applyHistoryRetention, prepareHistoryPartitions } from './history-retention';
import { rollUpHistory } from './history-rollup';
import { logJobFailure } from './job-failure';
import { releaseLeases, takeLease } from './job-leases.repository';
import type { SettingsReader } from './monitoring-settings';
import { type SweepContext, sweepOfflineDevices } from './offline-sweep';
import { type DailyUsageRun, runDailyUsage } from './usage-daily';
import { recomputeLateUsageDays } from './usage-late-days';

export interface MonitoringJobsTimers {
  sweepEveryMs?: number;
  hourlyEveryMs?: number;
  /** How often the daily usage job checks for a day to compute (usage-daily.ts). */
  usageEveryMs?: number;
  /**
   * How many of a job's periods its lease lasts (default 3): a dead node's jobs move to another node
   * within that time. A run longer than this could overlap with another node's run.
   */
  leasePeriods?: number;
}

export class MonitoringJobs {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ctx: SweepContext & Pick<EngineParts, 'log'> & { metrics?: EngineMetrics },
    /** The companies' monitoring settings, as every job (and the box hub) reads them. */
    readonly settings: SettingsReader,
    /** This node's name as a lease holder: the app's node id (a runner of its own when not given). */
    readonly node: string = newNodeIdentity().id,
  ) {}

  /** One offline sweep at `now`; its status changes are published as each transaction commits. */
  sweepOffline(now: number): Promise<AfterCommit> {
    return this.timed('offline-sweep', () => sweepOfflineDevices(this.ctx, now, this.settings));
  }

  /** The hourly jobs once at `now` (roll-up first, so nothing is deleted before it is rolled up). */
  async runHourly(now: number): Promise<void> {
    await this.timed('history-rollup', () => rollUpHistory(this.ctx.db, now));
    const retention = await this.timed('history-retention', () =>
      applyHistoryRetention(this.ctx.database, now, this.settings),
    );
    this.warnDeferred(retention.deferred);
  }

  /**
   * PostgreSQL, at start-up: the day partitions of raw history and syslog through a week ahead
   * (history-retention.ts), so ingest never waits for the first retention run. A failure is logged,
   * not thrown: rows without a day partition go to the DEFAULT one meanwhile.
   */
  async prepareHistoryPartitions(now: number): Promise<void> {
    try {
      this.warnDeferred(await prepareHistoryPartitions(this.ctx.database, now));
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'could not prepare the history partitions; retention tries again');
    }
  }

  private warnDeferred(partitions: readonly string[]): void {
    if (partitions.length > 0)
      this.ctx.log.warn(
        { partitions },
        'history partitions deferred (a lock was busy); the next run tries again',
      );
  }

  /**
   * The daily usage job once at `now`: the stored days of devices with late transitions computed again
   * (usage-late-days.ts), then every day not yet computed up to yesterday.
   */
  runDailyUsage(now: number): Promise<DailyUsageRun | null> {
    return this.timed('usage-daily', async () => {
      const dialect = this.ctx.database.dialect;
      await recomputeLateUsageDays(this.ctx.db, now, { dialect });
      return runDailyUsage(this.ctx.db, now, { dialect });
    });
  }

  /** Runs `job`, its duration counted for `/metrics` (engine-metrics.ts) when the engine counts. */
  private timed<T>(name: string, job: () => Promise<T>): Promise<T> {
    return this.ctx.metrics ? this.ctx.metrics.timed(name, job) : job();
  }

  /** Starts the timers (once); `stop` clears them. */
  start(timers: MonitoringJobsTimers = {}): void {
    if (this.timers.length > 0) return;
    const leasePeriods = timers.leasePeriods ?? 3;
    // One flag per job: a long roll-up must not make the sweep skip, nor the other way round.
    const guard = (name: string, everyMs: number, job: () => Promise<unknown>) => {
      let running = false;
      const leased = async () => {
        const now = Date.now();
        if (await takeLease(this.ctx.db, name, this.node, now, now + leasePeriods * everyMs)) await job();
      };
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        leased()
          .catch((error: unknown) => logJobFailure(this.ctx.log, name, error))
          .finally(() => {
            running = false;
          });
      }, everyMs);
      timer.unref();
      return timer;
    };
    this.timers = [
      guard('offline-sweep', timers.sweepEveryMs ?? 30_000, () => this.sweepOffline(Date.now())),
      guard('history', timers.hourlyEveryMs ?? 3_600_000, () => this.runHourly(Date.now())),
      guard('usage-daily', timers.usageEveryMs ?? 600_000, () => this.runDailyUsage(Date.now())),
    ];
  }

  /** Stops the timers and gives this node's leases up, so another node takes the jobs at its next tick. */
  async stop(): Promise<void> {
    const started = this.timers.length > 0;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (!started) return;
    await releaseLeases(this.ctx.db, this.node).catch((error: unknown) =>
      this.ctx.log.warn({ err: error }, 'could not give the job leases up; they run out by themselves'),
    );
  }

  /** Stops the timers without giving the leases up: a node that died (tests). */
  halt(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }
}
