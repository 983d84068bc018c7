/**
 * The store import template (a header row in the caller's language, one example row the import skips
 * while unchanged, a drop-down for the status) and the export's columns: the same columns, so an export
 * is a workbook the import reads back.
 */
import { type Lang, nameIn, StoreStatus } from '@storefleet/contracts';
import type ExcelJS from 'exceljs';

import { columnHeader } from '../../files/sheet-columns';
import { loadExcel } from '../../files/spreadsheet-upload';
import type { XlsxColumn } from '../../files/xlsx-stream';
import { STORE_COLUMNS, STORE_EXAMPLE, STORE_SHEET, type StoreKey } from './store-columns';
import type { StoreRow } from './stores.repository';

/** Rows of the template that get the status drop-down. */
const VALIDATED_ROWS = 10_000;

export async function buildStoreTemplate(lang: Lang): Promise<Buffer> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(STORE_SHEET[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = STORE_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  sheet.getRow(1).values = STORE_COLUMNS.map((c) => columnHeader(c, lang));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).values = STORE_COLUMNS.map((c) => STORE_EXAMPLE[c.key]);
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF888888' } };
  const statusColumn = STORE_COLUMNS.findIndex((c) => c.key === 'status') + 1;
  const choices = StoreStatus.entries.map((e) => e.label[lang]).join(',');
  // One range rule (not a rule per cell): the template stays small and quick to open.
  const letter = String.fromCharCode(64 + statusColumn);
  (
    sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
  ).dataValidations.add(`${letter}2:${letter}${VALIDATED_ROWS + 1}`, {
    type: 'list',
    allowBlank: true,
    formulae: [`"${choices}"`],
    showErrorMessage: true,
    error: lang === 'zh' ? '请选择列表中的值' : 'Choose a value from the list',
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const CELL: Record<StoreKey, (row: StoreRow, lang: Lang) => string | null> = {
  storeNo: (row) => row.store_no,
  storeName: (row) => row.store_name,
  addr: (row) => row.addr,
  region: (row, lang) => (row.area_name === null ? null : nameIn(lang, row.area_name, row.area_ename)),
  province: (row, lang) =>
    row.province_name === null ? null : nameIn(lang, row.province_name, row.province_ename),
  city: (row, lang) => (row.city_name === null ? null : nameIn(lang, row.city_name, row.city_ename)),
  status: (row, lang) => StoreStatus.labelOf(row.status === StoreStatus.MOVED ? 1 : 0, lang),
};

/** The export's columns: the template's, titled as the import reads them. */
export function exportColumns(): XlsxColumn<StoreRow>[] {
  return STORE_COLUMNS.map((c) => ({ header: c.title, width: c.width, cell: CELL[c.key] }));
}
