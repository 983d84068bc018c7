/**
 * Reading an inventory workbook, streaming: the shared upload checks (archive, size, zip bomb) first,
 * then the first sheet row by row with ExcelJS's WorkbookReader. The first non-blank row is the
 * header (titles in either language, any order); each data row is checked (inventory-import-rows.ts),
 * against the rows above it and against the records the company and the store already hold. Accepted
 * rows keep only their values; rejected rows keep their cells as sent, for the reply and the report.
 *
 * Nothing here writes: the service decides (dry run, all or nothing, partial) and writes in one
 * transaction (on PostgreSQL while the read goes on, from the parts `onPart` gets). A file the import cannot take at all (not a workbook, no header, past the row limit)
 * is refused with a 4xx before anything is written.
 */

import {
  checkWorkbook,
  firstSheetRows,
  SPREADSHEET_LIMITS,
  type SpreadsheetLimits,
} from '../../files/spreadsheet-upload';
import { type AppError, invalid } from '../../http/errors';
import type { UploadLimits } from '../../http/upload';
import { AcceptedRows } from './inventory-import-accepted';
import { FileDuplicates } from './inventory-import-duplicates';
import { type HeaderMap, readHeader } from './inventory-import-header';
import {
  type ImportValues,
  isBlankRow,
  parseRow,
  type RowContext,
  type RowError,
  sentCells,
} from './inventory-import-rows';
import { isExampleRow } from './inventory-template';

export type { AcceptedRow } from './inventory-import-accepted';

const MiB = 1024 * 1024;

/** Data rows one import takes (spec: at least 100,000); more is refused before anything is written. */
export const MAX_IMPORT_ROWS = 100_000;
/** The upload (multipart `file`): 100,000 filled rows saved by Excel come to about 12 MiB. */
export const INVENTORY_UPLOAD: UploadLimits = { maxBytes: 48 * MiB };
/** Archive checks: 100,000 rows unpack to about 90 MiB of XML; the ratio rule stays the house's. */
export const INVENTORY_SHEET_LIMITS: SpreadsheetLimits = {
  ...SPREADSHEET_LIMITS,
  maxUnpackedBytes: 160 * MiB,
};

/** What the company and the store hold already (loaded by the service through the repository). */
export interface TakenValues {
  /** The company's asset numbers → the record's store. */
  assets: ReadonlyMap<string, { shopId: number; shopName: string }>;
  /** The store's MACs (12 hex digits) → the asset number of the record holding it. */
  macs: ReadonlyMap<string, string>;
  /** The store's serial numbers (lower case) → the asset number of the record holding it. */
  sns: ReadonlyMap<string, string>;
}

export interface RejectedRow {
  row: number;
  /** The cells as sent, in IMPORT_COLUMNS order. */
  cells: string[];
  errors: RowError[];
}

export interface ImportRead {
  /** Held compactly (inventory-import-accepted.ts): a 50,000-row import must fit the server's memory bar. */
  accepted: AcceptedRows;
  rejected: RejectedRow[];
}

/**
 * Accepted rows handed over while the read goes on (the write can start before the read ends, see
 * inventory-import.service.ts): parts of PART_ROWS rows in reading order; the read's result then holds
 * the rows after the last part. Rows are final once accepted: a later row can only be rejected itself.
 */
export type OnAcceptedPart = (part: AcceptedRows) => void;
export const PART_ROWS = 2000;
/** Storage block of a part: 2,000 rows of ~250 bytes fit in two. */
const PART_BLOCK_BYTES = 256 * 1024;

