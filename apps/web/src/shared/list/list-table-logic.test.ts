import { describe, expect, it } from 'vitest';

import {
  ariaSort,
  cellValue,
  keyOfRow,
  nextSortOrder,
  pageRange,
  pagerItems,
  rowsOfPage,
  selectionState,
  toggleSelection,
} from './list-table-logic';

describe('list table sorting', () => {
  it('cycles a header click through ascending, descending and unsorted', () => {
    expect(nextSortOrder(null)).toBe('ascend');
    expect(nextSortOrder(undefined)).toBe('ascend');
    expect(nextSortOrder('ascend')).toBe('descend');
    expect(nextSortOrder('descend')).toBeNull();
  });

  it('tells assistive technology how the column is sorted', () => {
    expect(ariaSort('ascend')).toBe('ascending');
    expect(ariaSort('descend')).toBe('descending');
    expect(ariaSort(null)).toBe('none');
  });
});

describe('list table paging', () => {
  const rows = Array.from({ length: 23 }, (_, i) => ({ id: i + 1 }));

  it('shows a page the server sent as it is', () => {
    expect(rowsOfPage(rows.slice(0, 10), 3, 10)).toHaveLength(10);
  });

  it('cuts a list held in full into pages', () => {
    expect(rowsOfPage(rows, 3, 10).map((r) => r.id)).toEqual([21, 22, 23]);
    expect(rowsOfPage(rows, 1, 8).map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('lists every page up to seven, else the ends, the neighbours and gaps', () => {
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-after', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap-before', 8, 9, 10, 11, 12, 'gap-after', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap-before', 16, 17, 18, 19, 20]);
  });

  it('names the rows a page shows for the total text', () => {
    expect(pageRange(3, 10, 23)).toEqual([21, 23]);
    expect(pageRange(1, 10, 0)).toEqual([0, 0]);
  });
});

describe('list table rows', () => {
  it('keys rows by a field or a function, and reads nested fields', () => {
    expect(keyOfRow({ deviceId: 7 }, 'deviceId')).toBe(7);
    expect(keyOfRow({ a: 'x', b: 'y' }, (r) => `${r.a}/${r.b}`)).toBe('x/y');
    expect(cellValue({ store: { name: 'North' } }, 'store.name')).toBe('North');
    expect(cellValue({ store: null }, 'store.name')).toBeUndefined();
    expect(cellValue({ id: 1 }, undefined)).toBeUndefined();
  });
});

describe('list table selection', () => {
  const shown = [1, 2, 3];

  it('adds and removes ticked rows', () => {
    expect(toggleSelection([1], shown, [3], true)).toEqual([1, 3]);
    expect(toggleSelection([1, 3], shown, [1], false)).toEqual([3]);
  });

  it('selects and clears the whole page', () => {
    expect(toggleSelection([2], shown, shown, true)).toEqual([1, 2, 3]);
    expect(toggleSelection([1, 2, 3], shown, shown, false)).toEqual([]);
  });

  it('drops keys of rows no longer shown', () => {
    expect(toggleSelection([9, 1], shown, [2], true)).toEqual([1, 2]);
  });

  it('says whether all, some or none of the page is selected', () => {
    expect(selectionState([1, 2, 3], shown)).toBe('all');
    expect(selectionState([2], shown)).toBe('some');
    expect(selectionState([9], shown)).toBe('none');
    expect(selectionState([], [])).toBe('none');
  });
});
