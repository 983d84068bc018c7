import { describe, expect, it } from 'vitest';

import { placeFromSearch, provinceScreenOf, tileLink, upLink } from './drill';

describe('the monitor screen drill-down', () => {
  it('reads the place from the URL and drops malformed ids', () => {
    expect(placeFromSearch(new URLSearchParams('areaLevel=4&cityLevel=x&provinceLevel=-2'))).toEqual({
      areaLevel: 4,
    });
  });
  it('leads from a region to its provinces, cities and stores, and back up', () => {
    expect(tileLink('area', 4, true)).toBe('/monitor-screen/region.html?areaLevel=4');
    expect(tileLink('province', 7, true)).toBe('/monitor-screen/province.html?provinceLevel=7');
    expect(tileLink('city', 9, true)).toBe('/monitor-screen/city.html?cityLevel=9');
    expect(tileLink('store', 12, true)).toBe('/stores/store/12.html');
    expect(upLink('store', 7)).toBe('/monitor-screen/province.html?provinceLevel=7');
    expect(upLink('city', 4)).toBe('/monitor-screen/region.html?areaLevel=4');
    expect(upLink('province', null)).toBe('/monitor-screen/index.html');
    expect(upLink('area', null)).toBeNull();
  });
  it('sends a city screen address that names only a province to the province screen', () => {
    expect(provinceScreenOf(new URLSearchParams('provinceLevel=7'))).toBe(
      '/monitor-screen/province.html?provinceLevel=7',
    );
    expect(provinceScreenOf(new URLSearchParams('provinceLevel=7&cityLevel=9'))).toBeNull();
    expect(provinceScreenOf(new URLSearchParams('cityLevel=9'))).toBeNull();
    expect(provinceScreenOf(new URLSearchParams(''))).toBeNull();
  });
  it('does not link a store tile for a user without the store pages', () => {
    expect(tileLink('store', 12, false)).toBeNull();
  });
});
