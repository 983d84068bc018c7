import { describe, expect, it } from 'vitest';

import {
  deviceCountQuery,
  deviceFilterFormValues,
  deviceFilterFromForm,
  deviceListQuery,
  parseRegionPath,
  regionQuery,
} from './device-query';

const PAGE = { pageNum: 2, pageSize: 20, sortBy: 'deviceName', sortDirection: 'asc' as const };

describe('device list filters → listDevices query', () => {
  it('comma-joins the picked regions, provinces, cities and stores into their four sets', () => {
    const query = deviceListQuery(
      { region: ['3', '4', '3.17', '3.17.40', '3.17.41', '3.17.40.s9', '5.s12'], ...PAGE },
      { monitored: 1 },
    );
    expect(query).toMatchObject({
      areaLevelListStr: '3,4',
      provinceLevelListStr: '17',
      cityLevelListStr: '40,41',
      shopIdStr: '9,12',
    });
  });

  it('sends nothing for region sets the user did not pick, and no empty text filters', () => {
    const query = deviceListQuery(
      { region: ['3.17'], deviceSn: '   ', macAddress: '', model: ' AR6120 ', ...PAGE },
      { monitored: 1 },
    );
    expect(query).toEqual({
      provinceLevelListStr: '17',
      model: 'AR6120',
      monitored: 1,
      ...PAGE,
    });
  });

  it('ignores malformed region entries from a hand-edited URL', () => {
    expect(parseRegionPath('3.x')).toBeNull();
    expect(parseRegionPath('1.2.3.4.5')).toBeNull();
    expect(parseRegionPath('s0')).toBeNull();
    expect(parseRegionPath('')).toBeNull();
    expect(regionQuery([])).toEqual({});
    expect(deviceListQuery({ region: ['abc', '-1', '3.17.40.50.60'] }, {})).toEqual({});
  });

  it('does not repeat an id picked twice', () => {
    expect(regionQuery([['3'], ['3'], ['3', 's9'], ['4', 's9']])).toEqual({
      areaLevelListStr: '3',
      shopIdStr: '9',
    });
  });

  it("keeps the page's own filter even when the URL tries to override it", () => {
    const query = deviceListQuery({ onlineStatus: '1', ...PAGE }, { monitored: 0 });
    expect(query.monitored).toBe(0);
    expect(deviceListQuery({ ...PAGE }, { queryType: 1 }).queryType).toBe(1);
  });

  it('drops a small category sent without its large category', () => {
    expect(deviceListQuery({ deviceClass: 'switch' }, {})).toEqual({});
    expect(deviceListQuery({ deviceCategory: 'network', deviceClass: 'switch' }, {})).toEqual({
      deviceCategory: 'network',
      deviceClass: 'switch',
    });
  });

  it('gives the counts the same filters without paging or sorting', () => {
    expect(deviceCountQuery({ region: ['3'], assetNo: 'A-1', ...PAGE }, { monitored: 1 })).toEqual({
      areaLevelListStr: '3',
      assetNo: 'A-1',
      monitored: 1,
    });
  });
});

describe('device filter form ↔ URL', () => {
  it('turns cascader picks into URL entries and back', () => {
    const url = deviceFilterFromForm({
      region: [
        ['3', '17'],
        ['5', 's12'],
      ],
      category: ['network', 'switch'],
      deviceSn: 'SN1',
    });
    expect(url).toEqual({
      region: ['3.17', '5.s12'],
      deviceCategory: 'network',
      deviceClass: 'switch',
      deviceSn: 'SN1',
    });
    expect(deviceFilterFormValues(url)).toEqual({
      region: [
        ['3', '17'],
        ['5', 's12'],
      ],
      category: ['network', 'switch'],
      deviceSn: 'SN1',
    });
  });

  it('clears the category when the cascader is cleared', () => {
    expect(deviceFilterFromForm({ category: [] })).toMatchObject({
      deviceCategory: undefined,
      deviceClass: undefined,
    });
  });
});
