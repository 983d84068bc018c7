import { type AreaUsage, UsageEndpoints as E } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { reportChartOption } from './report-chart';
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

  it('charts num when totals are asked', () => {
    const series = reportChartOption(rows, 'totals', { total: 'All', unit: 'h' }).series as Array<{
      data: number[];
    }>;
    expect(series.at(-1)?.data).toEqual([10, 3]);
  });
});
