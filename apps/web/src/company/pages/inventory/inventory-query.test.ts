import { describe, expect, it } from 'vitest';

import { inventoryFilterBody, inventoryListBody } from './inventory-query';

describe('the inventory list body', () => {
  it('sends region paths as the four id sets, flags and status as numbers, text trimmed', () => {
    expect(
      inventoryListBody({
        region: ['3.17', '3.17.40.s9', '5'],
        assetNo: '  A-001 ',
        model: '',
        status: '3',
        isInventory: '0',
        isManage: '1',
        pageNum: 2,
        pageSize: 20,
        sortBy: 'assetNo',
        sortDirection: 'asc',
      }),
    ).toEqual({
      areaLevelListStr: '5',
      provinceLevelListStr: '17',
      shopIdStr: '9',
      assetNo: 'A-001',
      status: 3,
      isInventory: 0,
      isManage: 1,
      pageNum: 2,
      pageSize: 20,
      sortBy: 'assetNo',
      sortDirection: 'asc',
    });
  });

  it('drops malformed values and a small category without its large one', () => {
    expect(
      inventoryListBody({ region: ['x.y'], status: '9', isInventory: 'yes', deviceClass: 'receipt' }),
    ).toEqual({});
  });

  it("keeps the page's own scope whatever the URL says", () => {
    expect(inventoryListBody({ isNetworkDevice: '0' }, { isNetworkDevice: 1 }).isNetworkDevice).toBe(1);
  });

  it('gives the summary and the export the same filters without paging or sorting', () => {
    expect(
      inventoryFilterBody({ assetNo: 'A', pageNum: 3, pageSize: 50, sortBy: 'model', sortDirection: 'desc' }),
    ).toEqual({ assetNo: 'A' });
  });
});
