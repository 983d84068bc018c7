import type { RegionLevelTreeNode } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import {
  pathOfStore,
  readRegionPath,
  regionOptions,
  regionPathOf,
  storeIdOfPath,
  storeStep,
} from './region-path';

function level(id: number, name: string, childLevel: RegionLevelTreeNode[] = []): RegionLevelTreeNode {
  return {
    id,
    name,
    ename: `${name}-en`,
    pid: null,
    parentFlag: childLevel.length > 0 ? 1 : 0,
    treeID: String(id),
    companyId: 1,
    currentLevelId: 1,
    createBy: null,
    createTime: '2026-01-01 00:00:00',
    updateBy: null,
    updateTime: '2026-01-01 00:00:00',
    childLevel,
  };
}

const TREE = [level(3, '华东', [level(17, '浙江', [level(40, '杭州')])]), level(5, '华北')];
const STORES = [
  { shopId: 9, storeName: '西湖店', areaLevel: 3, provinceLevel: 17, cityLevel: 40 },
  { shopId: 12, storeName: '北方仓', areaLevel: 5, provinceLevel: null, cityLevel: null },
];

describe('region cascader options', () => {
  it('hangs each store under its deepest level, so region-only stores can be picked too', () => {
    const options = regionOptions(TREE, STORES, false, true);
    expect(pathOfStore(options, 9)).toEqual(['3', '17', '40', 's9']);
    expect(pathOfStore(options, 12)).toEqual(['5', 's12']);
    expect(pathOfStore(options, 99)).toBeNull();
  });

  it('shows English level names in English and leaves stores out when not asked for', () => {
    const options = regionOptions(TREE, STORES, true, false);
    expect(options.map((o) => o.label)).toEqual(['华东-en', '华北-en']);
    expect(pathOfStore(options, 9)).toBeNull();
  });

  it('reads the store id only from a path that ends in a store', () => {
    expect(storeIdOfPath(['3', '17', '40', 's9'])).toBe(9);
    expect(storeIdOfPath(['3', '17'])).toBeNull();
    expect(storeIdOfPath([])).toBeNull();
  });
});

describe('region cascader paths', () => {
  it('reads region, province, city and store steps', () => {
    expect(readRegionPath(['1', '5', '12', storeStep(40)])).toEqual({
      areaLevel: 1,
      provinceLevel: 5,
      cityLevel: 12,
      shopId: 40,
    });
  });

  it('stops at a partial path and ignores junk steps', () => {
    expect(readRegionPath(['3'])).toEqual({ areaLevel: 3 });
    expect(readRegionPath(['3', 'x', '9'])).toEqual({ areaLevel: 3 });
    expect(readRegionPath(undefined)).toEqual({});
  });

  it("writes a saved store's levels back as a path, stopping at the first missing level", () => {
    expect(regionPathOf({ areaLevel: 1, provinceLevel: 5, cityLevel: null })).toEqual(['1', '5']);
  });
});
