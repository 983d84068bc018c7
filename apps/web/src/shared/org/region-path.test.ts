import { describe, expect, it } from 'vitest';

import { readRegionPath, regionPathOf, storeStepOf } from './region-path';

describe('region cascader paths', () => {
  it('reads region, province, city and store steps', () => {
    expect(readRegionPath(['1', '5', '12', storeStepOf(40)])).toEqual({
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
