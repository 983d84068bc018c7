/**
 * The offline sweep: a device still marked online with no sign of life for longer than its company's
 * offline threshold is marked offline, with one transition row. Status changes are published.
 */
import type { AppContext } from '../../context';
import { type DeviceStatusChange, statusBusOf } from '../ingest/status-bus';
import { listSilentOnlineDevices, markDeviceOffline } from './monitoring-jobs.repository';
import { companySettings, type SettingsReader } from './monitoring-settings';

/** The smallest offline threshold the config items allow (offline_threshold_seconds ≥ 20). */
const MIN_THRESHOLD_MS = 20_000;

/** Runs one sweep at `now`; returns the devices it marked offline. */
export async function sweepOfflineDevices(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'log'>>,
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
  const changes: DeviceStatusChange[] = [];
  for (const device of candidates) {
    if (device.last_seen_at !== null && device.last_seen_at >= now - (await thresholdOf(device.company_id)))
      continue;
    if (await markDeviceOffline(ctx.db, device, now)) {
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
