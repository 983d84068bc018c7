/**
 * The monitoring pipeline's jobs (`ctx.jobs`): the offline sweep every 30 s, roll-up and retention every
 * hour, declared to the scheduler (job-scheduler.ts: timers, leases, failures) by createEngine. Tests
 * call `sweepOffline` / `runHourly` directly.
 */

import type { AfterCommit } from '../after-commit';
import type { EngineMetrics } from '../engine-metrics';
import type { EngineParts } from '../engine-parts';
import { applyHistoryRetention, prepareHistoryPartitions } from './history-retention';
import { rollUpHistory } from './history-rollup';
import type { ScheduledJob } from './job-scheduler';
import type { SettingsReader } from './monitoring-settings';
import { type SweepContext, sweepOfflineDevices } from './offline-sweep';

export class MonitoringJobs {
  constructor(
    private readonly ctx: SweepContext & Pick<EngineParts, 'log'> & { metrics?: EngineMetrics },
    /** The companies' monitoring settings, as every job (and the box hub) reads them. */
    readonly settings: SettingsReader,
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

  /** Runs `job`, its duration counted for `/metrics` (engine-metrics.ts) when the engine counts. */
  private timed<T>(name: string, job: () => Promise<T>): Promise<T> {
    return this.ctx.metrics ? this.ctx.metrics.timed(name, job) : job();
  }

  /**
   * The monitoring jobs as the scheduler runs them (job-scheduler.ts): the offline sweep every 30 s, the
   * roll-up and retention every hour, each on one node of the cluster at a time.
   */
  scheduledJobs(): ScheduledJob[] {
    return [
      { name: 'offline-sweep', everyMs: 30_000, runsOn: 'cluster', pass: (now) => this.sweepOffline(now) },
      { name: 'history', everyMs: 3_600_000, runsOn: 'cluster', pass: (now) => this.runHourly(now) },
    ];
  }
}
