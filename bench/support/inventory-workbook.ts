/**
 * Inventory workbooks for the import tests and the benchmark: `rows` filled asset rows under the
 * template's header (Chinese titles), written with ExcelJS's streaming writer and shared strings as
 * Excel saves them. Values vary per row (asset number, MAC, serial, IP) like a real register.
 */
import { PassThrough } from 'node:stream';

import ExcelJS from 'exceljs';

import { columnHeader, IMPORT_COLUMNS } from '../../apps/server/src/modules/inventory/inventory-columns';

/** One row's cells by column key; `i` numbers the asset (0-based). */
export function assetRow(i: number, prefix = 'ZC'): Record<string, string | number | Date | null> {
  const hex = (n: number) => n.toString(16).padStart(6, '0');
  const mac = `02${hex(i)}${hex(i * 7 + 3).slice(0, 4)}`.replace(/(..)(?!$)/g, '$1:');
  return {
    assetNo: `${prefix}-${String(i).padStart(7, '0')}`,
    deviceName: `收银台电脑 ${i}`,
    deviceCategory: '终端设备',
    deviceClass: i % 2 === 0 ? '电脑' : 'POS机',
    deviceBrand: i % 3 === 0 ? 'Lenovo' : 'HP',
    model: `M${i % 50}`,
    deviceSn: `SN${String(i).padStart(9, '0')}`,
    deviceSystem: 'Windows',
    connectType: 'Agent',
    intranetIp: `127.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    macAddress: mac,
    specifications: 'i5/8G/256G',
    propertyType: '自有',
    serviceLife: 5,
    custodian: `店员${i % 200}`,
    obtainTime: new Date(Date.UTC(2020 + (i % 5), i % 12, 1 + (i % 28))),
    vinNo: null,
    inumber: `I${i}`,
    status: '正常',
    remark: null,
    index: String(i),
  };
}

/** The workbook of `count` rows (`row(i)` gives each row's cells by key) as .xlsx bytes. */
export async function inventoryWorkbook(
  count: number,
  row: (i: number) => Record<string, string | number | Date | null> = (i) => assetRow(i),
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('资产台账');
  sheet.addRow(IMPORT_COLUMNS.map((c) => columnHeader(c, 'zh'))).commit();
  for (let i = 0; i < count; i++) {
    const cells = row(i);
    const added = sheet.addRow(IMPORT_COLUMNS.map((c) => cells[c.key] ?? null));
    const date = added.getCell(IMPORT_COLUMNS.findIndex((c) => c.key === 'obtainTime') + 1);
    date.numFmt = 'yyyy-mm-dd';
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
