/**
 * The inventory export's workbook, streamed through the house's xlsx writer (files/xlsx-stream.ts:
 * rows committed as they come, backpressure, formula escaping), so an export of 100,000 records is
 * never a workbook model in memory.
 *
 * Columns are the list's, with names not codes, headers in the caller's language (the asset columns
 * carry the import's titles, so an exported sheet can be edited and imported back). Every text cell
 * goes through the house's formula escaping (`inertCell`: a leading = + - @, tab or CR is written
 * with an apostrophe): record fields are attacker input (an imported name, a device's own name).
 */
import type { Readable } from 'node:stream';

import {
  ConnectType,
  DeviceSystem,
  InventoryFlag,
  type InventoryRecord,
  type Lang,
  ManageFlag,
  NetworkFlag,
  OnlineStatus,
} from '@storefleet/contracts';

import { type XlsxColumn, xlsxCells, xlsxStream } from '../../files/xlsx-stream';
import { COLUMN_BY_KEY, type ImportKey } from './inventory-columns';

type ExportColumn = XlsxColumn<InventoryRecord>;

const asset = (key: ImportKey, cell: ExportColumn['cell']): ExportColumn => {
  const column = COLUMN_BY_KEY.get(key);
  if (!column) throw new Error(`unknown import column ${key}`);
  return { header: column.title, width: column.width, cell };
};

const label =
  <V extends number>(e: { labelOf(v: V, lang: Lang): string; has(v: unknown): v is V }) =>
  (value: number | null, lang: Lang): string | null =>
    value !== null && e.has(value) ? e.labelOf(value, lang) : null;

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: { zh: '门店', en: 'Store' }, width: 22, cell: (r) => r.shopName },
  { header: { zh: '区域', en: 'Region' }, width: 14, cell: (r) => r.areaName },
  asset('assetNo', (r) => r.assetNo),
  asset('deviceName', (r) => r.deviceName),
  asset('deviceCategory', (r) => r.categoryName ?? r.deviceCategory),
  asset('deviceClass', (r) => r.className ?? r.deviceClass),
  asset('deviceBrand', (r) => r.deviceBrand),
  asset('model', (r) => r.model),
  asset('deviceSn', (r) => r.deviceSn),
  asset('deviceSystem', (r, lang) => label(DeviceSystem)(r.deviceSystem, lang)),
  asset('connectType', (r, lang) => label(ConnectType)(r.connectType, lang)),
  asset('intranetIp', (r) => r.intranetIp),
  asset('macAddress', (r) => r.macAddress),
  asset('specifications', (r) => r.specifications),
  asset('propertyType', (r) => r.propertyTypeName ?? r.propertyType),
  asset('serviceLife', (r) => r.serviceLife),
  asset('custodian', (r) => r.custodian),
  asset('obtainTime', (r) => r.obtainTime),
  asset('vinNo', (r) => r.vinNo),
  asset('inumber', (r) => r.inumber),
  asset('status', (r) => r.statusName),
  asset('remark', (r) => r.remark),
  asset('index', (r) => r.index),
  {
    header: { zh: '是否联网', en: 'Network' },
    width: 10,
    cell: (r, lang) => label(NetworkFlag)(r.isNetworkDevice, lang),
  },
  {
    header: { zh: '盘点状态', en: 'Inventory' },
    width: 10,
    cell: (r, lang) => label(InventoryFlag)(r.isInventory, lang),
  },
  {
    header: { zh: '纳管状态', en: 'Management' },
    width: 12,
    cell: (r, lang) => label(ManageFlag)(r.isManage, lang),
  },
  { header: { zh: '绑定设备', en: 'Bound device' }, width: 22, cell: (r) => r.boundDeviceName },
  {
    header: { zh: '在线状态', en: 'Online status' },
    width: 10,
    cell: (r, lang) => label(OnlineStatus)(r.onlineStatus, lang),
  },
  { header: { zh: '创建人', en: 'Created by' }, width: 12, cell: (r) => r.createBy },
  { header: { zh: '创建时间', en: 'Created at' }, width: 20, cell: (r) => r.createTime },
  { header: { zh: '更新时间', en: 'Updated at' }, width: 20, cell: (r) => r.updateTime },
];

/** One record's cells in `lang`, text escaped. */
export function exportCells(record: InventoryRecord, lang: Lang) {
  return xlsxCells(EXPORT_COLUMNS, record, lang);
}

/**
 * The workbook of every record `batches` yields, as a stream of .xlsx bytes. The first batch has been
 * read by the caller already (so a bad filter is a 4xx, not a broken download) and is passed as
 * `first`. A failure while writing destroys the stream (the download breaks instead of ending short).
 */
export function inventoryWorkbookStream(
  first: readonly InventoryRecord[],
  rest: AsyncIterable<readonly InventoryRecord[]>,
  lang: Lang,
): Readable {
  return xlsxStream(EXPORT_COLUMNS, { zh: '资产列表', en: 'Inventory' }, first, rest, lang);
}
