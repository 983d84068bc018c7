import { describe, expect, it } from 'vitest';

import { PageQuery, toPagedResult } from './paging';

describe('toPagedResult', () => {
  it('numbers rows and pages as the console expects', () => {
    const page = toPagedResult([1, 2, 3], 23, { pageNum: 3, pageSize: 10 }, 'storeName asc');
    expect(page).toMatchObject({
      total: 23,
      pages: 3,
      size: 3,
      startRow: 21,
      endRow: 23,
      prevPage: 2,
      nextPage: 0,
      hasNextPage: false,
      hasPreviousPage: true,
      isFirstPage: false,
      isLastPage: true,
      navigatepageNums: [1, 2, 3],
      orderBy: 'storeName asc',
    });
  });

  it('keeps a window of eight page numbers around the current page', () => {
    const page = toPagedResult([], 1000, { pageNum: 50, pageSize: 10 });
    expect(page.navigatepageNums).toEqual([46, 47, 48, 49, 50, 51, 52, 53]);
    expect(page.startRow).toBe(0);
  });

  it('reports an empty list with no pages', () => {
    const page = toPagedResult([], 0, { pageNum: 1, pageSize: 10 });
    expect(page).toMatchObject({ pages: 0, isFirstPage: true, isLastPage: true, navigatepageNums: [] });
  });
});

describe('PageQuery', () => {
  it('reads numbers sent as query text and refuses page sizes above 1000', () => {
    expect(PageQuery.parse({ pageNum: '2', pageSize: '50' })).toEqual({ pageNum: 2, pageSize: 50 });
    expect(PageQuery.safeParse({ pageSize: '1001' }).success).toBe(false);
    expect(PageQuery.safeParse({ pageNum: 'abc' }).success).toBe(false);
  });
});
