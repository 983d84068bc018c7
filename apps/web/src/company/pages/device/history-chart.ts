/** ECharts options of the details page's charts: an item's history and the online timeline. */
import type { HistoryPoint } from '@storefleet/contracts';
import type { EChartsOption } from 'echarts';

import { chartScaleOf } from '@/shared/format/units';

/**
 * A line of an item's values, named for the item, scaled to the unit its axis names (bytes in MB,
 * durations in hours); non-numeric values are left out of the line.
 */
export function historyOption(points: readonly HistoryPoint[], name: string, units: string): EChartsOption {
  const { axisUnit, scale } = chartScaleOf(units);
  const numeric = points
    .map((p) => [p.clock, Number(p.value)] as const)
    .filter(([, value]) => Number.isFinite(value));
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value) => `${value}${axisUnit ? ` ${axisUnit}` : ''}` },
    grid: { left: 56, right: 24, top: 32, bottom: 40 },
    xAxis: { type: 'category', data: numeric.map(([clock]) => clock) },
    yAxis: { type: 'value', name: axisUnit },
    series: [
      {
        type: 'line',
        name,
        smooth: true,
        showSymbol: numeric.length <= 60,
        data: numeric.map(([, value]) => Math.round(scale(value) * 100) / 100),
      },
    ],
  };
}

/** A step line of online (1) / offline (0) points. */
export function onlineOption(
  points: readonly HistoryPoint[],
  labels: { online: string; offline: string },
): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 72, right: 24, top: 24, bottom: 40 },
    xAxis: { type: 'category', data: points.map((p) => p.clock) },
    yAxis: {
      type: 'value',
      min: 0,
      max: 1,
      interval: 1,
      axisLabel: { formatter: (value: number) => (value === 1 ? labels.online : labels.offline) },
    },
    series: [{ type: 'line', step: 'end', data: points.map((p) => (Number(p.value) === 1 ? 1 : 0)) }],
  };
}
