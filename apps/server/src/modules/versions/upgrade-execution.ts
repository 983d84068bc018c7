/**
 * Carries out an upgrade run wave by wave. Each box of the wave (a few at a time) is marked downloading
 * and gets the `upgrade` command over its link; its reply marks it installed (with the version it now
 * reports) or failed (with the agent's reason); a box that drops its link or does not answer in time
 * fails with that reason. A box without a link is given the reconnection grace
 * (UPGRADE_RECONNECT_GRACE_SECONDS) to link, without holding up the wave's other boxes; one that does
 * not link in time fails but is not counted (upgrade-wave.ts). After a wave, its failure rate decides:
 * above the run's threshold the run halts with the reason, else the next wave starts. Every state change is written to
 * the database first, so a run cut by a stop is resumed from it, by this node restarted or by another
 * (`resumeRunsOfGoneNodes`). Each write holds only while the run is still this node's (`runner_node`):
 * a node judged gone that still runs loses the run at its next step, and a box gets the command from one
 * node at a time.
 */
import {
  type AgentCommand,
  fillPath,
  UPGRADE_REPLY_MS,
  UpgradeResult,
  VersionEndpoints,
} from '@storefleet/contracts';

import type { AppContext } from '../../context';
import { NodeStopping, type RunnerGone } from '../../engine/cluster/server-node';
import { AppError } from '../../http/errors';
import { neverConnectedReason, waitingReason, waveHaltReason } from './upgrade-wave';
import {
  claimUpgradeRuns,
  findUpgradeRun,
  findVersion,
  listUpgradeRunners,
  setBoxState,
  updateUpgradeRun,
  type VersionRow,
  waveBoxes,
} from './versions.repository';

/** Boxes of one wave upgraded at the same time. */
const BOX_CONCURRENCY = 8;
/** How often a box waiting for its link is looked at. */
const LINK_POLL_MS = 500;

export interface ExecutionOptions {
  replyTimeoutMs?: number;
}

/** Another node took the run over (it judged this one gone): this node stops carrying it out. */
class RunTakenOver extends Error {
  override name = 'RunTakenOver';
}

/** A write that holds only while the run is this node's: throws RunTakenOver when it did not. */
async function asRunner(write: Promise<boolean>): Promise<void> {
  if (!(await write)) throw new RunTakenOver('the upgrade run is no longer carried out by this node');
}

/**
 * Runs the remaining waves of run `runId`, which this node carries out (`runner_node`); errors mark it
 * interrupted and are logged, never thrown. This node stopping leaves it running for its next runner.
 */
