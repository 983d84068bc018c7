import { DashboardEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { FigureTiles } from '@/shared/figures/FigureTiles';
import { UsageTrendChart } from '@/shared/figures/UsageTrendChart';
import { useLiveRefresh } from '@/shared/live/useLiveRefresh';
import { PlaceBars } from './PlaceBars';

const overviewQuery = apiQuery(DashboardEndpoints.getDashboardOverview, { query: {} });

/**
 * /dashboard/dashboard.html: the figures of the user's whole scope — monitored devices, online and
 * offline, online rate, boxes, open alerts by level, stores — the devices per region, and the last 30
 * days' average usage rate. Figures follow the live stream.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const overview = useQuery(overviewQuery);
  useLiveRefresh([overviewQuery.queryKey]);
  const data = overview.data;
  return (
    <div data-testid="dashboard">
      <FigureTiles
        figures={data?.totals}
        loading={overview.isPending}
        extra={[{ key: 'storeNum', title: t('dashboard.figure.storeNum'), value: data?.storeNum ?? 0 }]}
      />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <PlaceBars title={t('dashboard.places.title')} groups={data?.groups ?? []} />
        </Col>
        <Col xs={24} xl={12}>
          <UsageTrendChart />
        </Col>
      </Row>
    </div>
  );
}
