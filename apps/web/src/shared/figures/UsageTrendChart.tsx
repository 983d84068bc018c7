import { DashboardEndpoints, type UsageTrendQuery } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../api/call';
import { EChart } from '../charts/EChart';
import { lastDays, TREND_DAYS } from './usage-range';

type Place = Omit<UsageTrendQuery, 'startTime' | 'endTime'>;

/** The daily average usage rate of a place (or the whole scope) over the last 30 days, as a line. */
export function UsageTrendChart({ place = {}, height = 300 }: { place?: Place; height?: number }) {
  const { t } = useTranslation();
  const range = useMemo(() => lastDays(new Date(), TREND_DAYS), []);
  const trend = useQuery(apiQuery(DashboardEndpoints.getUsageTrend, { query: { ...range, ...place } }));
  const points = trend.data ?? [];
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' as const, valueFormatter: (v: unknown) => `${Number(v).toFixed(2)}%` },
      grid: { left: 48, right: 16, top: 32, bottom: 32 },
      xAxis: { type: 'category' as const, data: points.map((p) => p.statisticsDate.slice(5)) },
      yAxis: { type: 'value' as const, name: t('dashboard.trend.axis'), min: 0, max: 100 },
      series: [
        {
          name: t('dashboard.trend.series'),
          type: 'line' as const,
          smooth: true,
          areaStyle: { opacity: 0.15 },
          data: points.map((p) => p.usageRate),
        },
      ],
    }),
    [points, t],
  );
  return (
    <Card size="small" title={t('dashboard.trend.title', { days: TREND_DAYS })} data-testid="usage-trend">
      {trend.isPending ? (
        <Spin />
      ) : points.length === 0 ? (
        <Empty description={t('dashboard.trend.empty')} />
      ) : (
        <EChart option={option} style={{ height }} data-testid="usage-trend-chart" />
      )}
    </Card>
  );
}
