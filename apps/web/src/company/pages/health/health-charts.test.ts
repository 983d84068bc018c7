import { describe, expect, it } from 'vitest';

import { anomalyChartOption, forecastChartOption, rateAxisMin, reasonsChartOption } from './health-charts';

const series = (option: object) => (option as { series: { name: string; data: unknown[] }[] }).series;

describe('device health charts', () => {
  it('marks the unusual days on the usage line', () => {
    const option = anomalyChartOption(
      {
        dates: ['2026-11-01', '2026-11-02'],
        actual: [80, 10],
        expected: [80, 78],
        anomalyDates: ['2026-11-02'],
        members: 3,
      },
      { actual: 'Usage', expected: 'Baseline', flagged: 'Unusual' },
    );
    const unusual = series(option).find((s) => s.name === 'Unusual');
    expect(unusual?.data).toEqual([null, 10]);
  });

  it('marks two unusual days in a row as dots without labels, so they cannot cover each other', () => {
    const option = anomalyChartOption(
      {
        dates: ['2026-11-01', '2026-11-02', '2026-11-03'],
        actual: [67.7, 67.85, 80],
        expected: [80, 80, 80],
        anomalyDates: ['2026-11-01', '2026-11-02'],
        members: 3,
      },
      { actual: 'Usage', expected: 'Baseline', flagged: 'Unusual' },
    );
    const all = series(option) as unknown as {
      type: string;
      markPoint?: unknown;
      label?: { show?: boolean };
    }[];
    expect(all.some((s) => s.markPoint !== undefined)).toBe(false);
    const dots = all.find((s) => s.type === 'scatter');
    expect(dots?.label?.show ?? false).toBe(false);
    expect((option.legend as { data: string[] }).data).toEqual(['Usage', 'Baseline', 'Unusual']);
  });

  it('draws the forecast after the history with its band as lower bound plus width', () => {
    const option = forecastChartOption(
      {
        history: [{ date: '2026-11-01', usageRate: 70, onlineRate: 90 }],
        forecast: [
          {
            date: '2026-11-02',
            usageRate: 72,
            usageLower: 60,
            usageUpper: 80,
            onlineRate: 91,
            onlineLower: 85,
            onlineUpper: 97,
          },
        ],
        members: 1,
      },
      'usage',
      { history: 'Actual', point: 'Forecast', band: 'Band' },
    );
    const [history, lower, band, point] = series(option);
    expect(history?.data).toEqual([70, null]);
    expect(lower?.data).toEqual([null, 60]);
    expect(band?.data).toEqual([null, 20]);
    expect(point?.data).toEqual([null, 72]);
    // The band is filled, opaque enough for the dark theme, and its tooltip reads the interval itself.
    const fill = (band as unknown as { areaStyle: { opacity: number } }).areaStyle;
    expect(fill.opacity).toBeGreaterThanOrEqual(0.3);
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    expect(tooltip.formatter([{ dataIndex: 1 }])).toBe(
      '2026-11-02<br/>Forecast: 72.0%<br/>Band: 60.0% – 80.0%',
    );
    expect(tooltip.formatter([{ dataIndex: 0 }])).toBe('2026-11-01<br/>Actual: 70.0%');
  });

  it('starts the forecast axis 10 points below the lowest value, so a narrow band stays readable', () => {
    expect(rateAxisMin([72, 60, 80])).toBe(50);
    expect(rateAxisMin([65.5])).toBe(50);
    expect(rateAxisMin([5, 90])).toBe(0);
    expect(rateAxisMin([])).toBe(0);
  });

  it('stacks one bar per region by reason type', () => {
    const option = reasonsChartOption({
      startTime: '2026-11-01',
      endTime: '2026-11-30',
      regions: [
        {
          areaId: 1,
          areaName: 'East',
          total: 3,
          reasons: [{ reasonTypeCode: 'power', reasonTypeName: 'Power', num: 3 }],
        },
        {
          areaId: 2,
          areaName: 'North',
          total: 1,
          reasons: [{ reasonTypeCode: 'other', reasonTypeName: 'Other', num: 1 }],
        },
      ],
    });
    expect(series(option).map((s) => [s.name, s.data])).toEqual([
      ['Power', [3, 0]],
      ['Other', [0, 1]],
    ]);
  });
});
