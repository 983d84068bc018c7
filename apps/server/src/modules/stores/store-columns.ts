/**
 * The store workbook's columns (issue 33 §4), one list for the template, the import, the report of
 * rejected rows and the export: a store's number, name and address, its place in the region → province →
 * city tree by name, and its status. The export writes exactly these, so an exported sheet edited and
 * uploaded again is an import.
 */
import { type Label, StoreStatus } from '@storefleet/contracts';

import type { SheetColumn } from '../../files/sheet-columns';

export type StoreKey = 'storeNo' | 'storeName' | 'addr' | 'region' | 'province' | 'city' | 'status';

export interface StoreColumn extends SheetColumn<StoreKey> {
  /** Longest text accepted (characters, after trimming). */
  max: number;
}

/** The sheet's name in the template, the report and the export. */
export const STORE_SHEET: Label = { zh: '门店', en: 'Stores' };

/** The columns in template order. Limits are the store and level forms' (contracts org/store.ts, org/level.ts). */
export const STORE_COLUMNS: readonly StoreColumn[] = [
  { key: 'storeNo', title: { zh: '门店编号', en: 'Store number' }, required: true, max: 64, width: 16 },
  { key: 'storeName', title: { zh: '门店名称', en: 'Store name' }, required: true, max: 100, width: 28 },
  { key: 'addr', title: { zh: '地址', en: 'Address' }, required: false, max: 200, width: 40 },
  { key: 'region', title: { zh: '大区', en: 'Region' }, required: true, max: 64, width: 14 },
  { key: 'province', title: { zh: '省份', en: 'Province' }, required: false, max: 64, width: 14 },
  { key: 'city', title: { zh: '城市', en: 'City' }, required: false, max: 64, width: 14 },
  { key: 'status', title: { zh: '状态', en: 'Status' }, required: false, max: 16, width: 10 },
];

/** The example row of the template; a row still equal to it is skipped on import. */
export const STORE_EXAMPLE: Readonly<Record<StoreKey, string>> = {
  storeNo: 'EXAMPLE-001',
  storeName: '示例门店 Example store',
  addr: '上海市浦东新区示例路 1 号',
  region: '华东',
  province: '上海',
  city: '上海市',
  status: StoreStatus.labelOf(StoreStatus.NORMAL, 'zh'),
};
