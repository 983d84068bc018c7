import { type GlobalSearchResult, MODULE, PAGE } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { deviceOption, showsSearch, storeOption, targetOf } from './header-search';

const RESULT: GlobalSearchResult = {
  stores: [{ id: 7, storeNo: 'NW 007', storeName: '南京中山路店' }],
  devices: [
    {
      deviceId: 42,
      deviceName: 'POS-1',
      hostid: 'h-42',
      intranetIp: '127.0.0.42',
      macAddress: 'AA:BB:CC:DD:EE:42',
      shopId: 7,
      shopName: '南京中山路店',
      onlineStatus: 0,
    },
  ],
};

describe('the header search', () => {
  it('shows only to users who can open a store or a device page', () => {
    expect(showsSearch(new Set([MODULE.device]))).toBe(true);
    expect(showsSearch(new Set([MODULE.dynamicMonitor]))).toBe(true);
    expect(showsSearch(new Set([MODULE.store, PAGE.storeOverview]))).toBe(true);
    expect(showsSearch(new Set([MODULE.store]))).toBe(false);
    expect(showsSearch(new Set([MODULE.user, MODULE.role, MODULE.callLog]))).toBe(false);
  });

  it('opens a device at its details page', () => {
    expect(targetOf(deviceOption(42), RESULT, new Set([MODULE.device]))).toBe(
      '/device/details.html?deviceId=42',
    );
  });

  it('opens a store at its live page, or at the store list filtered to its number without the live monitor', () => {
    expect(targetOf(storeOption(7), RESULT, new Set([MODULE.dynamicMonitor]))).toBe(
      '/dynamic-monitor/store/7.html',
    );
    expect(targetOf(storeOption(7), RESULT, new Set([MODULE.store, PAGE.storeOverview]))).toBe(
      '/stores/index.html?storeNo=NW%20007',
    );
    expect(targetOf(storeOption(7), RESULT, new Set([MODULE.device]))).toBeNull();
  });

  it('ignores a value that is not among the results', () => {
    expect(targetOf(deviceOption(1), RESULT, new Set([MODULE.device]))).toBeNull();
    expect(targetOf('nonsense', RESULT, new Set([MODULE.device]))).toBeNull();
    expect(targetOf(storeOption(7), undefined, new Set([MODULE.dynamicMonitor]))).toBeNull();
  });
});
