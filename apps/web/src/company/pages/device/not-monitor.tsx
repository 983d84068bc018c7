import { DeviceListPage } from '@/shared/device/DeviceListPage';

const SCOPE = { monitored: 0 } as const;

/** /device/not-monitor.html: devices registered but not monitored, with a "monitor" action. */
export default function NotMonitoredDevicesPage() {
  return <DeviceListPage scope={SCOPE} batchMonitor={1} testId="device-not-monitored" />;
}