/** The store checks of one row: an asset number of another store, a MAC or SN held by another record. */
export function storeProblems(
  values: Pick<ImportValues, 'assetNo' | 'macKey' | 'deviceSn'>,
  shopId: number,
  taken: TakenValues,
): RowError[] {
  const problems: RowError[] = [];
  const asset = taken.assets.get(values.assetNo);
  if (asset && asset.shopId !== shopId) {
    problems.push({
      column: 'assetNo',
      message: {
        zh: `已属于门店“${asset.shopName}”的资产；资产在门店之间转移请用门店迁移，不能通过导入`,
        en: `belongs to an asset of the store "${asset.shopName}"; moving assets between stores is a store move, not an import`,
      },
    });
  }
  const macHolder = values.macKey === null ? undefined : taken.macs.get(values.macKey);
  if (macHolder !== undefined && macHolder !== values.assetNo) {
    problems.push({
      column: 'macAddress',
      message: {
        zh: `已被本门店资产 ${macHolder} 使用`,
        en: `is already used by asset ${macHolder} of this store`,
      },
    });
  }
  const snHolder = values.deviceSn === null ? undefined : taken.sns.get(values.deviceSn.toLowerCase());
  if (snHolder !== undefined && snHolder !== values.assetNo) {
    problems.push({
      column: 'deviceSn',
      message: {
        zh: `已被本门店资产 ${snHolder} 使用`,
        en: `is already used by asset ${snHolder} of this store`,
      },
    });
  }
  return problems;
}

function fileRefusal(rule: { zh: string; en: string }): AppError {
  return invalid('file', rule);
}

/**
 * Reads and checks every data row of the uploaded workbook for store `shopId`. Throws a 4xx AppError
 * for a file the import cannot take (not a workbook, a bomb, no or a bad header, no rows, more than
 * MAX_IMPORT_ROWS rows).
 */
export async function readInventoryFile(
  bytes: Buffer,
  shopId: number,
  context: RowContext,
  taken: TakenValues,
  onPart?: OnAcceptedPart,
): Promise<ImportRead> {
  const workbook = await checkWorkbook(bytes, INVENTORY_SHEET_LIMITS);
  const seen = { sheet: false };
  let header: HeaderMap | null = null;
  let dataRows = 0;
  const duplicates = new FileDuplicates();
  let accepted = onPart ? new AcceptedRows(PART_BLOCK_BYTES) : new AcceptedRows();
  const rejected: RejectedRow[] = [];
  for await (const { row, values } of firstSheetRows(workbook, seen)) {
    if (isBlankRow(values)) continue;
    if (header === null) {
      const read = readHeader(values);
      if (!read.ok) throw fileRefusal(read.message);
      header = read.columns;
      continue;
    }
    const parsed = parseRow(row, values, header, context);
    if (parsed.values && isExampleRow(parsed.values)) continue;
    dataRows++;
    if (dataRows > MAX_IMPORT_ROWS) {
      throw fileRefusal({
        zh: `超过 ${MAX_IMPORT_ROWS} 行数据（第 ${row} 行超出），未导入任何数据；请分成多个文件导入`,
        en: `holds more than ${MAX_IMPORT_ROWS} data rows (row ${row} is past the limit), so nothing was imported; split it into several files`,
      });
    }
    duplicates.check(parsed);
    if (parsed.values) {
      const problems = storeProblems(parsed.values, shopId, taken);
      if (problems.length === 0) {
        const update = taken.assets.get(parsed.values.assetNo)?.shopId === shopId;
        accepted.push(row, parsed.values, update);
        if (onPart && accepted.length >= PART_ROWS) {
          onPart(accepted);
          accepted = new AcceptedRows(PART_BLOCK_BYTES);
        }
        continue;
      }
      parsed.errors.push(...problems);
    }
    rejected.push({ row, cells: sentCells(values, header), errors: parsed.errors });
  }
  if (!seen.sheet) throw fileRefusal({ zh: '没有工作表', en: 'has no worksheet' });
  if (header === null) {
    throw fileRefusal({
      zh: '是空的：第 1 行须是表头，从第 2 行起每行一项资产；请使用下载的模板',
      en: 'is empty: row 1 must be the header and each row from row 2 one asset; use the downloaded template',
    });
  }
  if (dataRows === 0) {
    throw fileRefusal({
      zh: '没有资产行（表头下方每行填写一项资产）',
      en: 'holds no asset rows (fill in one asset per row below the header)',
    });
  }
  return { accepted, rejected };
}
