import { describe, expect, it } from 'vitest';

import { inTrouble, NO_TROUBLE, type StoreTrouble, sortByTrouble, troubleByStore } from './store-trouble';

const store = (shopId: number, storeNo: string) => ({ shopId, storeNo, storeName: `Store ${storeNo}` });

describe('dynamic monitor trouble order', () => {
  const stores = [store(1, 'S01'), store(2, 'S02'), store(3, 'S03'), store(4, 'S04')];

  it('puts the store with most offline devices first, then by open alerts, then by store number', () => {
    const trouble: Record<number, StoreTrouble> = {
      1: NO_TROUBLE,
      2: { offline: 1, openAlerts: 0 },
      3: { offline: 3, openAlerts: 0 },
      4: { offline: 1, openAlerts: 2 },
    };
    const order = sortByTrouble(stores, (id) => trouble[id] ?? NO_TROUBLE).map((s) => s.shopId);
    expect(order).toEqual([3, 4, 2, 1]);
  });

  it('keeps calm stores in store-number order and leaves the input as it was', () => {
    const shuffled = [stores[2], stores[0], stores[3], stores[1]].filter((s) => s !== undefined);
    const order = sortByTrouble(shuffled, () => NO_TROUBLE).map((s) => s.storeNo);
    expect(order).toEqual(['S01', 'S02', 'S03', 'S04']);
    expect(shuffled.map((s) => s.storeNo)).toEqual(['S03', 'S01', 'S04', 'S02']);
  });

  it('shows only stores with an offline device or an open alert when asked for problems only', () => {
    const trouble: Record<number, StoreTrouble> = {
      2: { offline: 0, openAlerts: 1 },
      4: { offline: 2, openAlerts: 0 },
    };
    const order = sortByTrouble(stores, (id) => trouble[id] ?? NO_TROUBLE, true).map((s) => s.shopId);
    expect(order).toEqual([4, 2]);
    expect(inTrouble(NO_TROUBLE)).toBe(false);
  });

  it("reads the trouble figures per store from the server's rows", () => {
    const trouble = troubleByStore([
      { shopId: 7, offlineNum: 2, openAlertNum: 0 },
      { shopId: 9, offlineNum: 0, openAlertNum: 3 },
    ]);
    expect(Object.fromEntries(trouble)).toEqual({
      7: { offline: 2, openAlerts: 0 },
      9: { offline: 0, openAlerts: 3 },
    });
    expect(inTrouble(trouble.get(9) ?? NO_TROUBLE)).toBe(true);
  });
});
