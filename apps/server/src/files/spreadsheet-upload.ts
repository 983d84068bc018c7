/**
 * Spreadsheet uploads (.xlsx) for every import: the workbook is checked as an archive before any
 * parser sees it, then its first sheet is read as a stream that stops at the import's row cap.
 *
 * Checks, cheapest first: a zip (PK) holding the parts of an .xlsx; at most `maxEntries` entries; a
 * declared uncompressed total of at most `maxUnpackedBytes`, no large part compressed more than
 * `maxRatio` times; then only the parts the reader needs are inflated, each stopped at its declared
 * size (a lying header gets no further than its lie). Our sheet reader (sheet-reader.ts) then reads
 * exactly those parts. Small parts are inflated and checked (size, checksum) up front and kept; a
 * large one (a sheet of 100,000 rows is ~90 MiB of XML) is inflated once, streaming, while the reader
 * reads it: its size is enforced chunk by chunk and its checksum checked at its end, so a damaged
 * large part is refused when the read gets there — every caller reads the whole sheet before it
 * writes anything (or writes in a transaction it rolls back), and the workbook is never whole in
 * memory. ExcelJS only writes workbooks (exports,
 * templates, error reports); it no longer reads uploads (docs/decisions/inventory.md).
 */
import { crc32 } from 'node:zlib';
import type { Label } from '@storefleet/contracts';
import type ExcelJS from 'exceljs';

import { AppError, invalid } from '../http/errors';
import type { UploadLimits } from '../http/upload';
import { readSheetRows, type SheetValue, type StreamedRow } from './sheet-reader';
import { MAX_ELEMENT_CHARS, SheetProblem } from './sheet-xml';
import {
  inflateEntry,
  inflateEntryChunks,
  readZipDirectory,
  type StreamedPart,
  type ZipEntry,
  ZipProblem,
} from './zip-archive';

export type { SheetValue, StreamedRow } from './sheet-reader';

export interface SpreadsheetLimits {
  /** Entries in the archive (an .xlsx from Excel or WPS has 10 to 30). */
  maxEntries: number;
  /** Declared uncompressed total (a full 1000-row device import is about 2.5 MiB). */
  maxUnpackedBytes: number;
  /** Uncompressed/compressed, for parts and totals over 1 MiB (worksheet XML runs 10–25). */
  maxRatio: number;
}

export const SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxEntries: 256,
  maxUnpackedBytes: 16 * 1024 * 1024,
  maxRatio: 100,
};
/** The multipart read of a workbook upload (`readUpload`). */
export const SPREADSHEET_UPLOAD: UploadLimits = { maxBytes: 2 * 1024 * 1024 };

/** Below this a part may compress any amount: small XML parts legitimately reach high ratios. */
const RATIO_FLOOR = 1024 * 1024;
const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'];
const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/** An OLE compound file: an .xls, or an .xlsx saved with a password (Excel encrypts into one). */
const COMPOUND_FILE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
/** Parts up to this size are kept inflated after the check; larger ones are inflated again when read. */
const KEEP_INFLATED_BYTES = 1024 * 1024;

const RESAVE = {
  zh: '请用 Excel 或 WPS 打开，另存为“Excel 工作簿 (*.xlsx)”后上传该文件',
  en: 'open it in Excel or WPS, save it as "Excel Workbook (*.xlsx)" and upload that file',
};
const USE_TEMPLATE = {
  zh: '请把这些行复制到下载的模板中再上传',
  en: 'copy the rows into the downloaded template and upload that',
};

/** A workbook that passed the checks: the parts the sheet reader reads. */
export interface CheckedWorkbook {
  readonly parts: readonly StreamedPart[];
}

function keptPart(name: string, data: Buffer): StreamedPart {
  return { name, size: data.length, crc32: crc32(data), chunks: () => [data] };
}

function sizeOf(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 ** 3, 'GiB'],
    [1024 ** 2, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [unit, name] of units) if (bytes >= unit) return `${Number((bytes / unit).toFixed(1))} ${name}`;
  return `${bytes} bytes`;
}

function tooLarge(rule: Label): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    { zh: `file：${rule.zh}`, en: `file: ${rule.en}` },
    { fields: [{ field: 'file', message: rule }] },
  );
}

