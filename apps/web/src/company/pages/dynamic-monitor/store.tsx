import { DeviceEndpoints, type Store } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { apiQuery } from '@/shared/api/call';
import { DeviceListPage } from '@/shared/device/DeviceListPage';
import { DeviceStatusBadge } from '@/shared/device/device-columns';
import { shownStateOf } from '@/shared/device-status/display-state';
import { useScopeStores } from '@/shared/org/useScopeStores';

/** `store/:id.html` gives `id` = "12" (the router keeps `.html` outside the parameter). */
function shopIdOf(param: string | undefined): number | null {
  const text = (param ?? '').replace(/\.html$/, '');
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

/** The store's box (queryType 1 = boxes); refreshed with the device list on every status event. */
const storeBoxQuery = (shopId: number) =>
  apiQuery(DeviceEndpoints.listDevices, { query: { shopId, queryType: 1, pageNum: 1, pageSize: 1 } });

/**
 * The head of a store's live page: the store, its address, its box's state and when the box was last in
 * contact (it is in contact now while online; otherwise the time it went offline).
 */
function StoreHeader({ shopId, store }: { shopId: number; store: Store | undefined }) {
  const { t } = useTranslation();
  const box = useQuery(storeBoxQuery(shopId)).data?.list[0];
  const online = box ? shownStateOf(box) === 'online' : false;
  const lastContact = !box
    ? '-'
    : online
      ? (box.deviceOnlineTime ?? '-')
      : (box.latestOfflineTime ?? t('dynamicMonitor.store.never'));
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="dynamic-monitor-store-header">
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="dynamic-monitor-store-name">
        {store ? `${store.storeName} (${store.storeNo})` : ''}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('dynamicMonitor.store.address')}>
          <span data-testid="dynamic-monitor-store-address">
            {[store?.provinceName, store?.cityName, store?.addr].filter(Boolean).join(' ') || '-'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('dynamicMonitor.store.box')}>
          {box ? <DeviceStatusBadge device={box} t={t} /> : t('dynamicMonitor.store.noBox')}
        </Descriptions.Item>
        <Descriptions.Item
          label={t(online ? 'dynamicMonitor.store.onlineSince' : 'dynamicMonitor.store.lastContact')}
        >
          <span data-testid="dynamic-monitor-store-last-contact">{lastContact}</span>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/**
 * /dynamic-monitor/store/:id.html: one store's monitored devices with live status, headed by the store;
 * the region/store filter is left out (the page is one store's).
 */
export default function DynamicMonitorStorePage() {
  const { t } = useTranslation();
  const params = useParams();
  const shopId = shopIdOf(params.id);
  const scope = useMemo(() => ({ shopId: shopId ?? undefined, monitored: 1 }), [shopId]);
  const stores = useScopeStores();
  const store = stores.data?.find((s) => s.shopId === shopId);
  if (shopId === null || (stores.data && !store))
    return <Result status="404" title={t('dynamicMonitor.storeNotFound')} />;
  return (
    <>
      <StoreHeader shopId={shopId} store={store} />
      <DeviceListPage scope={scope} batchMonitor={null} inStore testId="dynamic-monitor-store" />
    </>
  );
}
