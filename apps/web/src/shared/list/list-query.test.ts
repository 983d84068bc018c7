import { describe, expect, it } from 'vitest';

import {
  cleanFilters,
  columnSortOrder,
  type FilterSpec,
  type ListDefaults,
  readListParams,
  sortFromTable,
  writeListParams,
} from './list-query';

const SPEC = { userName: 'text', apiName: 'text', shopIds: 'list' } as const satisfies FilterSpec;
const DEFAULTS: ListDefaults = { pageSize: 10, sortFields: ['operationTime', 'userName'] };

describe('list filters in the query string', () => {
  it('drops empty values: blank text, null, undefined and empty lists', () => {
    expect(cleanFilters(SPEC, { userName: '  ', apiName: null, shopIds: [] })).toEqual({});
    expect(cleanFilters(SPEC, { userName: undefined, shopIds: ['', ' '] })).toEqual({});
  });

  it('keeps set values, trimmed, and turns numbers into text', () => {
    expect(cleanFilters(SPEC, { userName: ' ann ', shopIds: [3, '4', ''] })).toEqual({
      userName: 'ann',
      shopIds: ['3', '4'],
    });
  });

  it('ignores form fields that are not declared filters', () => {
    expect(cleanFilters(SPEC, { userName: 'ann', password: 'x' })).toEqual({ userName: 'ann' });
  });

  it('writes only the filters that are set, and nothing for page 1 at the default size', () => {
    const search = writeListParams(
      { userName: 'ann', apiName: '', pageNum: 1, pageSize: 10 },
      SPEC,
      DEFAULTS,
    );
    expect(search.toString()).toBe('userName=ann');
  });

  it('writes list filters as repeated keys and reads them back', () => {
    const search = writeListParams({ shopIds: ['3', '4'], pageNum: 2, pageSize: 50 }, SPEC, DEFAULTS);
    expect(search.toString()).toBe('shopIds=3&shopIds=4&pageNum=2&pageSize=50');
    expect(readListParams(search, SPEC, DEFAULTS)).toEqual({ shopIds: ['3', '4'], pageNum: 2, pageSize: 50 });
  });

  it('reads empty URL values as unset', () => {
    const params = readListParams(new URLSearchParams('userName=&apiName=login&shopIds='), SPEC, DEFAULTS);
    expect(params).toEqual({ apiName: 'login', pageNum: 1, pageSize: 10 });
  });

  it('falls back to page 1 and the default size for malformed paging, and caps the size at 1000', () => {
    expect(readListParams(new URLSearchParams('pageNum=abc&pageSize=-5'), SPEC, DEFAULTS)).toMatchObject({
      pageNum: 1,
      pageSize: 10,
    });
    expect(readListParams(new URLSearchParams('pageSize=5000'), SPEC, DEFAULTS).pageSize).toBe(1000);
  });
});

describe('list sorting', () => {
  it('keeps asc/desc sorts on allowed fields', () => {
    const params = readListParams(new URLSearchParams('sortBy=userName&sortDirection=desc'), SPEC, DEFAULTS);
    expect(params).toMatchObject({ sortBy: 'userName', sortDirection: 'desc' });
  });

  it('ignores a sort direction other than asc or desc, and unknown sort fields', () => {
    expect(
      readListParams(new URLSearchParams('sortBy=userName&sortDirection=up'), SPEC, DEFAULTS).sortBy,
    ).toBeUndefined();
    expect(
      readListParams(new URLSearchParams('sortBy=password&sortDirection=asc'), SPEC, DEFAULTS).sortBy,
    ).toBeUndefined();
  });

  it('applies the default sort when the URL has none, without writing it to the URL', () => {
    const defaults = {
      ...DEFAULTS,
      defaultSort: { sortBy: 'operationTime', sortDirection: 'desc' as const },
    };
    const params = readListParams(new URLSearchParams(''), SPEC, defaults);
    expect(params).toMatchObject({ sortBy: 'operationTime', sortDirection: 'desc' });
    expect(writeListParams(params, SPEC, defaults).toString()).toBe('');
  });

  it("maps antd's ascend/descend to asc/desc and a cleared sorter to no sort", () => {
    expect(sortFromTable({ field: 'userName', order: 'ascend' })).toEqual({
      sortBy: 'userName',
      sortDirection: 'asc',
    });
    expect(sortFromTable({ columnKey: 'operationTime', field: 'x', order: 'descend' })).toEqual({
      sortBy: 'operationTime',
      sortDirection: 'desc',
    });
    expect(sortFromTable({ field: 'userName', order: null })).toEqual({});
  });

  it('shows the sort on the sorted column only', () => {
    expect(columnSortOrder({ sortBy: 'userName', sortDirection: 'asc' }, 'userName')).toBe('ascend');
    expect(columnSortOrder({ sortBy: 'userName', sortDirection: 'asc' }, 'apiName')).toBeNull();
  });
});
