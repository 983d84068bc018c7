import { type AreaUsage, type DictionaryItem, UsageEndpoints as E } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { dictionaryItem } from '@/shared/dictionary-item.fixture';

import { categoryColourSlots, figureText, reportChartOption } from './report-chart';
import { type ReportChoice, reportCall } from './report-query';

const WEEK = ['2026-11-01', '2026-11-07'] as const;
const choice = (over: Partial<ReportChoice>): ReportChoice => ({
  level: 'area',
  measure: 'time',
  figure: 'rate',
  range: WEEK,
  places: [],
  ...over,
});

describe('report calls', () => {
  it('asks the plain call for usage time and the /num call for devices in use', () => {
    expect(reportCall(choice({}))).toEqual({
      endpoint: E.areaReport,
      body: { startTime: WEEK[0], endTime: WEEK[1] },
    });
    expect(reportCall(choice({ measure: 'devices', figure: 'totals' }))).toEqual({
      endpoint: E.areaReportNum,
      body: { startTime: WEEK[0], endTime: WEEK[1], type: '1' },
    });
  });

  it('sends the picked cities and provinces for the city report, and waits until one is picked', () => {
    expect(reportCall(choice({ level: 'city' }))).toEqual({ missing: 'places' });
    expect(reportCall(choice({ level: 'city', places: ['3.17', '3.18.40'] }))).toMatchObject({
      endpoint: E.cityReport,
      body: { cityLevelList: [40], provinceLevelList: [17] },
    });
  });

  it('needs a category and stores for the store report', () => {
    expect(reportCall(choice({ level: 'store', places: ['3.17.40.s9'] }))).toEqual({ missing: 'category' });
    expect(reportCall(choice({ level: 'store', category: 'pc' }))).toEqual({ missing: 'places' });
    expect(
      reportCall(choice({ level: 'store', category: 'pc', places: ['3.17.40.s9', '3.17.40.s11'] })),
    ).toMatchObject({
      endpoint: E.stashReport,
      body: { deviceCategory: 'pc', shopIds: [9, 11] },
    });
  });
});

describe('report chart', () => {
  const rows: AreaUsage[] = [
    {
      areaId: 1,
      areaName: 'East',
      num: 10,
      rate: 55.5,
      categoryList: [
        { categoryId: 'pc', categoryName: 'PC', num: 4, rate: 60 },
        { categoryId: 'pos', categoryName: 'POS', num: 6, rate: 50 },
      ],
    },
    {
      areaId: 2,
      areaName: 'West',
      num: 3,
      rate: 20,
      categoryList: [{ categoryId: 'pos', categoryName: 'POS', num: 3, rate: 20 }],
    },
  ];

  it('draws a bar per category and the group figure as a line', () => {
    const option = reportChartOption(rows, 'rate', { total: 'All', unit: '%' });
    const series = option.series as Array<{ name: string; type: string; data: number[] }>;
    expect(series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['PC', 'bar', [60, 0]],
      ['POS', 'bar', [50, 20]],
      ['All', 'line', [55.5, 20]],
    ]);
  });

  const item = (code: string, childLevel: DictionaryItem[] = []): DictionaryItem =>
    dictionaryItem({ code, childLevel });
  const slots = categoryColourSlots([item('ai'), item('pc'), item('pos')]);
  type Bar = { name: string; itemStyle?: { color?: string } };
  const colours = (of: AreaUsage[]) =>
    Object.fromEntries(
      (reportChartOption(of, 'rate', { total: 'All', unit: '%' }, slots).series as Bar[]).map((s) => [
        s.name,
        s.itemStyle?.color,
      ]),
    );

  it('keeps each category its colour whatever order the categories come in', () => {
    const posFirst: AreaUsage[] = [
      {
        areaId: 3,
        areaName: 'Nanjing',
        num: 2,
        rate: 40,
        categoryList: [
          { categoryId: 'pos', categoryName: 'POS', num: 1, rate: 30 },
          { categoryId: '', categoryName: 'Uncategorised', num: 1, rate: 50 },
          { categoryId: 'pc', categoryName: 'PC', num: 1, rate: 50 },
        ],
      },
    ];
    const inAreaView = colours(rows);
    const inCityView = colours(posFirst);
    expect(inCityView.PC).toBe(inAreaView.PC);
    expect(inCityView.POS).toBe(inAreaView.POS);
    expect(inAreaView.PC).not.toBe(inAreaView.POS);
    expect(inCityView.Uncategorised).not.toBe(inCityView.PC);
    // The legend follows the category tree, rows without a category last.
    const names = (
      reportChartOption(posFirst, 'rate', { total: 'All', unit: '%' }, slots).series as Bar[]
    ).map((s) => s.name);
    expect(names).toEqual(['PC', 'POS', 'Uncategorised', 'All']);
  });

  it('shows rates with two decimals and a %, totals with their unit', () => {
    expect([71.07, 72.7, 70.1].map((r) => figureText(r, 'rate', '%'))).toEqual([
      '71.07%',
      '72.70%',
      '70.10%',
    ]);
    expect(figureText(12.5, 'totals', 'h')).toBe('12.5 h');
    const option = reportChartOption(rows, 'rate', { total: 'All', unit: '%' }, slots);
    const tooltip = option.tooltip as { valueFormatter: (v: number) => string };
    expect(tooltip.valueFormatter(72.7)).toBe('72.70%');
    const hours = reportChartOption(rows, 'totals', { total: 'All', unit: 'h' }, slots);
    expect((hours.tooltip as { valueFormatter: (v: number) => string }).valueFormatter(3.456)).toBe('3.46 h');
  });

  it('charts num when totals are asked', () => {
    const series = reportChartOption(rows, 'totals', { total: 'All', unit: 'h' }).series as Array<{
      data: number[];
    }>;
    expect(series.at(-1)?.data).toEqual([10, 3]);
  });
});
