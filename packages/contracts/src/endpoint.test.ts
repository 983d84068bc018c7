import { describe, expect, it } from 'vitest';

import { fillPath, pathParamNames } from './endpoint';

describe('endpoint paths', () => {
  it('puts path parameters into the path, URL-encoded', () => {
    expect(fillPath('/api/a/:id/status', { id: 7 })).toBe('/api/a/7/status');
    expect(
      fillPath('/api/:type/type/:relativeCode/relativeCode', { type: 'MODEL', relativeCode: 'a/b c' }),
    ).toBe('/api/MODEL/type/a%2Fb%20c/relativeCode');
  });

  it('refuses to build a URL with a missing or empty path parameter', () => {
    expect(() => fillPath('/api/a/:id', {})).toThrow(/id/);
    expect(() => fillPath('/api/a/:id', { id: '' })).toThrow(/id/);
  });

  it('reads the names of the path parameters', () => {
    expect(pathParamNames('/api/x/getDevices/:shopId/:productType')).toEqual(['shopId', 'productType']);
    expect(pathParamNames('/api/x/list')).toEqual([]);
  });
});
