/**
 * What the console shows for an Android / agent device (getEloDeviceStatistic, getRemoteUrl). The
 * statistic is the device's last host report (battery, CPU, memory, disks of spec §3). Remote control
 * needs an operator-run remote-control service: its URL template comes from REMOTE_CONTROL_URL_TEMPLATE
 * (placeholders {deviceId}, {hostid}, {intranetIp}); without it the reply says it is not configured.
 */
import {
  type EloDeviceStatistic,
  Flag,
  HostBattery,
  HostCpu,
  HostDisk,
  HostMemory,
  type RemoteUrl,
} from '@storefleet/contracts';
import { z } from 'zod';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { formatDateTime } from '../../http/time';
import { findLatestValue } from './running-info.repository';
import { deviceInScope } from './running-info.service';

const HostInfo = z.object({
  cpu: HostCpu.nullable(),
  memory: z.array(HostMemory),
  disks: z.array(HostDisk),
  battery: HostBattery.nullable(),
});

/** The device's last host report, or empty structures when it has not reported one. */
export async function getEloDeviceStatistic(
  ctx: AppContext,
  scope: Scope,
  deviceId: number,
): Promise<EloDeviceStatistic> {
  const device = await deviceInScope(ctx, scope, deviceId);
  const latest = await findLatestValue(ctx.db, device.id, 'host.info');
  let info: z.infer<typeof HostInfo> | null = null;
  if (latest?.value_text) {
    try {
      const parsed = HostInfo.safeParse(JSON.parse(latest.value_text));
      info = parsed.success ? parsed.data : null;
    } catch {
      info = null;
    }
  }
  return {
    deviceId: device.id,
    onlineStatus: device.online_status,
    reportTime: info && latest ? formatDateTime(latest.clock) : null,
    battery: info?.battery ?? null,
    cpu: info?.cpu ?? null,
    memory: info?.memory ?? [],
    disks: info?.disks ?? [],
  };
}

/** The remote-control URL of a device, or why there is none. */
export async function getRemoteUrl(
  ctx: AppContext,
  scope: Scope,
  deviceId: number,
  template = ctx.config.remoteControlUrlTemplate,
): Promise<RemoteUrl> {
  const device = await deviceInScope(ctx, scope, deviceId);
  const none = (reason: string): RemoteUrl => ({
    eloDeviceId: device.id,
    configured: false,
    url: null,
    reason,
  });
  if (device.enable_remote !== Flag.YES)
    return none('Remote control is turned off for this device (enableRemote is 0)');
  if (!template) {
    return none(
      'Remote control is not configured on this server: set REMOTE_CONTROL_URL_TEMPLATE to your remote-control service',
    );
  }
  const values: Record<string, string> = {
    deviceId: String(device.id),
    hostid: device.hostid,
    intranetIp: device.intranet_ip ?? '',
  };
  const url = template.replace(/\{(deviceId|hostid|intranetIp)\}/g, (_, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
  return { eloDeviceId: device.id, configured: true, url, reason: null };
}
