import { describe, expect, it } from 'vitest';

import { anomalyChartOption, forecastChartOption, reasonsChartOption } from './health-charts';

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
    const line = series(option)[0] as unknown as { markPoint: { data: { coord: unknown[] }[] } };
    expect(line.markPoint.data.map((p) => p.coord)).toEqual([['2026-11-02', 10]]);
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
