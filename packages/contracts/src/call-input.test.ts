import { describe, expect, it } from 'vitest';
import { AlertEndpoints } from './alerts/alert-endpoints';
import { callUrl, encodeParams } from './call-input';
import { StoreEndpoints } from './org/store-endpoints';

describe('the URL of a call', () => {
  it('fills the path parameters and appends the query, lists as repeated keys', () => {
    expect(callUrl(AlertEndpoints.updateAlertRuleStatus, { params: { id: 7 }, query: { status: 0 } })).toBe(
      '/api/device-service/aibox/alert/update/7/status?status=0',
    );
    expect(callUrl(StoreEndpoints.list, { query: { areaCodes: [3, 4], storeName: '南京' } })).toBe(
      '/api/user-service/store/list?areaCodes=3&areaCodes=4&storeName=%E5%8D%97%E4%BA%AC',
    );
  });

  it('leaves out empty query values, and the question mark when nothing is left', () => {
    expect(callUrl(StoreEndpoints.list, { query: { storeName: '', status: null, storeNo: undefined } })).toBe(
      '/api/user-service/store/list',
    );
    expect(encodeParams({ a: 0, b: false, c: '' }).toString()).toBe('a=0&b=false');
  });
});
