/**
 * The usage export's columns (`exportDeviceData`): the list's columns with names, not codes, headers
 * in the caller's language, written by the streamed workbook of files/xlsx-stream.ts (formula-escaped).
 */

import type { Readable } from 'node:stream';
import { type DeviceUsageRow, type Lang, ProductType, UsageRowType } from '@storefleet/contracts';

import { type XlsxColumn, xlsxStream } from '../../files/xlsx-stream';

export const USAGE_EXPORT_COLUMNS: readonly XlsxColumn<DeviceUsageRow>[] = [
  { header: { zh: '日期', en: 'Date' }, width: 12, cell: (r) => r.statisticsDate },
  {
    header: { zh: '类型', en: 'Kind' },
    width: 14,
    cell: (r, lang) => (UsageRowType.has(r.type) ? UsageRowType.labelOf(r.type, lang) : String(r.type)),
  },
  { header: { zh: '门店', en: 'Store' }, width: 22, cell: (r) => r.shopName },
  { header: { zh: '设备名称', en: 'Device name' }, width: 22, cell: (r) => r.deviceName },
  { header: { zh: '序列号', en: 'Serial number' }, width: 18, cell: (r) => r.deviceSn },
  { header: { zh: '资产编号', en: 'Asset number' }, width: 16, cell: (r) => r.assetNo },
  {
    header: { zh: '产品类型', en: 'Product type' },
    width: 12,
    cell: (r, lang) =>
      ProductType.has(r.productId) ? ProductType.labelOf(r.productId, lang) : String(r.productId),
  },
  { header: { zh: '大类', en: 'Category' }, width: 14, cell: (r) => r.categoryName ?? r.deviceCategory },
  { header: { zh: '小类', en: 'Class' }, width: 14, cell: (r) => r.className ?? r.deviceClass },
  {
    header: { zh: '资产性质', en: 'Property type' },
    width: 12,
    cell: (r) => r.propertyTypeName ?? r.propertyType,
  },
  { header: { zh: '在线时长(分钟)', en: 'Online (min)' }, width: 14, cell: (r) => r.onlineTime },
  { header: { zh: '离线时长(分钟)', en: 'Offline (min)' }, width: 14, cell: (r) => r.offlineTime },
  { header: { zh: '使用率(%)', en: 'Usage rate (%)' }, width: 12, cell: (r) => r.usageRate },
];

/** The rows of `first` and `rest` as a streamed .xlsx. */
export function usageWorkbookStream(
  first: readonly DeviceUsageRow[],
  rest: AsyncIterable<readonly DeviceUsageRow[]>,
  lang: Lang,
): Readable {
  return xlsxStream(USAGE_EXPORT_COLUMNS, { zh: '设备使用率', en: 'Device usage' }, first, rest, lang);
}
