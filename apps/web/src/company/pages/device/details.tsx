import { ProductType } from '@storefleet/contracts';
import { Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { OfflineReasonsCard } from '@/shared/offline-reasons/OfflineReasonsCard';
import { AlertEventsCard } from './AlertEventsCard';
import { AlertRulesCard } from './AlertRulesCard';
import { DeviceFieldsCard } from './DeviceFieldsCard';
import { DeviceHeader } from './DeviceHeader';
import { PingPanel } from './PingPanel';
import { OnlineChartCard, RunningInfoCard } from './RunningInfoCard';
import { SubDevicesCard } from './SubDevicesCard';
import { useDevice, useDeviceIdParam } from './useDeviceParam';
import { useLiveDevice } from './useLiveDevice';

/**
 * /device/details.html?deviceId=: the device's head (name, store, its other pages), fields, the
 * devices behind it when it is a store box, running info with history, online chart, ping, and the
 * device's alert rules and alert events.
 */
export default function DeviceDetailsPage() {
  const { t } = useTranslation();
  const deviceId = useDeviceIdParam();
  const device = useDevice(deviceId);
  useLiveDevice(deviceId);
  if (deviceId === null || device.isError) {
    return <Result status="404" title={t('device.details.notFound')} data-testid="device-not-found" />;
  }
  if (!device.data) return <Spin />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="device-details">
      <DeviceHeader device={device.data} current="details" />
      <DeviceFieldsCard device={device.data} />
      {device.data.productId === ProductType.AI_BOX ? <SubDevicesCard boxId={deviceId} /> : null}
      <PingPanel device={device.data} />
      <RunningInfoCard device={device.data} />
      <OnlineChartCard deviceId={deviceId} />
      <AlertRulesCard deviceId={deviceId} />
      <AlertEventsCard deviceId={deviceId} />
      <OfflineReasonsCard device={device.data} />
    </Space>
  );
}
