import { type AlertRecord, MODULE } from '@storefleet/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { devicePage } from '@/shared/device/device-columns';
import { usePermissions } from '@/shared/permissions/usePermissions';

/** A store's live page (the dynamic monitor's), for holders of that module. */
export const storePage = (shopId: number) => `/dynamic-monitor/store/${shopId}.html`;

/** Open (red), held under the store box's alert (orange, not sent), recovered (green) or closed by hand (grey). */
export function AlertStatusTag({
  record,
}: {
  record: Pick<AlertRecord, 'status' | 'closedBy' | 'suppressedBy'>;
}) {
  const { t } = useTranslation();
  if (record.closedBy !== null) return <Tag data-testid="alert-status">{t('alerts.status.closed')}</Tag>;
  if (record.status === 0 && record.suppressedBy !== null)
    return (
      <Tag color="warning" data-testid="alert-status">
        {t('alerts.status.suppressed')}
      </Tag>
    );
  return record.status === 0 ? (
    <Tag color="error" data-testid="alert-status">
      {t('alerts.status.unresolved')}
    </Tag>
  ) : (
    <Tag color="success" data-testid="alert-status">
      {t('alerts.status.recovered')}
    </Tag>
  );
}

/** The device's name, a link to its details for holders of the device module. */
export function DeviceLink({ record }: { record: Pick<AlertRecord, 'deviceId' | 'deviceName'> }) {
  const { canView } = usePermissions();
  const name = record.deviceName ?? `#${record.deviceId}`;
  return canView([MODULE.device]) ? (
    <Link to={devicePage.details(record.deviceId)} data-cell data-testid="alert-device-link">
      {name}
    </Link>
  ) : (
    <span data-cell>{name}</span>
  );
}

/** The store's name, a link to its live page for holders of the dynamic monitor. */
export function StoreLink({ record }: { record: Pick<AlertRecord, 'shopId' | 'shopName'> }) {
  const { canView } = usePermissions();
  return canView([MODULE.dynamicMonitor]) ? (
    <Link to={storePage(record.shopId)} data-cell data-testid="alert-store-link">
      {record.shopName}
    </Link>
  ) : (
    <span data-cell>{record.shopName}</span>
  );
}
