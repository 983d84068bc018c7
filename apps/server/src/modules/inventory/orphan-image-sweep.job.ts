/**
 * The inventory module's job: uploads never saved on a record are swept hourly once their grace period
 * has passed (inventory-image-cleanup.ts). Started when the app is ready, stopped (and awaited) on close;
 * registered by buildApp through MODULE_JOBS, not by the routes file.
 */
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { logJobFailure } from '../../engine/jobs/job-failure';
import { ORPHAN_SWEEP_EVERY_MS, orphanSweepDone, sweepOrphanImages } from './inventory-image-cleanup';

export function installOrphanImageSweep(app: FastifyInstance, ctx: AppContext): void {
  let sweepTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async function startOrphanImageSweep() {
    sweepTimer = setInterval(
      () =>
        sweepOrphanImages(ctx).catch((error: unknown) =>
          logJobFailure(ctx.log, 'inventory-image-sweep', error),
        ),
      ORPHAN_SWEEP_EVERY_MS,
    );
    sweepTimer.unref();
  });
  app.addHook('onClose', async function stopOrphanImageSweep() {
    clearInterval(sweepTimer);
    await orphanSweepDone(ctx);
  });
}
