/**
 * The offline sweep: a device still marked online with no sign of life for longer than its company's
 * offline threshold is marked offline, with one transition row. Devices are marked in transactions of
 * up to 500; in the same transaction the "online" alert rules see the device's new status 0 (opening
 * e.g. "online EQ 0" records). Status changes are published after commit.
 */
import type { AppContext } from '../../context';
import type { AlertObservation } from '../alerting/alert-evaluation';
import { evaluateAlerts, hasAnyRule, ONLINE_ITEM } from '../alerting/alerting';
import { alertRulesCache } from '../alerting/rules-cache';
import { type DeviceStatusChange, statusBusOf } from '../ingest/status-bus';
import { listSilentOnlineDevices, markDevicesOffline, type SilentDevice } from './monitoring-jobs.repository';
import { companySettings, type SettingsReader } from './monitoring-settings';

/** The smallest offline threshold the config items allow (offline_threshold_seconds ≥ 20). */
const MIN_THRESHOLD_MS = 20_000;
/** Devices marked offline per transaction. */
export const SWEEP_CHUNK = 500;

/** Runs one sweep at `now`; returns the devices it marked offline. */
export async function sweepOfflineDevices(
  ctx: Pick<AppContext, 'db' | 'database'>,
  now: number,
  settings: SettingsReader = companySettings,
): Promise<DeviceStatusChange[]> {
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
  const changes: DeviceStatusChange[] = [];
  for (let i = 0; i < silent.length; i += SWEEP_CHUNK) {
    const marked = await markChunkOffline(ctx, silent.slice(i, i + SWEEP_CHUNK), now);
    for (const device of marked) {
      changes.push({
        deviceId: device.id,
        shopId: device.shop_id,
        companyId: device.company_id,
        onlineStatus: 0,
        at: now,
      });
    }
  }
  return changes;
}

/** One transaction: marks the chunk's devices offline and evaluates their "online" rules. */
async function markChunkOffline(
  ctx: Pick<AppContext, 'database'>,
  chunk: readonly SilentDevice[],
  now: number,
): Promise<SilentDevice[]> {
  const { database } = ctx;
  return database.db.transaction().execute(async (trx) => {
    const marked = await markDevicesOffline(trx, database.dialect, chunk, now);
    if (marked.length === 0) return marked;
    const rules = await alertRulesCache(database).rulesFor(
      trx,
      marked.map((d) => d.company_id),
    );
    if (hasAnyRule(rules)) {
      const observations: AlertObservation[] = marked
        .filter((d) => rules.get(d.company_id)?.byItem.has(ONLINE_ITEM))
        .map((d) => ({ deviceId: d.id, item: ONLINE_ITEM, value: 0, at: now }));
      await evaluateAlerts(trx, new Map(marked.map((d) => [d.id, d])), rules, observations);
    }
    return marked;
  });
}

/** Sweeps and publishes the changes on the app's status bus. */
export async function runOfflineSweep(
  ctx: AppContext,
  now: number,
  settings?: SettingsReader,
): Promise<number> {
  const changes = await sweepOfflineDevices(ctx, now, settings);
  if (changes.length > 0) statusBusOf(ctx).publish(changes);
  return changes.length;
}
