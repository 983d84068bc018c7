/**
 * The jobs runner of the monitoring pipeline: the offline sweep every 30 s, roll-up and retention
 * every hour. Timers do not keep the process alive and stop when the app closes; a failing run is
 * logged and the next one tries again. Tests call the job functions directly.
 */
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { applyHistoryRetention } from './history-retention';
import { rollUpHistory } from './history-rollup';
import { companySettings, type SettingsReader } from './monitoring-settings';
import { runOfflineSweep } from './offline-sweep';

export interface MonitoringJobsOptions {
  sweepEveryMs?: number;
  hourlyEveryMs?: number;
  settings?: SettingsReader;
}

/** Runs the hourly jobs once at `now` (roll-up first, so nothing is deleted before it is rolled up). */
export async function runHourlyJobs(
  ctx: AppContext,
  now: number,
  settings: SettingsReader = companySettings,
): Promise<void> {
  await rollUpHistory(ctx.db, now);
  await applyHistoryRetention(ctx.db, now, settings);
}

/** Starts the timers for `app`; they stop in its onClose hook. */
export function startMonitoringJobs(
  app: FastifyInstance,
  ctx: AppContext,
  options: MonitoringJobsOptions = {},
): void {
  const settings = options.settings ?? companySettings;
  // One flag per job: a long roll-up must not make the sweep skip, nor the other way round.
  const guard = (name: string, job: () => Promise<unknown>) => {
    let running = false;
    return () => {
      if (running) return;
      running = true;
      job()
        .catch((error: unknown) => ctx.log.error({ err: error, job: name }, 'monitoring job failed'))
        .finally(() => {
          running = false;
        });
    };
  };
  const sweep = setInterval(
    guard('offline-sweep', () => runOfflineSweep(ctx, Date.now(), settings)),
    options.sweepEveryMs ?? 30_000,
  );
  const hourly = setInterval(
    guard('history', () => runHourlyJobs(ctx, Date.now(), settings)),
    options.hourlyEveryMs ?? 3_600_000,
  );
  sweep.unref();
  hourly.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(hourly);
  });
}
