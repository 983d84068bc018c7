import { DeviceEndpoints, type Store } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { apiQuery } from '../../../shared/api/call';

/** One store's counts of monitored devices. */
const storeCountsQuery = (shopId: number) =>
  apiQuery(DeviceEndpoints.getDeviceStatus, { query: { shopId, monitored: 1 } });

/** The cache key of one store's counts, refreshed when a status event names the store. */
export const storeCountsKey = (shopId: number) => storeCountsQuery(shopId).queryKey;

/** A store's monitored devices: online and offline counts, linking to the store's live device list. */
export function StoreCard({
  store,
}: {
  store: Pick<Store, 'shopId' | 'storeName' | 'storeNo' | 'areaName'>;
}) {
  const { t } = useTranslation();
  const counts = useQuery(storeCountsQuery(store.shopId));
  const offline = counts.data?.offlineNum ?? 0;
  return (
    <Link to={`/dynamic-monitor/store/${store.shopId}.html`} data-testid={`store-card-${store.shopId}`}>
      <Card
        hoverable
        size="small"
        loading={counts.isPending}
        title={
          <Space>
            <Badge status={offline > 0 ? 'error' : 'success'} />
            <Typography.Text ellipsis style={{ maxWidth: 180 }}>
              {store.storeName}
            </Typography.Text>
          </Space>
        }
        extra={<Typography.Text type="secondary">{store.storeNo}</Typography.Text>}
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
        </Space>
      </Card>
    </Link>
  );
}
