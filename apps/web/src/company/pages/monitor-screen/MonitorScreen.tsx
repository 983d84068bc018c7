import { DashboardEndpoints, type DashboardOverviewQuery, MODULE, PAGE } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Row, Space, Tag, Typography, theme } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { apiQuery } from '@/shared/api/call';
import { FigureTiles } from '@/shared/figures/FigureTiles';
import { UsageTrendChart } from '@/shared/figures/UsageTrendChart';
import { useLiveRefresh } from '@/shared/live/useLiveRefresh';
import { usePermissions } from '@/shared/permissions/usePermissions';
import { tileLink, upLink } from './drill';
import { PlaceTiles } from './PlaceTiles';
import { useFullscreen } from './useFullscreen';

/** The wall display refreshes on its own even when no live event arrives. */
const AUTO_REFRESH_MS = 60_000;

/**
 * The monitor screen of one place (the whole scope, a region, a province or a city): big figures, a
 * tile per place one level down leading further down, the place's usage trend; live counts from the
 * live stream, a refresh every minute, and a full screen button for a wall.
 */
export function MonitorScreen({ place }: { place: DashboardOverviewQuery }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { canView } = usePermissions();
  const host = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(host);
  const query = apiQuery(DashboardEndpoints.getDashboardOverview, { query: place });
  const overview = useQuery({ ...query, refetchInterval: AUTO_REFRESH_MS });
  useLiveRefresh([query.queryKey]);
  const data = overview.data;
  const mayOpenStores = canView([MODULE.store, PAGE.storeOverview]);
  const up = data ? upLink(data.grouping, data.parentId) : null;
  const trendPlace = {
    ...(place.areaLevel !== undefined ? { areaLevel: place.areaLevel } : {}),
    ...(place.provinceLevel !== undefined ? { provinceLevel: place.provinceLevel } : {}),
    ...(place.cityLevel !== undefined ? { cityLevel: place.cityLevel } : {}),
  };
  const updated = overview.dataUpdatedAt
    ? new Date(overview.dataUpdatedAt).toLocaleTimeString(i18n.language)
    : '';
  return (
    <div
      ref={host}
      data-testid="monitor-screen"
      style={{
        background: token.colorBgLayout,
        padding: fullscreen.active ? 24 : 0,
        overflow: fullscreen.active ? 'auto' : undefined,
      }}
    >
      <Row justify="space-between" align="middle" style={{ marginBottom: 16 }} gutter={[16, 8]}>
        <Col>
          <Space align="center" wrap>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="monitor-screen-place">
              {data?.placeName ?? t('dashboard.screen.whole')}
            </Typography.Title>
            <Tag color="green">{t('dashboard.screen.live')}</Tag>
            {updated ? (
              <Typography.Text type="secondary">
                {t('dashboard.screen.updatedAt', { time: updated })}
              </Typography.Text>
            ) : null}
          </Space>
        </Col>
        <Col>
          <Space>
            {up ? (
              <Button onClick={() => navigate(up)} data-testid="monitor-screen-up">
                {t('dashboard.screen.back')}
              </Button>
            ) : null}
            {fullscreen.supported ? (
              <Button type="primary" onClick={fullscreen.toggle} data-testid="monitor-screen-fullscreen">
                {t(fullscreen.active ? 'dashboard.screen.exitFullscreen' : 'dashboard.screen.fullscreen')}
              </Button>
            ) : null}
          </Space>
        </Col>
      </Row>
      <FigureTiles
        big
        figures={data?.totals}
        loading={overview.isPending}
        extra={[{ key: 'storeNum', title: t('dashboard.figure.storeNum'), value: data?.storeNum ?? 0 }]}
      />
      <div style={{ marginTop: 24 }}>
        {data ? (
          <PlaceTiles
            groups={data.groups}
            grouping={data.grouping}
            linkOf={(id) => tileLink(data.grouping, id, mayOpenStores)}
          />
        ) : null}
      </div>
      <div style={{ marginTop: 24 }}>
        <UsageTrendChart place={trendPlace} />
      </div>
    </div>
  );
}
