/**
 * ECharts options of the device-health-analysis page (pure, unit-tested): the anomaly chart (usage
 * against its weekly baseline, unusual days as dots of their own series), the forecast chart (actual,
 * forecast, and the 80% interval as a band stacked on its lower bound) and the top offline reasons per
 * region (stacked bars). Texts come in translated, so the charts follow the language; colours that must
 * stand out on both themes are fixed here, the rest comes from the theme's palette.
 */
import type { AnomalyChart, ForecastChart, TopReasons } from '@storefleet/contracts';
import type { EChartsOption } from 'echarts';

/** Unusual days (antd's red) and the forecast with its band (antd's orange): readable on light and dark. */
const FLAGGED_COLOR = '#ff4d4f';
const FORECAST_COLOR = '#fa8c16';
/** The band's fill: strong enough to read on the dark theme's near-black, still light on white. */
const BAND_OPACITY = 0.35;

export interface AnomalyLabels {
  actual: string;
  expected: string;
  flagged: string;
}

export function anomalyChartOption(chart: AnomalyChart, labels: AnomalyLabels): EChartsOption {
  const flagged = new Set(chart.anomalyDates);
  // The unusual days are a series of their own (dots, values in the tooltip), not labelled pins: pins of
  // two days in a row cover each other.
  const unusual = chart.dates.map((date, i) => (flagged.has(date) ? (chart.actual[i] ?? null) : null));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.actual, labels.expected, labels.flagged] },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: chart.dates },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      { name: labels.actual, type: 'line', data: chart.actual, connectNulls: false },
      {
        name: labels.expected,
        type: 'line',
        data: chart.expected,
        lineStyle: { type: 'dashed' },
        symbol: 'none',
      },
      {
        name: labels.flagged,
        type: 'scatter',
        data: unusual,
        symbolSize: 12,
        itemStyle: { color: FLAGGED_COLOR, borderColor: '#fff', borderWidth: 1.5 },
        z: 3,
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
  const bound = { color: FORECAST_COLOR, width: 1, type: 'dotted' as const, opacity: 0.8 };
  const min = rateAxisMin([...hist, ...lower]);
  return {
    tooltip: {
      trigger: 'axis',
      formatter: forecastTooltip(dates, chart.history.length, hist, point, lower, upper, labels),
    },
    legend: { top: 0, data: [labels.history, labels.point, labels.band] },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: dates },
    yAxis: { type: 'value', min, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      { name: labels.history, type: 'line', data: [...hist, ...pad(chart.forecast.length)] },
      // The band: the lower bound (a dotted edge) with the interval's width stacked on it, filled.
      {
        name: 'lower',
        type: 'line',
        data: [...before, ...lower],
        stack: 'band',
        symbol: 'none',
        lineStyle: bound,
        tooltip: { show: false },
      },
      {
        name: labels.band,
        type: 'line',
        data: [...before, ...upper.map((u, i) => Math.max(0, u - (lower[i] ?? u)))],
        stack: 'band',
        symbol: 'none',
        itemStyle: { color: FORECAST_COLOR, opacity: BAND_OPACITY },
        lineStyle: bound,
        areaStyle: { color: FORECAST_COLOR, opacity: BAND_OPACITY },
      },
      {
        name: labels.point,
        type: 'line',
        data: [...before, ...point],
        itemStyle: { color: FORECAST_COLOR },
        lineStyle: { type: 'dashed', color: FORECAST_COLOR, width: 2 },
      },
    ],
  };
}

/**
 * The rate axis' lower end: 10 points below the lowest value, down to a multiple of 10 (0 at the least),
 * so a band a few points wide is not squeezed into the top of a 0–100 axis.
 */
export function rateAxisMin(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return Math.max(0, Math.floor((Math.min(...values) - 10) / 10) * 10);
}

/** The forecast tooltip: a day's actual or forecast value, and the interval as "lower – upper". */
function forecastTooltip(
  dates: readonly string[],
  historyDays: number,
  hist: readonly number[],
  point: readonly number[],
  lower: readonly number[],
  upper: readonly number[],
  labels: ForecastLabels,
) {
  return (params: unknown): string => {
    const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
    const i = first?.dataIndex ?? 0;
    const pct = (v: number | undefined) => (v === undefined ? '-' : `${v.toFixed(1)}%`);
    const rows =
      i < historyDays
        ? [`${labels.history}: ${pct(hist[i])}`]
        : [
            `${labels.point}: ${pct(point[i - historyDays])}`,
            `${labels.band}: ${pct(lower[i - historyDays])} – ${pct(upper[i - historyDays])}`,
          ];
    return [dates[i] ?? '', ...rows].join('<br/>');
  };
}

/** One stacked bar per region (named in the reader's language by the server), one colour per reason type. */
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
