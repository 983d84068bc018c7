/**
 * The rejected rows of an inventory import as a workbook to fix and upload again: the template's
 * header in the caller's language, each rejected row's cells as sent, and an error column at the end
 * (the import ignores a column it does not know, so the fixed report imports as is). Cells go through
 * the house's formula escaping (`inertCell`). Written with ExcelJS's streaming writer, so a report of
 * many rows is never a whole workbook model in memory.
 */
import { PassThrough } from 'node:stream';

import type { Lang } from '@storefleet/contracts';
import { inertCell } from '../../files/inert-cell';
import { loadExcel } from '../../files/spreadsheet-upload';
import { COLUMN_BY_KEY, columnHeader, EXCEL_CELL_LIMIT, IMPORT_COLUMNS } from './inventory-columns';
import type { RejectedRow } from './inventory-import';
import type { RowError } from './inventory-import-rows';
import { TEMPLATE_SHEET } from './inventory-template';

/** A column's title in `lang` ('' for an error about the row as a whole). */
export function columnTitle(column: RowError['column'], lang: Lang): string {
  return column === null ? '' : (COLUMN_BY_KEY.get(column)?.title[lang] ?? column);
}

/** The error column's text for one row: `设备名称：必填；MAC地址：MAC 地址无效` / `Device name: is required; …`. */
export function rowErrorText(errors: readonly RowError[], lang: Lang): string {
  const parts = errors.map((e) => {
    const title = columnTitle(e.column, lang);
    if (!title) return e.message[lang];
    return lang === 'zh' ? `${title}：${e.message.zh}` : `${title}: ${e.message.en}`;
  });
  return parts.join(lang === 'zh' ? '；' : '; ').slice(0, EXCEL_CELL_LIMIT);
}

/** The report workbook as .xlsx bytes. */
export async function buildInventoryReport(rows: readonly RejectedRow[], lang: Lang): Promise<Buffer> {
  const { stream } = await loadExcel();
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    ...IMPORT_COLUMNS.map((c) => ({ key: c.key, width: c.width })),
    { key: 'rowNumber', width: 10 },
    { key: 'errors', width: 60 },
  ];
  const header = sheet.addRow([
    ...IMPORT_COLUMNS.map((c) => columnHeader(c, lang)),
    lang === 'zh' ? '原行号' : 'Row in file',
    lang === 'zh' ? '错误原因' : 'Errors',
  ]);
  header.font = { bold: true };
  header.commit();
  for (const row of rows) {
    const line = sheet.addRow([
      ...row.cells.map((c) => (c === '' ? null : inertCell(c).slice(0, EXCEL_CELL_LIMIT))),
      row.row,
      inertCell(rowErrorText(row.errors, lang)),
    ]);
    line.getCell(IMPORT_COLUMNS.length + 2).font = { color: { argb: 'FFCF1322' } };
    line.commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
