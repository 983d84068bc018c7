import {
  type AlertRecord,
  AlertRecordEndpoints,
  DashboardEndpoints,
  type Device,
  DeviceEndpoints,
  MODULE,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AlertLevelTag } from '@/shared/alerts/AlertLevelTag';
import { apiQuery } from '@/shared/api/call';
import { deviceCategoryText } from '@/shared/device/device-category-text';
import { DeviceStatusBadge } from '@/shared/device/device-columns';
import { FigureTiles } from '@/shared/figures/FigureTiles';
import { UsageTrendChart } from '@/shared/figures/UsageTrendChart';
import { useLang } from '@/shared/i18n/useLang';
import { ListTable } from '@/shared/list';
import { useLiveRefresh } from '@/shared/live/useLiveRefresh';
import { useScopeStores } from '@/shared/org/useScopeStores';
import { usePermissions } from '@/shared/permissions/usePermissions';
import { useMayCall } from '../overview/may-call';

/** `store/:id.html` gives `id` = "12" (the router keeps `.html` outside the parameter). */
function shopIdOf(param: string | undefined): number | null {
  const text = (param ?? '').replace(/\.html$/, '');
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

const DEVICE_PAGE = 200;
const ALERT_PAGE = 50;

/**
 * /stores/store/:id.html (hidden): one store's figures, its devices with their status (for holders of a
 * device list), its open alerts (for holders of the alert overview) and its usage trend; live.
 */
export default function StoreDashboardPage() {
  const { t } = useTranslation();
  const { english } = useLang();
  const shopId = shopIdOf(useParams().id);
  const mayCall = useMayCall();
  const { canView } = usePermissions();
  const stores = useScopeStores({ enabled: shopId !== null });
  const store = stores.data?.find((s) => s.shopId === shopId);
  const id = shopId ?? 0;
  const figuresQuery = apiQuery(DashboardEndpoints.getStoreFigures, { query: { shopIdStr: String(id) } });
  const devicesQuery = apiQuery(DeviceEndpoints.listDevices, {
    query: { shopId: id, pageNum: 1, pageSize: DEVICE_PAGE },
  });
  const alertsQuery = apiQuery(AlertRecordEndpoints.listAlertRecords, {
    query: { shopId: id, status: 0, pageNum: 1, pageSize: ALERT_PAGE },
  });
  const showDevices = mayCall(DeviceEndpoints.listDevices);
  const showAlerts = mayCall(AlertRecordEndpoints.listAlertRecords);
  const figures = useQuery({ ...figuresQuery, enabled: shopId !== null });
  const devices = useQuery({ ...devicesQuery, enabled: shopId !== null && showDevices });
  const alerts = useQuery({ ...alertsQuery, enabled: shopId !== null && showAlerts });
  useLiveRefresh([figuresQuery.queryKey, devicesQuery.queryKey, alertsQuery.queryKey]);

  if (shopId === null || (stores.data && !store))
    return <Result status="404" title={t('dashboard.store.notFound')} />;
  const f = figures.data?.[0];
  return (
    <div data-testid="store-dashboard">
      <Row justify="space-between" align="middle" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="store-dashboard-name">
          {store ? `${store.storeName} (${store.storeNo})` : ''}
        </Typography.Title>
        {canView([MODULE.dynamicMonitor]) ? (
          <Link to={`/dynamic-monitor/store/${shopId}.html`}>
            <Button>{t('dashboard.store.live')}</Button>
          </Link>
        ) : null}
      </Row>
      <FigureTiles
        figures={f}
        loading={figures.isPending}
        extra={[
          {
            key: 'usageRate',
            title: t('dashboard.figure.usageRate'),
            value: f?.usageRate === null || f?.usageRate === undefined ? '-' : `${f.usageRate.toFixed(2)}%`,
          },
        ]}
      />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {showDevices ? (
          <Col xs={24} xl={14}>
            <Card size="small" title={t('dashboard.store.devices')}>
              <ListTable<Device>
                rowKey="deviceId"
                size="small"
                loading={devices.isPending}
                dataSource={devices.data?.list ?? []}
                pagination={{ pageSize: 10 }}
                locale={{ emptyText: t('dashboard.store.noDevices') }}
                columns={[
                  {
                    key: 'deviceName',
                    dataIndex: 'deviceName',
                    title: t('dashboard.store.column.deviceName'),
                  },
                  {
                    key: 'category',
                    title: t('dashboard.store.column.category'),
                    render: (_: unknown, device: Device) => deviceCategoryText(device, english),
                  },
                  { key: 'intranetIp', dataIndex: 'intranetIp', title: t('dashboard.store.column.ip') },
                  {
                    key: 'status',
                    title: t('dashboard.store.column.status'),
                    render: (_: unknown, device: Device) => <DeviceStatusBadge device={device} t={t} />,
                  },
                ]}
                data-testid="store-dashboard-devices"
              />
            </Card>
          </Col>
        ) : null}
        {showAlerts ? (
          <Col xs={24} xl={10}>
            <Card size="small" title={t('dashboard.store.openAlerts')}>
              <ListTable<AlertRecord>
                rowKey="id"
                size="small"
                loading={alerts.isPending}
                dataSource={alerts.data?.list ?? []}
                pagination={{ pageSize: 10 }}
                locale={{ emptyText: t('dashboard.store.noAlerts') }}
                columns={[
                  { key: 'name', dataIndex: 'name', title: t('dashboard.store.column.alertName') },
                  {
                    key: 'severity',
                    title: t('dashboard.store.column.severity'),
                    render: (_: unknown, r: AlertRecord) => (
                      <AlertLevelTag level={r.severity} fallback={r.severityName} />
                    ),
                  },
                  { key: 'alertTime', dataIndex: 'alertTime', title: t('dashboard.store.column.alertTime') },
                ]}
                data-testid="store-dashboard-alerts"
              />
            </Card>
          </Col>
        ) : null}
      </Row>
      <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
        <UsageTrendChart place={{ shopId }} />
      </Space>
    </div>
  );
}
