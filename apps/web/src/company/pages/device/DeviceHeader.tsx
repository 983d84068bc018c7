import { BUTTON, type Device, DeviceSystem, MODULE } from '@storefleet/contracts';
import { Button, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DeviceStatusBadge, devicePage } from '@/shared/device/device-columns';
import { offersSyslog } from '@/shared/device/syslog-offer';
import { fromHere } from '@/shared/form/return-to';
import { Access } from '@/shared/permissions/Access';
import { usePermissions } from '@/shared/permissions/usePermissions';

/** The pages of one device, in the order of the header's tabs. */
export type DevicePageKey = 'details' | 'syslog' | 'androidInfo';

const TAB_TITLE: Record<DevicePageKey, string> = {
  details: 'menu.device.details',
  syslog: 'menu.device.syslog',
  androidInfo: 'menu.device.androidInfo',
};

/** The store's live page, where the device's store is shown with its other devices. */
export const storeLivePage = (shopId: number) => `/dynamic-monitor/store/${shopId}.html`;

/** Names the device in the browser tab: `<device> · <page> · <product>`. */
function useDeviceDocumentTitle(device: Device, current: DevicePageKey) {
  const { t } = useTranslation();
  const title = `${device.deviceName} · ${t(TAB_TITLE[current])} · ${t('shell.productName')}`;
  // PageGate titles the page in a layout effect; this passive effect runs after it, so it wins.
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * The head of the device pages (details, syslog, Android info): the device's name, state and store
 * (a link to the store's live page for users who may open it), tabs between the device's pages and,
 * for users who may edit, the edit button. Device names are device data: rendered as text.
 */
export function DeviceHeader({
  device,
  current,
  extra,
}: {
  device: Device;
  current: DevicePageKey;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { canView } = usePermissions();
  useDeviceDocumentTitle(device, current);

  // The same pages the device's list row offers; the page being shown always keeps its tab.
  const pages = (['details', 'syslog', 'androidInfo'] as const).filter(
    (key) =>
      key === current ||
      key === 'details' ||
      (key === 'syslog' && offersSyslog(device)) ||
      (key === 'androidInfo' && device.deviceSystem === DeviceSystem.ANDROID),
  );
  const store =
    device.shopId && device.shopName && canView([MODULE.dynamicMonitor]) ? (
      <Link to={storeLivePage(device.shopId)} data-testid="device-header-store">
        {device.shopName}
      </Link>
    ) : (
      <Typography.Text data-testid="device-header-store">{device.shopName || '-'}</Typography.Text>
    );

  return (
    <div data-testid="device-header">
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space orientation="vertical" size={0}>
          <Space align="center" size="middle" wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="device-header-name">
              {device.deviceName}
            </Typography.Title>
            <DeviceStatusBadge device={device} t={t} />
          </Space>
          <Typography.Text type="secondary">
            {t('device.header.store')}: {store}
          </Typography.Text>
        </Space>
        <Space wrap>
          {extra}
          <Access codes={[BUTTON.deviceUpdate]}>
            <Link to={devicePage.update(device.deviceId)} state={fromHere(location)}>
              <Button data-testid="device-header-edit">{t('device.action.edit')}</Button>
            </Link>
          </Access>
        </Space>
      </Space>
      <Tabs
        activeKey={current}
        style={{ marginTop: 8, marginBottom: 0 }}
        items={pages.map((key) => ({
          key,
          label: (
            <Link to={devicePage[key](device.deviceId)} data-testid={`device-tab-${key}`}>
              {t(TAB_TITLE[key])}
            </Link>
          ),
        }))}
      />
    </div>
  );
}
