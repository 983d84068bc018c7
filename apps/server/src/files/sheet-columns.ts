/**
 * What every import workbook of ours shares, whatever its columns (the inventory import, the store
 * import): a header row found by title in either language (or by field key) in any order, the cells of a
 * row as sent, and the report workbook of rejected rows to fix and upload again (the template's header,
 * the row's cells, its row number and an error column; the import ignores columns it does not know, so
 * the fixed report imports as is). Cells written back go through the house's formula escaping (inert-cell.ts).
 */
import { PassThrough } from 'node:stream';

import type { Label, Lang } from '@storefleet/contracts';

import { inertCell } from './inert-cell';
import type { SheetValue } from './sheet-reader';
import { cellText, loadExcel } from './spreadsheet-upload';

/** One column of an import template. */
export interface SheetColumn<K extends string> {
  key: K;
  title: Label;
  required: boolean;
  /** Width in the template and report, in characters. */
  width: number;
}

/** Where each column sits in the sheet (1-based), found from the header row. */
export type SheetHeader<K extends string> = ReadonlyMap<K, number>;

export type SheetHeaderResult<K extends string> =
  | { ok: true; columns: SheetHeader<K> }
  | { ok: false; message: Label };

/** Excel's limit on the characters of one cell. */
export const EXCEL_CELL_LIMIT = 32_767;

/** Case, runs of white space and the ends do not matter when names are compared. */
export const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Row 1's text of a column in `lang`: `*门店编号` (a star marks a required column). */
export function columnHeader(column: SheetColumn<string>, lang: Lang): string {
  return `${column.required ? '*' : ''}${column.title[lang]}`;
}

/** `*资产编号 (assetNo)` → `资产编号`: star, spaces, case and a trailing key in brackets do not matter. */
function headerKeys(textIn: string): string[] {
  const plain = fold(textIn.replace(/^\s*\*\s*/, ''));
  const bracket = /^(.*?)\s*[(（]\s*([^()（）]*?)\s*[)）]$/.exec(plain);
  return bracket ? [plain, bracket[1] as string, bracket[2] as string].filter(Boolean) : [plain];
}

/**
 * Reads the header row: every column by its title in Chinese or English (or its field key), in any
 * order. Columns the import does not know are ignored; a required column missing or a column given
 * twice is refused, naming it.
 */
export function readSheetHeader<K extends string>(
  values: ReadonlyArray<SheetValue | undefined>,
  known: readonly SheetColumn<K>[],
): SheetHeaderResult<K> {
  const index = new Map<string, SheetColumn<K>>(
    known.flatMap((c) => [
      [fold(c.title.zh), c],
      [fold(c.title.en), c],
      [fold(c.key), c],
    ]),
  );
  const columns = new Map<K, number>();
  for (let at = 1; at < values.length; at++) {
    const cell = cellText(values[at] ?? null);
    if (!cell.ok || cell.text.length > 200) continue;
    const column = headerKeys(cell.text)
      .map((k) => index.get(k))
      .find((c) => c !== undefined);
    if (!column) continue;
    const before = columns.get(column.key);
    if (before !== undefined) {
      return {
        ok: false,
        message: {
          zh: `表头中“${column.title.zh}”列出现了两次（第 ${before} 列和第 ${at} 列）；请删除其中一列`,
          en: `the header has the column "${column.title.en}" twice (columns ${before} and ${at}); delete one of them`,
        },
      };
    }
    columns.set(column.key, at);
  }
  const missing = known.filter((c) => c.required && !columns.has(c.key));
  if (missing.length > 0) {
    const zh = missing.map((c) => `“${c.title.zh}”`).join('、');
    const en = missing.map((c) => `"${c.title.en}"`).join(', ');
    return {
      ok: false,
      message: {
        zh: `第 1 行表头缺少必填列 ${zh}；请使用下载的模板（列的顺序可以调整，标题须保留）`,
        en: `the header row lacks the required column${missing.length > 1 ? 's' : ''} ${en}; use the downloaded template (columns may be reordered, their titles must stay)`,
      },
    };
  }
  return { ok: true, columns };
}

/** True when every cell of the row is empty or white space. */
export function isBlankRow(values: ReadonlyArray<SheetValue | undefined>): boolean {
  for (let c = 1; c < values.length; c++) {
    const cell = cellText(values[c] ?? null);
    if (!cell.ok || cell.text.trim() !== '') return false;
  }
  return true;
}

/** A row problem: the column it is about (null: the row as a whole) and why, in both languages. */
export interface SheetRowError<K extends string> {
  column: K | null;
  message: Label;
}

/** A rejected row: its number in the sheet, its cells as sent (in the columns' order), every problem. */
export interface SheetRejectedRow<K extends string> {
  row: number;
  cells: string[];
  errors: SheetRowError<K>[];
}

/** The error column's text for one row: `门店名称：必填；…` / `Store name: is required; …`. */
export function sheetRowErrorText<K extends string>(
  errors: readonly SheetRowError<K>[],
  known: readonly SheetColumn<K>[],
  lang: Lang,
): string {
  const parts = errors.map((e) => {
    const title = e.column === null ? '' : (known.find((c) => c.key === e.column)?.title[lang] ?? e.column);
    if (!title) return e.message[lang];
    return lang === 'zh' ? `${title}：${e.message.zh}` : `${title}: ${e.message.en}`;
  });
  return parts.join(lang === 'zh' ? '；' : '; ').slice(0, EXCEL_CELL_LIMIT);
}

/** The report workbook of rejected rows as .xlsx bytes (streamed: never a whole workbook model in memory). */
export async function buildSheetReport<K extends string>(
  known: readonly SheetColumn<K>[],
  sheetName: Label,
  rows: readonly SheetRejectedRow<K>[],
  lang: Lang,
): Promise<Buffer> {
  const { stream } = await loadExcel();
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    ...known.map((c) => ({ key: c.key, width: c.width })),
    { key: 'rowNumber', width: 10 },
    { key: 'errors', width: 60 },
  ];
  const header = sheet.addRow([
    ...known.map((c) => columnHeader(c, lang)),
    lang === 'zh' ? '原行号' : 'Row in file',
    lang === 'zh' ? '错误原因' : 'Errors',
  ]);
  header.font = { bold: true };
  header.commit();
  for (const row of rows) {
    const line = sheet.addRow([
      ...row.cells.map((c) => (c === '' ? null : inertCell(c).slice(0, EXCEL_CELL_LIMIT))),
      row.row,
      inertCell(sheetRowErrorText(row.errors, known, lang)),
    ]);
    line.getCell(known.length + 2).font = { color: { argb: 'FFCF1322' } };
    line.commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
