/**
 * The offline sweep: a device still marked online with no sign of life for longer than its company's
 * offline threshold is marked offline, with one transition row. Devices are marked in transactions of
 * up to 500; in the same transaction the "online" alert rules see the device's new status 0 (opening
 * e.g. "online EQ 0" records, or starting their holds). Then the alert passes that time drives: holds
 * whose time has passed open their records (a device whose values stopped arriving still opens), and
 * the records held under a box that has been back for the offline threshold are released. Each
 * transaction's result is published after it commits.
 */
import { withTransactionRetry } from '../../db/transaction-retry';
import { type AfterCommit, addAfterCommit, afterCommit, publishAfterCommit } from '../after-commit';
import { DUE_HOLDS_CHUNK, evaluateDevices, ONLINE_ITEM, openDueHolds } from '../alerting/alerting';
import { releaseHeldRecords } from '../alerting/box-outage';
import type { EngineParts } from '../engine-parts';
import { statusChange } from '../ingest/status-bus';
import { listSilentOnlineDevices, markDevicesOffline, type SilentDevice } from './monitoring-jobs.repository';
import type { SettingsReader } from './monitoring-settings';

/** The smallest offline threshold the config items allow (offline_threshold_seconds ≥ 20). */
const MIN_THRESHOLD_MS = 20_000;
/** Devices marked offline per transaction. */
export const SWEEP_CHUNK = 500;

/** What the sweep writes through and publishes on. */
export type SweepContext = Pick<EngineParts, 'db' | 'database' | 'rulesCache' | 'statusBus'>;

/**
 * Runs one sweep at `now`, publishing each transaction's status changes after it commits; returns
 * everything the sweep committed (the devices marked offline, the records opened and recovered).
 */
export async function sweepOfflineDevices(
  ctx: SweepContext,
  now: number,
  settings: SettingsReader,
): Promise<AfterCommit> {
  const thresholds = new Map<number, number>();
  const thresholdOf = async (companyId: number) => {
    let ms = thresholds.get(companyId);
    if (ms === undefined) {
      ms = (await settings(ctx.db, companyId)).offlineThresholdSeconds * 1000;
      thresholds.set(companyId, ms);
    }
    return ms;
  };
  // Candidates by the smallest threshold the config allows; each company's own threshold decides below.
  const candidates = await listSilentOnlineDevices(ctx.db, now - MIN_THRESHOLD_MS);
  const silent: SilentDevice[] = [];
  for (const device of candidates) {
    if (device.last_seen_at !== null && device.last_seen_at >= now - (await thresholdOf(device.company_id)))
      continue;
    silent.push(device);
  }
  const total: AfterCommit = {
    statusChanges: [],
    alertsOpened: [],
    alertsRecovered: [],
    lateTransitions: [],
  };
  for (let i = 0; i < silent.length; i += SWEEP_CHUNK) {
    // Its alert records can reach a box a link's ingest holds: a deadlock's victim runs again.
    const chunk = silent.slice(i, i + SWEEP_CHUNK);
    const result = await withTransactionRetry(() => markChunkOffline(ctx, chunk, now));
    publishAfterCommit(ctx.statusBus, result);
    addAfterCommit(total, result);
  }
  for (;;) {
    const { taken, ...alerts } = await withTransactionRetry(() =>
      ctx.database.db.transaction().execute((trx) => openDueHolds(trx, ctx.rulesCache, now)),
    );
    const result = afterCommit([], alerts);
    publishAfterCommit(ctx.statusBus, result);
    addAfterCommit(total, result);
    if (taken < DUE_HOLDS_CHUNK) break;
  }
  // Not in a transaction: reading a company's threshold must not wait for one (one SQLite connection).
  await releaseHeldRecords(ctx.db, now, thresholdOf);
  return total;
}

/** One transaction: marks the chunk's devices offline and evaluates their "online" rules. */
async function markChunkOffline(
  { database, rulesCache }: SweepContext,
  chunk: readonly SilentDevice[],
  now: number,
): Promise<AfterCommit> {
  return database.db.transaction().execute(async (trx) => {
    const marked = await markDevicesOffline(trx, database.dialect, chunk, now);
    const alerts = await evaluateDevices(
      trx,
      rulesCache,
      new Map(marked.map((d) => [d.id, d])),
      (rules) =>
        marked
          .filter((d) => rules.get(d.company_id)?.byItem.has(ONLINE_ITEM))
          .map((d) => ({ deviceId: d.id, item: ONLINE_ITEM, value: 0, at: now })),
      new Set(marked.map((d) => d.id)),
    );
    return afterCommit(
      marked.map((d) => statusChange(d, 0, now)),
      alerts,
    );
  });
}
