import type { DashboardGroup } from '@storefleet/contracts';
import { Card, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { EChart } from '@/shared/charts/EChart';

/** Online and offline monitored devices per place (the overview's groups), as stacked bars. */
export function PlaceBars({ title, groups }: { title: string; groups: readonly DashboardGroup[] }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' as const },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 32, bottom: 48 },
      xAxis: {
        type: 'category' as const,
        data: groups.map((g) => g.name),
        // Tilted only when the names would crowd each other; a few places read level.
        axisLabel: { interval: 0, rotate: groups.length > 5 ? 30 : 0 },
      },
      yAxis: { type: 'value' as const, minInterval: 1 },
      series: [
        {
          name: t('dashboard.places.online'),
          type: 'bar' as const,
          stack: 'devices',
          itemStyle: { color: '#52c41a' },
          data: groups.map((g) => g.onlineNum),
        },
        {
          name: t('dashboard.places.offline'),
          type: 'bar' as const,
          stack: 'devices',
          itemStyle: { color: '#ff4d4f' },
          data: groups.map((g) => g.offlineNum),
        },
      ],
    }),
    [groups, t],
  );
  return (
    <Card size="small" title={title} data-testid="place-bars">
      {groups.length === 0 ? (
        <Empty description={t('dashboard.places.empty')} />
      ) : (
        <EChart option={option} style={{ height: 300 }} data-testid="place-bars-chart" />
      )}
    </Card>
  );
}