function refusal(problem: ZipProblem, limits: SpreadsheetLimits): AppError {
  switch (problem.reason) {
    case 'not-zip':
      return invalid('file', {
        zh: `不是 Excel 工作簿 (.xlsx)；${RESAVE.zh}`,
        en: `is not an Excel workbook (.xlsx); ${RESAVE.en}`,
      });
    case 'too-many-entries':
      return tooLarge({
        zh: `包含 ${problem.detail} 个部件，超过导入工作簿允许的 ${limits.maxEntries} 个；${USE_TEMPLATE.zh}`,
        en: `holds ${problem.detail} parts, more than the ${limits.maxEntries} a workbook for import may have; ${USE_TEMPLATE.en}`,
      });
    case 'encrypted':
      return invalid('file', {
        zh: `已加密；请先去掉密码，然后${RESAVE.zh}`,
        en: `is encrypted; remove the password, then ${RESAVE.en}`,
      });
    case 'size-mismatch':
      return invalid('file', {
        zh: `已损坏：部件 ${problem.detail} 解压后的大小与其声明不符，未读取；${RESAVE.zh}`,
        en: `is damaged: part ${problem.detail} does not unpack to the size its header declares, so it was not read; ${RESAVE.en}`,
      });
    case 'zip64':
    case 'method':
      return invalid('file', {
        zh: `的打包方式不是 Excel 所用的（${problem.detail}）；${RESAVE.zh}`,
        en: `is packed in a way Excel does not use (${problem.detail}); ${RESAVE.en}`,
      });
    case 'damaged':
      return invalid('file', {
        zh: `已损坏（${problem.detail}）；${RESAVE.zh}`,
        en: `is damaged (${problem.detail}); ${RESAVE.en}`,
      });
  }
}

function checkSizes(entries: readonly ZipEntry[], limits: SpreadsheetLimits): void {
  const size = entries.reduce((sum, e) => sum + e.size, 0);
  const compressed = entries.reduce((sum, e) => sum + e.compressedSize, 0);
  if (size > limits.maxUnpackedBytes) {
    throw tooLarge({
      zh: `解压后为 ${sizeOf(size)}，超过导入工作簿允许的 ${sizeOf(limits.maxUnpackedBytes)}；${USE_TEMPLATE.zh}`,
      en: `unpacks to ${sizeOf(size)}, more than the ${sizeOf(limits.maxUnpackedBytes)} a workbook for import may hold; ${USE_TEMPLATE.en}`,
    });
  }
  const ratios = [...entries.map((e) => [e.size, e.compressedSize]), [size, compressed]];
  for (const [unpacked = 0, packed = 0] of ratios) {
    const ratio = unpacked / Math.max(1, packed);
    if (unpacked > RATIO_FLOOR && ratio > limits.maxRatio) throw tooCompressed(ratio, limits);
  }
}

function tooCompressed(ratio: number, limits: SpreadsheetLimits): AppError {
  return tooLarge({
    zh: `压缩比为 ${Math.round(ratio)}:1，超过真实工作簿的 ${limits.maxRatio}:1，未打开（疑似压缩炸弹）；${USE_TEMPLATE.zh}`,
    en: `is compressed ${Math.round(ratio)} to 1, more than the ${limits.maxRatio} to 1 of any real workbook, so it was not opened (it looks like a zip bomb); ${USE_TEMPLATE.en}`,
  });
}

/** The parts the sheet reader uses; every other part is never inflated. */
function partsToRead(entries: readonly ZipEntry[]): ZipEntry[] {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const first = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
  const sheets = entries
    .filter((e) => WORKSHEET.test(e.name))
    .sort((a, b) => Number(WORKSHEET.exec(a.name)?.[1]) - Number(WORKSHEET.exec(b.name)?.[1]));
  return [...first.flatMap((name) => byName.get(name) ?? []), ...sheets];
}

/**
 * Checks an uploaded workbook within `limits` and returns its readable parts; refuses with 400 (not
 * a workbook, damaged) or 413 (too many parts, too large unpacked, compressed like a bomb).
 */
export async function checkWorkbook(
  bytes: Buffer,
  limits: SpreadsheetLimits = SPREADSHEET_LIMITS,
): Promise<CheckedWorkbook> {
  if (bytes.subarray(0, COMPOUND_FILE.length).equals(COMPOUND_FILE)) {
    throw invalid('file', {
      zh: `是旧格式的 .xls 文件或有密码保护的工作簿；请先去掉密码，然后${RESAVE.zh}`,
      en: `is an old-format .xls file or a password-protected workbook; remove any password, then ${RESAVE.en}`,
    });
  }
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\x03\x04')
    throw refusal(new ZipProblem('not-zip', ''), limits);
  try {
    const entries = readZipDirectory(bytes, limits.maxEntries);
    const names = new Set(entries.map((e) => e.name));
    const missing = REQUIRED_PARTS.filter((name) => !names.has(name));
    if (missing.length > 0) {
      throw invalid('file', {
        zh: `是 zip 压缩包而不是 Excel 工作簿（缺少 ${missing.join(', ')}）；${RESAVE.zh}`,
        en: `is a zip archive but not an Excel workbook (it has no ${missing.join(', ')}); ${RESAVE.en}`,
      });
    }
    checkSizes(entries, limits);
    const parts: StreamedPart[] = [];
    for (const entry of partsToRead(entries)) {
      if (entry.size <= KEEP_INFLATED_BYTES) {
        parts.push(keptPart(entry.name, await inflateEntry(bytes, entry)));
      } else {
        // Inflated once, while read: each chunk is counted against the declared size as it comes
        // (a lying header stops one chunk past its lie) and the checksum is compared at the part's
        // end, so a damaged part is refused when the read reaches its end (see firstSheetRows).
        parts.push({
          name: entry.name,
          size: entry.size,
          crc32: entry.crc32,
          chunks: () => inflateEntryChunks(bytes, entry),
        });
      }
    }
    return { parts };
  } catch (error) {
    if (error instanceof ZipProblem) throw refusal(error, limits);
    throw error;
  }
}

