/**
 * The usage module's job, declared to the engine's scheduler by buildApp (modules/index.ts MODULE_JOBS):
 * every 10 minutes, on one node of the cluster, the stored days of devices with late transitions are
 * computed again (usage-late-days.ts), then every day not yet computed up to yesterday (usage-daily.ts).
 * It is handed ingest's late transitions after each commit (engine/ingest/late-transitions.ts) and marks
 * their days for that recompute.
 */
import type { AppContext } from '../../../context';
import type { ScheduledJob } from '../../../engine/jobs/job-scheduler';
import { type DailyUsageRun, runDailyUsage } from './usage-daily';
import { pastDaysOf } from './usage-days';
import { recomputeLateUsageDays } from './usage-late-days';
import { markLateUsageDays } from './usage-late-days.repository';

type UsageJobContext = Pick<AppContext, 'database' | 'engine'>;

/** One pass of the daily usage job at `now` (late days first, then the new days); tests call it. */
export function runDailyUsagePass(ctx: UsageJobContext, now: number): Promise<DailyUsageRun | null> {
  return ctx.engine.metrics.timed('usage-daily', async () => {
    const { db, dialect } = ctx.database;
    await recomputeLateUsageDays(db, now, { dialect });
    return runDailyUsage(db, now, { dialect });
  });
}

/** The daily usage job; subscribes it to ingest's late transitions. */
export function usageDailyJob(ctx: UsageJobContext & Pick<AppContext, 'log'>): ScheduledJob {
  ctx.engine.statusBus.late.subscribe(async (transitions) => {
    try {
      await markLateUsageDays(ctx.database.db, pastDaysOf(transitions, Date.now()));
    } catch (error) {
      ctx.log.warn({ err: error }, 'could not mark late usage days; those days keep their figures');
    }
  });
  return {
    name: 'usage-daily',
    everyMs: 600_000,
    runsOn: 'cluster',
    pass: (now) => runDailyUsagePass(ctx, now),
  };
}