export async function executeUpgradeRun(
  ctx: AppContext,
  runId: number,
  options: ExecutionOptions = {},
): Promise<void> {
  try {
    const run = await findUpgradeRun(ctx.db, runId);
    if (run?.status !== 'running' || run.runner_node !== ctx.engine.node.id) return;
    const version = await findVersion(ctx.db, run.version_id);
    if (!version) return await end(ctx, runId, 'interrupted', 'The version package was removed');
    for (let wave = run.current_wave; wave <= run.wave_count; wave += 1) {
      ctx.engine.node.checkRunning();
      await asRunner(updateUpgradeRun(ctx.db, runId, ctx.engine.node.id, { current_wave: wave }));
      const todo = (await waveBoxes(ctx.db, runId, wave))
        .filter((b) => b.state === 'pending' || b.state === 'downloading')
        .map((b) => b.box_id);
      const graceMs = ctx.config.upgradeReconnectGraceMs;
      const deadline = Date.now() + graceMs;
      const slot = slots(BOX_CONCURRENCY);
      // Every box at once: those without a link wait for it outside the slots, the others go ahead.
      await Promise.all(
        todo.map(async (box) => {
          if (!ctx.engine.hub.isConnected(box) && !(await waitForLink(ctx, runId, box, deadline)))
            return neverConnected(ctx, runId, box, graceMs);
          await slot(() => upgradeBox(ctx, runId, box, version, options.replyTimeoutMs ?? UPGRADE_REPLY_MS));
        }),
      );
      const states = await waveBoxes(ctx.db, runId, wave);
      const reason = waveHaltReason(states, run.failure_threshold, wave, run.wave_count);
      if (reason !== null) return await end(ctx, runId, 'halted', reason);
    }
    await end(ctx, runId, 'finished', null);
  } catch (error) {
    if (error instanceof NodeStopping) return;
    if (error instanceof RunTakenOver) {
      ctx.log.warn({ runId }, 'another server node took this upgrade run over; this node leaves it');
      return;
    }
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
  await asRunner(
    updateUpgradeRun(ctx.db, runId, ctx.engine.node.id, {
      status,
      halt_reason: reason,
      finished_at: Date.now(),
    }),
  );
}

/** Runs at most `n` of the functions given to it at a time, the others in the order they came. */
function slots(n: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (work: () => Promise<void>): Promise<void> => {
    while (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Waits until box `boxId` links (true) or `deadline` passes (false). Meanwhile the box shows `pending`
 * with a reason that says the run waits for it (the contracts have no "waiting" state).
 */
async function waitForLink(
  ctx: AppContext,
  runId: number,
  boxId: number,
  deadline: number,
): Promise<boolean> {
  await asRunner(
    setBoxState(ctx.db, runId, boxId, ctx.engine.node.id, {
      state: 'pending',
      reason: waitingReason(deadline),
      updated_at: Date.now(),
    }),
  );
  for (;;) {
    ctx.engine.node.checkRunning();
    if (ctx.engine.hub.isConnected(boxId)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(LINK_POLL_MS, Math.max(0, deadline - Date.now()))),
    );
  }
}

/** Fails a box that did not link within the grace, with the reason that keeps it out of the failure rate. */
async function neverConnected(ctx: AppContext, runId: number, boxId: number, graceMs: number): Promise<void> {
  await asRunner(
    setBoxState(ctx.db, runId, boxId, ctx.engine.node.id, {
      state: 'failed',
      reason: neverConnectedReason(graceMs),
      updated_at: Date.now(),
    }),
  );
}

async function upgradeBox(
  ctx: AppContext,
  runId: number,
  boxId: number,
  version: VersionRow,
  timeoutMs: number,
): Promise<void> {
  const failed = (reason: string) =>
    asRunner(
      setBoxState(ctx.db, runId, boxId, ctx.engine.node.id, {
        state: 'failed',
        reason: reason.slice(0, 500),
        updated_at: Date.now(),
      }),
    );
  ctx.engine.node.checkRunning();
  // Linked a moment ago (or it would not be here): it dropped the link again before the command.
  if (!ctx.engine.hub.isConnected(boxId))
    return failed('The box lost its link before it could download the package');
  // Written before the command goes out, and only while the run is this node's.
  await asRunner(
    setBoxState(ctx.db, runId, boxId, ctx.engine.node.id, {
      state: 'downloading',
      reason: null,
      updated_at: Date.now(),
    }),
  );
  const command: AgentCommand = {
    name: 'upgrade',
    version: version.version_no,
    packageUrl: fillPath(VersionEndpoints.versionPackage.path, { id: version.id }),
    sha256: version.sha256,
    size: version.size,
  };
  try {
    const reply = await ctx.engine.hub.command(boxId, command, timeoutMs);
    if (!reply.ok) return failed(reply.error.message);
    const result = UpgradeResult.safeParse(reply.result);
    if (!result.success) return failed('The box sent an upgrade reply this server cannot read');
    if (result.data.version !== version.version_no || result.data.sha256 !== version.sha256) {
      return failed(
        `The box reported version ${result.data.version} (${result.data.sha256.slice(0, 12)}…), not the one pushed`,
      );
    }
    await asRunner(
      setBoxState(ctx.db, runId, boxId, ctx.engine.node.id, {
        state: 'installed',
        reason: null,
        reported_version: result.data.version,
        updated_at: Date.now(),
      }),
    );
  } catch (error) {
    // The link closed because this node stops: the box stays downloading, its next runner asks again.
    if (error instanceof AppError) ctx.engine.node.checkRunning();
    if (error instanceof AppError && error.code === 'BOX_OFFLINE')
      return failed('The box lost its link during the upgrade');
    if (error instanceof AppError && error.code === 'BOX_TIMEOUT')
      return failed(`The box did not answer within ${Math.round(timeoutMs / 60_000)} minutes`);
    throw error;
  }
}

/**
 * The takeover of upgrade runs (at start-up and every heartbeat, engine/cluster/server-node.ts): a run
 * still `running` whose node is gone (stopped, died, or this node before its restart) is claimed by
 * exactly one node and resumed there. Its finished waves stand; the current wave's boxes that had not
 * answered are sent the command again once they link, within the reconnection grace (an agent that
 * installed the version already answers at once). A live node's runs are left alone.
 */
export async function resumeRunsOfGoneNodes(
  ctx: AppContext,
  gone: RunnerGone,
  options: ExecutionOptions = {},
): Promise<void> {
  const runners = (await listUpgradeRunners(ctx.db)).filter(gone);
  if (runners.length === 0) return;
  for (const id of await claimUpgradeRuns(ctx.db, runners, ctx.engine.node.id)) {
    ctx.log.info({ runId: id, from: runners }, 'resuming an upgrade run whose server node is gone');
    ctx.engine.node.track(executeUpgradeRun(ctx, id, options));
  }
}
