/**
 * The inventory module's job: uploads never saved on a record are swept hourly once their grace period
 * has passed (inventory-image-cleanup.ts). Every node sweeps its own data folder (no lease); close waits
 * for a sweep in progress. Declared to the engine's scheduler by buildApp through MODULE_JOBS, not by
 * the routes file.
 */
import type { AppContext } from '../../context';
import type { ScheduledJob } from '../../engine/jobs/job-scheduler';
import { ORPHAN_SWEEP_EVERY_MS, sweepOrphanImages } from './inventory-image-cleanup';

export function orphanImageSweepJob(ctx: AppContext): ScheduledJob {
  return {
    name: 'inventory-image-sweep',
    everyMs: ORPHAN_SWEEP_EVERY_MS,
    runsOn: 'node',
    finishOnStop: true,
    pass: () => sweepOrphanImages(ctx),
  };
}
