/**
 * The rejected rows of an import as a workbook the user can fix and upload again: the template's
 * header and columns, each rejected row's cells as typed, and an error column at the end (in the
 * caller's language). Cells are written as text; one that a spreadsheet could take for a formula
 * (starting with = + - @, tab or carriage return) gets a leading apostrophe.
 */
import type { DeviceImportRejectedRow, Lang } from '@storefleet/contracts';

import { inertCell } from '../../files/inert-cell';
import { loadExcel } from '../../files/spreadsheet-upload';
import { columnHeader, TEMPLATE_COLUMNS, TEMPLATE_SHEET } from './device-template';

/** The error column's text for one row: `第 4 行 macAddress：MAC 地址无效；…` / `row 4 macAddress: …; …`. */
export function rowErrorText(row: DeviceImportRejectedRow, lang: Lang): string {
  const problems = row.errors.map((e) =>
    lang === 'zh' ? `${e.field}：${e.message}` : `${e.field}: ${e.message}`,
  );
  return lang === 'zh' ? `第 ${row.row} 行 ${problems.join('；')}` : `row ${row.row} ${problems.join('; ')}`;
}

/** The report workbook as .xlsx bytes. */
export async function buildImportReport(
  rows: readonly DeviceImportRejectedRow[],
  lang: Lang,
): Promise<Buffer> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET);
  sheet.columns = [
    ...TEMPLATE_COLUMNS.map((c) => ({ key: c.key, width: c.width })),
    { key: 'errors', width: 60 },
  ];
  const errorHeader = lang === 'zh' ? '错误原因 (errors)' : 'Errors (errors)';
  sheet.addRow([...TEMPLATE_COLUMNS.map(columnHeader), errorHeader]).font = { bold: true };
  for (const row of rows) {
    sheet.addRow([
      ...row.cells.map((c) => (c === '' ? null : inertCell(c))),
      inertCell(rowErrorText(row, lang)),
    ]);
  }
  sheet.getColumn(TEMPLATE_COLUMNS.length + 1).font = { color: { argb: 'FFCF1322' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
