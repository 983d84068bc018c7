/**
 * The jobs runner of the monitoring pipeline (`ctx.jobs`): the offline sweep every 30 s, roll-up and
 * retention every hour. Timers do not keep the process alive and stop with the app (engine.ts); a
 * failing run is logged and the next one tries again. Tests call `sweepOffline` / `runHourly` directly.
 */
import type { AppContext } from '../../context';
import type { AfterCommit } from '../after-commit';
import type { EngineMetrics } from '../engine-metrics';
import { applyHistoryRetention } from './history-retention';
import { rollUpHistory } from './history-rollup';
import type { SettingsReader } from './monitoring-settings';
import { type SweepContext, sweepOfflineDevices } from './offline-sweep';
import { type DailyUsageRun, runDailyUsage } from './usage-daily';

export interface MonitoringJobsTimers {
  sweepEveryMs?: number;
  hourlyEveryMs?: number;
  /** How often the daily usage job checks for a day to compute (usage-daily.ts). */
  usageEveryMs?: number;
}

export class MonitoringJobs {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ctx: SweepContext & Pick<AppContext, 'log'> & { metrics?: EngineMetrics },
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
    await this.timed('history-retention', () => applyHistoryRetention(this.ctx.db, now, this.settings));
  }

  /** The daily usage job once at `now`: every day not yet computed up to yesterday. */
  runDailyUsage(now: number): Promise<DailyUsageRun | null> {
    return this.timed('usage-daily', () =>
      runDailyUsage(this.ctx.db, now, { dialect: this.ctx.database.dialect }),
    );
  }

  /** Runs `job`, its duration counted for `/metrics` (engine-metrics.ts) when the engine counts. */
  private timed<T>(name: string, job: () => Promise<T>): Promise<T> {
    return this.ctx.metrics ? this.ctx.metrics.timed(name, job) : job();
  }

  /** Starts the timers (once); `stop` clears them. */
  start(timers: MonitoringJobsTimers = {}): void {
    if (this.timers.length > 0) return;
    // One flag per job: a long roll-up must not make the sweep skip, nor the other way round.
    const guard = (name: string, job: () => Promise<unknown>) => {
      let running = false;
      return () => {
        if (running) return;
        running = true;
        job()
          .catch((error: unknown) => this.ctx.log.error({ err: error, job: name }, 'monitoring job failed'))
          .finally(() => {
            running = false;
          });
      };
    };
    this.timers = [
      setInterval(
        guard('offline-sweep', () => this.sweepOffline(Date.now())),
        timers.sweepEveryMs ?? 30_000,
      ),
      setInterval(
        guard('history', () => this.runHourly(Date.now())),
        timers.hourlyEveryMs ?? 3_600_000,
      ),
      setInterval(
        guard('usage-daily', () => this.runDailyUsage(Date.now())),
        timers.usageEveryMs ?? 600_000,
      ),
    ];
    for (const timer of this.timers) timer.unref();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }
}
