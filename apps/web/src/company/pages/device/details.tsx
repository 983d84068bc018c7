import { BUTTON } from '@storefleet/contracts';
import { Button, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { fromHere } from '../../../shared/form/return-to';

import { Access } from '../../../shared/permissions/Access';
import { AlertEventsCard } from './AlertEventsCard';
import { AlertRulesCard } from './AlertRulesCard';
import { DeviceFieldsCard } from './DeviceFieldsCard';
import { devicePage } from './device-columns';
import { ANDROID_SYSTEM } from './device-form-values';
import { PingPanel } from './PingPanel';
import { OnlineChartCard, RunningInfoCard } from './RunningInfoCard';
import { useDevice, useDeviceIdParam } from './useDeviceParam';
import { useLiveDevice } from './useLiveDevice';

/**
 * /device/details.html?deviceId=: fields, running info with history, online chart, ping, and the
 * device's alert rules and alert events.
 */
export default function DeviceDetailsPage() {
  const { t } = useTranslation();
  const deviceId = useDeviceIdParam();
  const location = useLocation();
  const device = useDevice(deviceId);
  useLiveDevice(deviceId);
  if (deviceId === null || device.isError) {
    return <Result status="404" title={t('device.details.notFound')} data-testid="device-not-found" />;
  }
  if (!device.data) return <Spin />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="device-details">
      <Space wrap>
        <Link to={devicePage.syslog(deviceId)}>
          <Button>{t('device.action.syslog')}</Button>
        </Link>
        {device.data.deviceSystem === ANDROID_SYSTEM ? (
          <Link to={devicePage.androidInfo(deviceId)}>
            <Button>{t('device.action.androidInfo')}</Button>
          </Link>
        ) : null}
        <Access codes={[BUTTON.deviceUpdate]}>
          <Link to={devicePage.update(deviceId)} state={fromHere(location)}>
            <Button>{t('device.action.edit')}</Button>
          </Link>
        </Access>
      </Space>
      <DeviceFieldsCard device={device.data} />
      <PingPanel device={device.data} />
      <RunningInfoCard device={device.data} />
      <OnlineChartCard deviceId={deviceId} />
      <AlertRulesCard deviceId={deviceId} />
      <AlertEventsCard deviceId={deviceId} />
    </Space>
  );
}
