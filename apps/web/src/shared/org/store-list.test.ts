import { LevelEndpoints, type Store, StoreEndpoints, toPagedResult } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { endpointKey } from '../api/call';
import { levelTreeQuery } from './level-tree-query';
import { StorePageEndpoint, storeRows } from './store-list';

const store = { id: 7, storeName: 'Store 7' } as Store;

describe('store/list replies', () => {
  it('reads the stores of a page and of a whole list alike', () => {
    expect(storeRows([store])).toEqual([store]);
    expect(storeRows(toPagedResult([store], 1, { pageNum: 1, pageSize: 10 }))).toEqual([store]);
  });

  it('caches the paged view under the store list key, so store edits refresh the list page', () => {
    expect(StorePageEndpoint.method).toBe(StoreEndpoints.list.method);
    expect(endpointKey(StorePageEndpoint)).toEqual(endpointKey(StoreEndpoints.list));
  });
});

describe('levelTreeQuery', () => {
  it('gives every reader of the level tree the same key and freshness', () => {
    const a = levelTreeQuery();
    const b = levelTreeQuery();
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey.slice(0, 2)).toEqual(endpointKey(LevelEndpoints.listLevelTree));
    expect(a.staleTime).toBe(b.staleTime);
    expect(a.staleTime).toBeGreaterThan(0);
  });
});
