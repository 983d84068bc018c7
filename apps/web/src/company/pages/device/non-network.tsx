import { DeviceListPage } from './DeviceListPage';

const SCOPE = { isNetworkDevice: 1 } as const;

/** /device/non-network.html: devices marked not networked (isNetworkDevice 1). */
export default function NonNetworkDevicesPage() {
  return <DeviceListPage scope={SCOPE} batchMonitor={null} testId="device-non-network" />;
}
