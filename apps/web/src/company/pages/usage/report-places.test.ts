import { UsageEndpoints as E } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { type PlaceOption, reportPlaces } from './report-places';
import { reportCall } from './report-query';

// East China (3): Jiangsu (17) with Nanjing (40: stores 9, 11) and Suzhou (41: store 12), Zhejiang (18)
// with no city, and store 5 hung on the region itself. North China (4) has no province.
const OPTIONS: PlaceOption[] = [
  {
    value: '3',
    children: [
      {
        value: '17',
        children: [
          { value: '40', children: [{ value: 's9' }, { value: 's11' }] },
          { value: '41', children: [{ value: 's12' }] },
        ],
      },
      { value: '18' },
      { value: 's5' },
    ],
  },
  { value: '4' },
];

describe('report places', () => {
  it('reads a ticked region as its provinces for the city report', () => {
    expect(reportPlaces('city', [['3']], OPTIONS)).toEqual([
      ['3', '17'],
      ['3', '18'],
    ]);
  });

  it('keeps ticked provinces and cities for the city report as they are', () => {
    expect(
      reportPlaces(
        'city',
        [
          ['3', '17'],
          ['3', '18', '99'],
        ],
        OPTIONS,
      ),
    ).toEqual([
      ['3', '17'],
      ['3', '18', '99'],
    ]);
  });

  it('reads a ticked city, province or region as all its stores for the store report', () => {
    expect(reportPlaces('store', [['3', '17', '40']], OPTIONS)).toEqual([
      ['3', '17', '40', 's9'],
      ['3', '17', '40', 's11'],
    ]);
    expect(reportPlaces('store', [['3']], OPTIONS)).toEqual([
      ['3', '17', '40', 's9'],
      ['3', '17', '40', 's11'],
      ['3', '17', '41', 's12'],
      ['3', 's5'],
    ]);
  });

  it('keeps ticked stores and drops a store picked twice', () => {
    expect(
      reportPlaces(
        'store',
        [
          ['3', '17', '41', 's12'],
          ['3', '17', '41'],
        ],
        OPTIONS,
      ),
    ).toEqual([['3', '17', '41', 's12']]);
  });

  it('gives nothing for a place with nothing to report below it', () => {
    expect(reportPlaces('city', [['4']], OPTIONS)).toEqual([]);
    expect(reportPlaces('store', [['3', '18']], OPTIONS)).toEqual([]);
    expect(reportPlaces('area', [['3']], OPTIONS)).toEqual([]);
  });

  it('keeps a path the options do not hold yet (still loading)', () => {
    expect(reportPlaces('store', [['3', '17']], [])).toEqual([['3', '17']]);
  });

  it('lets a ticked region make the city and store report calls', () => {
    const call = (level: 'city' | 'store') =>
      reportCall({
        level,
        measure: 'time',
        figure: 'rate',
        range: ['2026-11-01', '2026-11-07'],
        places: reportPlaces(level, [['3']], OPTIONS).map((p) => p.join('.')),
        category: 'pc',
      });
    expect(call('city')).toMatchObject({
      endpoint: E.cityReport,
      body: { provinceLevelList: [17, 18], cityLevelList: [] },
    });
    expect(call('store')).toMatchObject({
      endpoint: E.stashReport,
      body: { shopIds: [9, 11, 12, 5] },
    });
  });
});