/** The text of a cell as typed; dates as YYYY-MM-DD (UTC, as Excel stores them without a zone). */
export type CellText = { ok: true; text: string } | { ok: false; message: string };

export function cellText(value: SheetValue | undefined): CellText {
  if (value === null || value === undefined) return { ok: true, text: '' };
  if (typeof value === 'string') return { ok: true, text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { ok: true, text: String(value) };
  if (value instanceof Date) return { ok: true, text: value.toISOString().slice(0, 10) };
  // A formula's cached result could be anything the sender chose, so it is never taken as data.
  if ('formula' in value) return { ok: false, message: 'must be a value, not a formula' };
  return { ok: false, message: 'holds an Excel error value' };
}

function isBlank(cells: ReadonlyArray<SheetValue | undefined>): boolean {
  return cells.every((value) => {
    const cell = cellText(value);
    return cell.ok && cell.text.trim() === '';
  });
}

export interface SheetRow {
  /** The row number as Excel shows it. */
  row: number;
  /** Columns 1…`columns`, as the sheet holds them (`cellText` turns them into text). */
  cells: SheetValue[];
}

export interface SheetRows {
  /** False when the workbook has no worksheet at all. */
  hasSheet: boolean;
  /** The non-blank rows from `firstRow` on, at most `maxRows`. */
  rows: SheetRow[];
  /** The first non-blank row past `maxRows`, where reading stopped; null when all were read. */
  pastCap: number | null;
}

/** ExcelJS, loaded on first use: only the calls that write workbooks need it (~250 ms and ~25 MB at start-up otherwise). */
let excel: Promise<typeof ExcelJS> | null = null;

export function loadExcel(): Promise<typeof ExcelJS> {
  excel ??= import('exceljs').then((module) => (module as { default?: typeof ExcelJS }).default ?? module);
  return excel;
}

/**
 * Every row of the workbook's first sheet (in tab order), streamed: the caller decides how far to
 * read, and returning from the loop stops the reader. `seen.sheet` is set when the workbook has a
 * sheet at all. A sheet that cannot be read is refused with 400; one row or string past the reader's
 * cap with 413.
 */
export async function* firstSheetRows(
  workbook: CheckedWorkbook,
  seen: { sheet: boolean } = { sheet: false },
): AsyncGenerator<StreamedRow> {
  try {
    yield* readSheetRows(workbook.parts, seen);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof SheetProblem && error.reason === 'element-too-large') {
      throw tooLarge({
        zh: `有一行或一个单元格超过 ${MAX_ELEMENT_CHARS / 10_000} 万个字符，未导入任何数据；${USE_TEMPLATE.zh}`,
        en: `has a row or a cell of more than ${MAX_ELEMENT_CHARS / 1_000_000} million characters, so nothing was imported; ${USE_TEMPLATE.en}`,
      });
    }
    if (error instanceof ZipProblem) throw refusal(error, SPREADSHEET_LIMITS);
    throw invalid('file', {
      zh: `不是可读取的 .xlsx 工作簿；${RESAVE.zh}`,
      en: `is not a readable .xlsx workbook; ${RESAVE.en}`,
    });
  }
}

/**
 * Rows of the workbook's first sheet from `firstRow` on, blank rows skipped, read as a stream: it
 * stops at the first non-blank row past `maxRows`, so a sheet of a million rows costs no more than
 * the cap. A sheet that cannot be read is refused with 400.
 */
export async function readFirstSheet(
  workbook: CheckedWorkbook,
  options: { firstRow: number; columns: number; maxRows: number },
): Promise<SheetRows> {
  const seen = { sheet: false };
  const rows: SheetRow[] = [];
  for await (const { row, values } of firstSheetRows(workbook, seen)) {
    if (row < options.firstRow) continue;
    const cells = Array.from({ length: options.columns }, (_, i) => values[i + 1] ?? null);
    if (isBlank(cells)) continue;
    if (rows.length === options.maxRows) return { hasSheet: true, rows, pastCap: row };
    rows.push({ row, cells });
  }
  return { hasSheet: seen.sheet, rows, pastCap: null };
}
