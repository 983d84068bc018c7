/**
 * The report chart's option (ECharts, drawn by shared/charts/EChart): one bar per category in each
 * group, and the group's own figure as a line. The figure shown is the rate (%) when rates are asked,
 * else `num` (hours, devices or device-days). Texts come in translated: the chart follows the language.
 */
import type { AreaUsage } from '@storefleet/contracts';
import type { EChartsOption } from 'echarts';

import type { ReportFigure } from './report-query';

export interface ReportChartTexts {
  /** Name of the line series (the group's figure). */
  total: string;
  /** Axis unit ("%", "h" …). */
  unit: string;
}

/** The value charted for a figure choice. */
export function chartedValue(item: { num: number; rate: number }, figure: ReportFigure): number {
  return figure === 'rate' ? item.rate : item.num;
}

export function reportChartOption(
  rows: readonly AreaUsage[],
  figure: ReportFigure,
  texts: ReportChartTexts,
): EChartsOption {
  const categories = new Map<string, string>();
  for (const row of rows)
    for (const c of row.categoryList)
      if (!categories.has(c.categoryId)) categories.set(c.categoryId, c.categoryName);
  const groups = rows.map((r) => r.areaName);
  const bars = [...categories].map(([id, name]) => ({
    name,
    type: 'bar' as const,
    data: rows.map((r) => {
      const cell = r.categoryList.find((c) => c.categoryId === id);
      return cell ? chartedValue(cell, figure) : 0;
    }),
  }));
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 48, right: 24, top: 40, bottom: 56 },
    xAxis: { type: 'category', data: groups, axisLabel: { interval: 0, rotate: groups.length > 8 ? 30 : 0 } },
    yAxis: { type: 'value', name: texts.unit, ...(figure === 'rate' ? { max: 100 } : {}) },
    series: [
      ...bars,
      { name: texts.total, type: 'line', data: rows.map((r) => chartedValue(r, figure)), symbolSize: 8 },
    ],
  };
}
