/**
 * Carries out a net-test run: each box in turn (a few at a time) gets the `netTest` command over its
 * link with the run's addresses (NET_TEST_MAX_TARGETS per command), and every box × address ends with
 * one stored result — figures, or why there are none (box offline, no answer in time, command failed).
 * Nothing here waits on a box without a timeout, so a run always finishes — unless this node stops
 * first: then nothing more is written and the run is marked interrupted by the node that sees this one
 * gone (engine/cluster/server-node.ts).
 */
import {
  type AgentCommand,
  NET_TEST_MAX_TARGETS,
  NetTestResult,
  type NetTestTargetResult,
} from '@storefleet/contracts';
import type { Insertable } from 'kysely';

import type { AppContext } from '../../context';
import type { NetTestOutcome, NetTestResultsTable } from '../../db/tables/net-test-runs';
import { NodeStopping } from '../../engine/cluster/server-node';
import { AppError } from '../../http/errors';
import type { BoxTarget } from '../devices/devices.repository';
import type { NetTestAddressRow } from '../nettest/net-test-address.repository';
import { finishNetTestRun, insertNetTestResults } from './net-test-runs.repository';

/** Boxes tested at the same time. */
const BOX_CONCURRENCY = 8;
/** How long one command may take: the agent answers within 30 s (≈ 8 s per target). */
const COMMAND_TIMEOUT_MS = 35_000;

export interface RunPlan {
  runId: number;
  companyId: number;
  boxes: BoxTarget[];
  addresses: NetTestAddressRow[];
}

/** Tests every box of the plan and marks the run finished; errors are logged, never thrown. */
export async function executeNetTestRun(ctx: AppContext, plan: RunPlan): Promise<void> {
  try {
    const queue = [...plan.boxes];
    const worker = async () => {
      for (let box = queue.shift(); box; box = queue.shift()) await testBox(ctx, plan, box);
    };
    await Promise.all(Array.from({ length: Math.min(BOX_CONCURRENCY, queue.length) }, worker));
    await finishNetTestRun(ctx.db, plan.runId, ctx.engine.node.id, Date.now());
  } catch (error) {
    if (error instanceof NodeStopping) return;
    ctx.log.error({ err: error, runId: plan.runId }, 'net test run could not be completed');
  }
}

async function testBox(ctx: AppContext, plan: RunPlan, box: BoxTarget): Promise<void> {
  for (let i = 0; i < plan.addresses.length; i += NET_TEST_MAX_TARGETS) {
    ctx.engine.node.checkRunning();
    const chunk = plan.addresses.slice(i, i + NET_TEST_MAX_TARGETS);
    const rows = await testChunk(ctx, box, chunk);
    // Links closing because this node stops read as "offline": not the box's fault, not stored.
    ctx.engine.node.checkRunning();
    await insertNetTestResults(
      ctx.db,
      rows.map((r) => ({ ...r, run_id: plan.runId, company_id: plan.companyId })),
    );
  }
}

type ResultRow = Omit<Insertable<NetTestResultsTable>, 'run_id' | 'company_id'>;

async function testChunk(
  ctx: AppContext,
  box: BoxTarget,
  addresses: NetTestAddressRow[],
): Promise<ResultRow[]> {
  const base = (address: NetTestAddressRow, testedAt: number) => ({
    shop_id: box.shop_id,
    box_id: box.id,
    address_id: address.id,
    address_name: address.ping_url_name,
    ping_url: address.ping_url,
    tested_at: testedAt,
  });
  const without = (outcome: NetTestOutcome, error: string) =>
    addresses.map((a) => ({ ...base(a, Date.now()), outcome, error_msg: error.slice(0, 500) }));
  if (!ctx.engine.hub.isConnected(box.id)) return without('offline', 'The box is not connected');
  const command: AgentCommand = {
    name: 'netTest',
    targets: addresses.map((a) => ({
      addressId: String(a.id),
      pingHost: a.ping_url,
      downloadUrl: a.download_url ?? undefined,
      uploadUrl: a.upload_url ?? undefined,
    })),
  };
  try {
    const reply = await ctx.engine.hub.command(box.id, command, COMMAND_TIMEOUT_MS);
    if (!reply.ok) return without('failed', reply.error.message);
    const parsed = NetTestResult.safeParse(reply.result);
    if (!parsed.success) return without('failed', 'The box sent a net test result this server cannot read');
    const at = Date.parse(parsed.data.testedAt);
    // The box clock may be wrong; the time kept is the server's, when the answer arrived.
    const testedAt = Number.isNaN(at) ? Date.now() : Math.min(at, Date.now());
    return addresses.map((address) => {
      const figures = parsed.data.targets.find((t) => t.addressId === String(address.id));
      if (!figures)
        return {
          ...base(address, testedAt),
          outcome: 'failed',
          error_msg: 'The box did not test this address',
        };
      return { ...base(address, testedAt), ...fromFigures(figures) };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'BOX_OFFLINE') return without('offline', error.message);
    if (error instanceof AppError && error.code === 'BOX_TIMEOUT') return without('timeout', error.message);
    throw error;
  }
}

function fromFigures(f: NetTestTargetResult) {
  const errors = [
    f.pingError && `ping: ${f.pingError}`,
    f.downloadError && `download: ${f.downloadError}`,
    f.uploadError && `upload: ${f.uploadError}`,
  ].filter((e): e is string => Boolean(e));
  const measured = [f.delayMs, f.downloadBytesPerSecond, f.uploadBytesPerSecond].some((v) => v !== null);
  const outcome: NetTestOutcome = errors.length === 0 ? 'ok' : measured ? 'partial' : 'failed';
  return {
    outcome,
    delay_ms: f.delayMs,
    jitter_ms: f.jitterMs,
    loss_rate: f.lossRate,
    download_bps: f.downloadBytesPerSecond,
    upload_bps: f.uploadBytesPerSecond,
    error_msg: errors.length > 0 ? errors.join('; ').slice(0, 500) : null,
  };
}
