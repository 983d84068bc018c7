/** What a box is told to probe: its store's monitored devices in the protocol's shape. */
import type { AgentConfig, MonitoredDevice } from '@storefleet/contracts';

import type { ProbedDeviceRow } from './agent-link.repository';

/** One device row as the protocol's MonitoredDevice. */
export function monitoredDevice(row: ProbedDeviceRow): MonitoredDevice {
  return {
    deviceId: String(row.id),
    deviceName: row.device_name.slice(0, 200),
    connectType: row.connect_type,
    intranetIp: (row.intranet_ip ?? '').slice(0, 64),
    port: row.port >= 1 && row.port <= 65535 ? row.port : 161,
    community: (row.community || 'public').slice(0, 128),
    productType: row.product_id,
    deviceSystem: row.device_system,
  };
}

/** The config a box receives in `welcome` and `config`. */
export function agentConfig(rows: readonly ProbedDeviceRow[], intervalSeconds: number): AgentConfig {
  return { intervalSeconds, devices: rows.map(monitoredDevice) };
}
