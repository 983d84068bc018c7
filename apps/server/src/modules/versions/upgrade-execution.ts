/**
 * Carries out an upgrade run wave by wave. Each box of the wave (a few at a time) is marked downloading
 * and gets the `upgrade` command over its link; its reply marks it installed (with the version it now
 * reports) or failed (with the agent's reason); a box that is not linked, drops its link or does not
 * answer in time fails with that reason. After a wave, its failure rate decides: above the run's
 * threshold the run halts with the reason, else the next wave starts. Every state change is written to
 * the database first, so a run cut by a server restart is resumed from it (`resumeUpgradeRuns`).
 */
import {
  type AgentCommand,
  fillPath,
  UPGRADE_REPLY_MS,
  UpgradeResult,
  VersionEndpoints,
} from '@storefleet/contracts';

import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import {
  findUpgradeRun,
  findVersion,
  listRunningUpgradeRuns,
  setBoxState,
  updateUpgradeRun,
  type VersionRow,
  waveBoxes,
} from './versions.repository';

/** Boxes of one wave upgraded at the same time. */
const BOX_CONCURRENCY = 8;
/** After a restart, how long a resumed wave waits for its boxes to link again. */
const RESUME_GRACE_MS = 60_000;

export interface ExecutionOptions {
  /** Resumed after a restart: wait for the wave's boxes to link again before sending. */
  resumed?: boolean;
  resumeGraceMs?: number;
  replyTimeoutMs?: number;
}

/** Runs the remaining waves of run `runId`; errors mark it interrupted and are logged, never thrown. */
export async function executeUpgradeRun(
  ctx: AppContext,
  runId: number,
  options: ExecutionOptions = {},
): Promise<void> {
  try {
    const run = await findUpgradeRun(ctx.db, runId);
    if (run?.status !== 'running') return;
    const version = await findVersion(ctx.db, run.version_id);
    if (!version) return await end(ctx, runId, 'interrupted', 'The version package was removed');
    for (let wave = run.current_wave; wave <= run.wave_count; wave += 1) {
      await updateUpgradeRun(ctx.db, runId, { current_wave: wave });
      const todo = (await waveBoxes(ctx.db, runId, wave))
        .filter((b) => b.state === 'pending' || b.state === 'downloading')
        .map((b) => b.box_id);
      if (options.resumed && wave === run.current_wave) {
        await waitForLinks(ctx, todo, options.resumeGraceMs ?? RESUME_GRACE_MS);
      }
      const queue = [...todo];
      const worker = async () => {
        for (let box = queue.shift(); box !== undefined; box = queue.shift()) {
          await upgradeBox(ctx, runId, box, version, options.replyTimeoutMs ?? UPGRADE_REPLY_MS);
        }
      };
      await Promise.all(Array.from({ length: Math.min(BOX_CONCURRENCY, queue.length) }, worker));
      const states = await waveBoxes(ctx.db, runId, wave);
      const failed = states.filter((b) => b.state === 'failed').length;
      const rate = states.length === 0 ? 0 : (failed * 100) / states.length;
      if (rate > run.failure_threshold) {
        const reason =
          `Wave ${wave} of ${run.wave_count}: ${failed} of ${states.length} boxes failed ` +
          `(${Math.round(rate)} %), above the ${run.failure_threshold} % threshold; later waves were not sent`;
        return await end(ctx, runId, 'halted', reason);
      }
    }
    await end(ctx, runId, 'finished', null);
  } catch (error) {
    ctx.log.error({ err: error, runId }, 'upgrade run could not be completed');
    try {
      await end(ctx, runId, 'interrupted', 'The server could not carry out the run (see its log)');
    } catch {
      // The database is gone (shutting down): the run stays running and is resumed at the next start.
    }
  }
}

async function end(
  ctx: AppContext,
  runId: number,
  status: 'finished' | 'halted' | 'interrupted',
  reason: string | null,
): Promise<void> {
  await updateUpgradeRun(ctx.db, runId, { status, halt_reason: reason, finished_at: Date.now() });
}

async function waitForLinks(ctx: AppContext, boxes: number[], graceMs: number): Promise<void> {
  const until = Date.now() + graceMs;
  while (Date.now() < until && !boxes.every((b) => ctx.hub.isConnected(b))) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function upgradeBox(
  ctx: AppContext,
  runId: number,
  boxId: number,
  version: VersionRow,
  timeoutMs: number,
): Promise<void> {
  const failed = (reason: string) =>
    setBoxState(ctx.db, runId, boxId, {
      state: 'failed',
      reason: reason.slice(0, 500),
      updated_at: Date.now(),
    });
  if (!ctx.hub.isConnected(boxId))
    return failed('The box is not connected, so it could not download the package');
  await setBoxState(ctx.db, runId, boxId, { state: 'downloading', reason: null, updated_at: Date.now() });
  const command: AgentCommand = {
    name: 'upgrade',
    version: version.version_no,
    packageUrl: fillPath(VersionEndpoints.versionPackage.path, { id: version.id }),
    sha256: version.sha256,
    size: version.size,
  };
  try {
    const reply = await ctx.hub.command(boxId, command, timeoutMs);
    if (!reply.ok) return failed(reply.error.message);
    const result = UpgradeResult.safeParse(reply.result);
    if (!result.success) return failed('The box sent an upgrade reply this server cannot read');
    if (result.data.version !== version.version_no || result.data.sha256 !== version.sha256) {
      return failed(
        `The box reported version ${result.data.version} (${result.data.sha256.slice(0, 12)}…), not the one pushed`,
      );
    }
    await setBoxState(ctx.db, runId, boxId, {
      state: 'installed',
      reason: null,
      reported_version: result.data.version,
      updated_at: Date.now(),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'BOX_OFFLINE')
      return failed('The box lost its link during the upgrade');
    if (error instanceof AppError && error.code === 'BOX_TIMEOUT')
      return failed(`The box did not answer within ${Math.round(timeoutMs / 60_000)} minutes`);
    throw error;
  }
}

/**
 * At start-up: every run still marked running was cut by a restart. Its finished waves stand; the
 * current wave's boxes that had not answered are sent the command again once they link (an agent that
 * installed the version already answers at once).
 */
export async function resumeUpgradeRuns(ctx: AppContext, options: ExecutionOptions = {}): Promise<void> {
  try {
    const ids = await listRunningUpgradeRuns(ctx.db);
    for (const id of ids) {
      ctx.log.info({ runId: id }, 'resuming an upgrade run cut by a restart');
      void executeUpgradeRun(ctx, id, { ...options, resumed: true });
    }
  } catch (error) {
    ctx.log.error({ err: error }, 'could not resume upgrade runs');
  }
}
