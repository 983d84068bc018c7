/**
 * The inventory export's workbook, streamed: ExcelJS's WorkbookWriter writes each row as it comes
 * and commits it, into a stream the reply sends as it fills, so an export of 100,000 records is never
 * a workbook model in memory. The producer waits while the reader is behind (backpressure), so a
 * slow client holds a bounded buffer, not the whole file.
 *
 * Columns are the list's, with names not codes, headers in the caller's language (the asset columns
 * carry the import's titles, so an exported sheet can be edited and imported back). Every text cell
 * goes through the house's formula escaping (`inertCell`: a leading = + - @, tab or CR is written
 * with an apostrophe): record fields are attacker input (an imported name, a device's own name).
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';

import {
  ConnectType,
  DeviceSystem,
  InventoryFlag,
  type InventoryRecord,
  type Label,
  type Lang,
  ManageFlag,
  NetworkFlag,
  OnlineStatus,
} from '@storefleet/contracts';

import type ExcelJS from 'exceljs';

import { loadExcel } from '../../http/spreadsheet-upload';
import { inertCell } from '../devices/device-import-report';
import { COLUMN_BY_KEY, EXCEL_CELL_LIMIT, type ImportKey } from './inventory-columns';

type Cell = string | number | null;

interface ExportColumn {
  header: Label;
  width: number;
  cell: (r: InventoryRecord, lang: Lang) => Cell;
}

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
export function exportCells(record: InventoryRecord, lang: Lang): Cell[] {
  return EXPORT_COLUMNS.map((c) => {
    const value = c.cell(record, lang);
    return typeof value === 'string' ? inertCell(value).slice(0, EXCEL_CELL_LIMIT) : value;
  });
}

/** Resolves when `stream` drains or closes (listeners removed either way). */
async function drainOrClose(stream: PassThrough): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: stop.signal }),
      once(stream, 'close', { signal: stop.signal }),
    ]);
  } finally {
    stop.abort();
  }
}

/** Bytes the reader may be behind before the producer waits. */
const HIGH_WATER = 1024 * 1024;

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
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  const produce = async () => {
    const { stream } = await loadExcel();
    const workbook = new stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(lang === 'zh' ? '资产列表' : 'Inventory', {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = EXPORT_COLUMNS.map((c, i) => ({ key: String(i), width: c.width }));
    const header = sheet.addRow(EXPORT_COLUMNS.map((c) => c.header[lang]));
    header.font = { bold: true };
    header.commit();
    // Every body cell shares one (plain) style object: ExcelJS resolves a style once per object (a
    // WeakMap), where a cell's own fresh `{}` costs a style lookup by its XML, per cell.
    const bodyStyle: Partial<ExcelJS.Style> = {};
    const write = async (batch: readonly InventoryRecord[]) => {
      for (const record of batch) {
        const row = sheet.addRow(exportCells(record, lang));
        row.eachCell({ includeEmpty: true }, (cell) => {
          cell.style = bodyStyle;
        });
        row.commit();
      }
      // Backpressure: wait for the reader instead of buffering the file; stop when it went away.
      while (out.writableNeedDrain && !out.destroyed) await drainOrClose(out);
      if (out.destroyed) throw new Error('the download was closed');
    };
    await write(first);
    for await (const batch of rest) await write(batch);
    sheet.commit();
    await workbook.commit();
  };
  produce().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
