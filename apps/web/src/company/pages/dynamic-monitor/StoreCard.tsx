import { DeviceEndpoints, type Store } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Space, Statistic, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { apiQuery } from '@/shared/api/call';

/** One store's counts of monitored devices. */
const storeCountsQuery = (shopId: number) =>
  apiQuery(DeviceEndpoints.getDeviceStatus, { query: { shopId, monitored: 1 } });

/** The cache key of one store's counts, refreshed when a status event names the store. */
export const storeCountsKey = (shopId: number) => storeCountsQuery(shopId).queryKey;

/**
 * A store's monitored devices: online and offline counts and open alerts, linking to the store's live
 * device list. A store with an offline device or an open alert is in trouble: red border, red badge
 * and a "trouble" tag.
 */
export function StoreCard({
  store,
  openAlerts,
}: {
  store: Pick<Store, 'shopId' | 'storeName' | 'storeNo' | 'areaName'>;
  /** Open alerts on the store's monitored devices (getStoreTrouble). */
  openAlerts: number;
}) {
  const { t } = useTranslation();
  const counts = useQuery(storeCountsQuery(store.shopId));
  const { token } = theme.useToken();
  const offline = counts.data?.offlineNum ?? 0;
  const trouble = offline > 0 || openAlerts > 0;
  return (
    <Link
      to={`/dynamic-monitor/store/${store.shopId}.html`}
      data-testid={`store-card-${store.shopId}`}
      data-trouble={trouble ? 'true' : 'false'}
    >
      <Card
        hoverable
        size="small"
        loading={counts.isPending}
        style={trouble ? { borderColor: token.colorError, borderWidth: 2 } : undefined}
        title={
          <Space>
            <Badge status={trouble ? 'error' : 'success'} />
            <Typography.Text ellipsis style={{ maxWidth: 180 }} data-cell>
              {store.storeName}
            </Typography.Text>
          </Space>
        }
        extra={
          trouble ? (
            <Tag color="error" data-testid={`store-trouble-${store.shopId}`}>
              {t('dynamicMonitor.trouble')}
            </Tag>
          ) : (
            <Typography.Text type="secondary">{store.storeNo}</Typography.Text>
          )
        }
      >
        <Space size="large">
          <Statistic
            title={t('dynamicMonitor.online')}
            value={counts.data?.onlineNum ?? 0}
            styles={{ content: { color: '#52c41a' } }}
            data-testid={`store-online-${store.shopId}`}
          />
          <Statistic
            title={t('dynamicMonitor.offline')}
            value={offline}
            styles={offline > 0 ? { content: { color: '#ff4d4f' } } : undefined}
            data-testid={`store-offline-${store.shopId}`}
          />
          <Statistic title={t('dynamicMonitor.total')} value={counts.data?.deviceNum ?? 0} />
          <Statistic
            title={t('dynamicMonitor.openAlerts')}
            value={openAlerts}
            styles={openAlerts > 0 ? { content: { color: '#ff4d4f' } } : undefined}
            data-testid={`store-alerts-${store.shopId}`}
          />
        </Space>
      </Card>
    </Link>
  );
}
