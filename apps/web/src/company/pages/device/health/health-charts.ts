/**
 * ECharts options of the device-health-analysis page (pure, unit-tested): the anomaly chart (usage
 * against its weekly baseline, unusual days marked), the forecast chart (actual, forecast, and the 80%
 * interval as a band stacked on its lower bound) and the top offline reasons per region (stacked bars).
 */
import type { AnomalyChart, ForecastChart, TopReasons } from '@storefleet/contracts';
import type { EChartsOption } from 'echarts';

export interface AnomalyLabels {
  actual: string;
  expected: string;
  flagged: string;
}

export function anomalyChartOption(chart: AnomalyChart, labels: AnomalyLabels): EChartsOption {
  const flagged = new Set(chart.anomalyDates);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.actual, labels.expected] },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: chart.dates },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        name: labels.actual,
        type: 'line',
        data: chart.actual,
        connectNulls: false,
        markPoint: {
          symbol: 'pin',
          data: chart.dates
            .map((date, i) => ({ date, value: chart.actual[i] }))
            .filter((p) => flagged.has(p.date) && p.value !== null && p.value !== undefined)
            .map((p) => ({
              name: labels.flagged,
              coord: [p.date, p.value as number],
              value: p.value as number,
            })),
        },
      },
      {
        name: labels.expected,
        type: 'line',
        data: chart.expected,
        lineStyle: { type: 'dashed' },
        symbol: 'none',
      },
    ],
  };
}

export type ForecastMetric = 'usage' | 'online';

export interface ForecastLabels {
  history: string;
  point: string;
  band: string;
}

/** Actual history, then the forecast with its band; `metric` picks usage or online rate. */
export function forecastChartOption(
  chart: ForecastChart,
  metric: ForecastMetric,
  labels: ForecastLabels,
): EChartsOption {
  const dates = [...chart.history.map((h) => h.date), ...chart.forecast.map((f) => f.date)];
  const pad = (n: number) => Array.from({ length: n }, () => null);
  const hist = chart.history.map((h) => (metric === 'usage' ? h.usageRate : h.onlineRate));
  const point = chart.forecast.map((f) => (metric === 'usage' ? f.usageRate : f.onlineRate));
  const lower = chart.forecast.map((f) => (metric === 'usage' ? f.usageLower : f.onlineLower));
  const upper = chart.forecast.map((f) => (metric === 'usage' ? f.usageUpper : f.onlineUpper));
  const before = pad(chart.history.length);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.history, labels.point, labels.band] },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: dates },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      { name: labels.history, type: 'line', data: [...hist, ...pad(chart.forecast.length)] },
      // The band: the lower bound (invisible) with the interval's width stacked on it.
      {
        name: 'lower',
        type: 'line',
        data: [...before, ...lower],
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        tooltip: { show: false },
      },
      {
        name: labels.band,
        type: 'line',
        data: [...before, ...upper.map((u, i) => Math.max(0, u - (lower[i] ?? u)))],
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { opacity: 0.25 },
      },
      { name: labels.point, type: 'line', data: [...before, ...point], lineStyle: { type: 'dashed' } },
    ],
  };
}

/** One stacked bar per region, one colour per reason type. */
export function reasonsChartOption(report: TopReasons): EChartsOption {
  const regions = report.regions.map((r) => r.areaName);
  const types = new Map<string, string>();
  for (const r of report.regions) for (const x of r.reasons) types.set(x.reasonTypeCode, x.reasonTypeName);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: [...types.values()] },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: regions },
    yAxis: { type: 'value', minInterval: 1 },
    series: [...types.entries()].map(([code, name]) => ({
      name,
      type: 'bar',
      stack: 'reasons',
      data: report.regions.map((r) => r.reasons.find((x) => x.reasonTypeCode === code)?.num ?? 0),
    })),
  };
}
