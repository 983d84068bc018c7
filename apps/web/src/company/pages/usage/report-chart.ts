/**
 * The report chart's option (ECharts, drawn by shared/charts/EChart): one bar per category in each
 * group, and the group's own figure as a line. The figure shown is the rate (%) when rates are asked,
 * else `num` (hours, devices or device-days). Texts come in translated: the chart follows the language.
 * Each category keeps its colour from view to view (region, city, store): the colour is keyed by the
 * category's code, not by the order the categories happen to come in.
 */
import type { AreaUsage, DictionaryItem } from '@storefleet/contracts';
import type { EChartsOption } from 'echarts';

import type { ReportFigure } from './report-query';

export interface ReportChartTexts {
  /** Name of the line series (the group's figure). */
  total: string;
  /** Axis unit ("%", "h" …). */
  unit: string;
}

/** ECharts' own palette (what the chart drew before) less the line's pink, and three more. */
const PALETTE = [
  '#5070dd',
  '#b6d634',
  '#505372',
  '#ff994d',
  '#0ca8df',
  '#ffd10a',
  '#785db0',
  '#3fbe95',
  '#a0522d',
  '#c23531',
  '#61a0a8',
] as const;
const LINE_COLOUR = '#fb628b';
/** The category `''`: rows without a category. */
const UNCATEGORISED_COLOUR = '#a6a6a6';

/**
 * Colour slots by category code, from the category tree: a large category by its place among the large
 * ones (the region and city reports break down by them), a small one by its place among its siblings
 * (the store report breaks one large category down by them).
 */
export function categoryColourSlots(tree: readonly DictionaryItem[]): ReadonlyMap<string, number> {
  const slots = new Map<string, number>();
  tree.forEach((large, i) => {
    slots.set(large.code, i);
    large.childLevel.forEach((small, j) => {
      if (!slots.has(small.code)) slots.set(small.code, j);
    });
  });
  return slots;
}

/** A category's colour: its slot in the tree, or (a code the tree lacks) one picked by its letters. */
export function categoryColour(code: string, slots: ReadonlyMap<string, number>): string {
  if (code === '') return UNCATEGORISED_COLOUR;
  let slot = slots.get(code);
  if (slot === undefined) {
    slot = 0;
    for (const ch of code) slot = (slot * 31 + (ch.codePointAt(0) ?? 0)) % 9973;
  }
  return PALETTE[slot % PALETTE.length] ?? PALETTE[0];
}

/** A rate with two decimals (`71.10`), the same everywhere the report shows one. */
export function rateText(rate: number): string {
  return rate.toFixed(2);
}

/** A figure with its unit: a rate as `71.10%`, a total as `12.5 h` or `34 device-days`. */
export function figureText(value: number, figure: ReportFigure, unit: string): string {
  return figure === 'rate' ? `${rateText(value)}%` : `${Number(value.toFixed(2))} ${unit}`;
}

/** The value charted for a figure choice. */
export function chartedValue(item: { num: number; rate: number }, figure: ReportFigure): number {
  return figure === 'rate' ? item.rate : item.num;
}

export function reportChartOption(
  rows: readonly AreaUsage[],
  figure: ReportFigure,
  texts: ReportChartTexts,
  slots: ReadonlyMap<string, number> = new Map(),
): EChartsOption {
  const categories = new Map<string, string>();
  for (const row of rows)
    for (const c of row.categoryList)
      if (!categories.has(c.categoryId)) categories.set(c.categoryId, c.categoryName);
  // The legend in the category tree's order, so it reads the same in every view too.
  const order = (code: string) => (code === '' ? Number.MAX_SAFE_INTEGER : (slots.get(code) ?? 9999));
  const codes = [...categories.keys()].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  const groups = rows.map((r) => r.areaName);
  const bars = codes.map((id) => ({
    name: categories.get(id) ?? id,
    type: 'bar' as const,
    itemStyle: { color: categoryColour(id, slots) },
    data: rows.map((r) => {
      const cell = r.categoryList.find((c) => c.categoryId === id);
      return cell ? chartedValue(cell, figure) : 0;
    }),
  }));
  const valueFormatter = (value: unknown) =>
    typeof value === 'number' ? figureText(value, figure, texts.unit) : String(value ?? '');
  return {
    tooltip: { trigger: 'axis', valueFormatter },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 56, right: 24, top: 40, bottom: 56 },
    xAxis: { type: 'category', data: groups, axisLabel: { interval: 0, rotate: groups.length > 8 ? 30 : 0 } },
    // Rates carry their % on the axis labels; totals name their unit above the axis.
    yAxis:
      figure === 'rate'
        ? { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } }
        : { type: 'value', name: texts.unit },
    series: [
      ...bars,
      {
        name: texts.total,
        type: 'line',
        data: rows.map((r) => chartedValue(r, figure)),
        symbolSize: 8,
        itemStyle: { color: LINE_COLOUR },
        lineStyle: { color: LINE_COLOUR },
      },
    ],
  };
}
