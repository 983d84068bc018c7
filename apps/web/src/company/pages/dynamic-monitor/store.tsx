import { Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { DeviceListPage } from '../device/DeviceListPage';
import { useScopeStores } from '../device/useScopeStores';

/** `store/:id.html` gives `id` = "12" (the router keeps `.html` outside the parameter). */
function shopIdOf(param: string | undefined): number | null {
  const text = (param ?? '').replace(/\.html$/, '');
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

/** /dynamic-monitor/store/:id.html: one store's monitored devices with live status. */
export default function DynamicMonitorStorePage() {
  const { t } = useTranslation();
  const params = useParams();
  const shopId = shopIdOf(params.id);
  const scope = useMemo(() => ({ shopId: shopId ?? undefined, monitored: 1 }), [shopId]);
  const stores = useScopeStores();
  const store = stores.data?.find((s) => s.shopId === shopId);
  if (shopId === null) return <Result status="404" title={t('dynamicMonitor.storeNotFound')} />;
  return (
    <>
      <Typography.Title level={4} data-testid="dynamic-monitor-store-name">
        {store?.storeName ?? ''}
      </Typography.Title>
      <DeviceListPage scope={scope} batchMonitor={null} testId="dynamic-monitor-store" />
    </>
  );
}
