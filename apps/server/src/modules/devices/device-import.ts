/**
 * Reading the import workbook into add bodies. The archive checks, the streaming read and the row
 * cap are the shared spreadsheet upload's (files/spreadsheet-upload.ts); this file maps the template's
 * columns. Cells are data: text is kept exactly as typed (no formula is ever evaluated); a cell
 * holding a formula is refused, as its cached result could be anything the sender chose.
 */
import { type DeviceAddBody, DeviceAddBody as DeviceAddBodySchema } from '@storefleet/contracts';
import { cellText, checkWorkbook, readFirstSheet } from '../../files/spreadsheet-upload';
import type { FieldMessage, Message } from '../../http/errors';
import { fieldPath } from '../../http/validation';
import { FIRST_DATA_ROW, isExampleRow, TEMPLATE_COLUMNS } from './device-template';

export const MAX_IMPORT_ROWS = 1000;
const CHOICE_KEYS = new Set(TEMPLATE_COLUMNS.filter((c) => c.choices).map((c) => c.key));

/** One non-blank data row: its cells as text, and its add body or why it has none. */
export interface ParsedRow {
  row: number;
  /** Each template column's text as typed ('' for a cell that could not be read). */
  cells: string[];
  /** `parentDeviceId` is null here: the store's box is set inside the import's transaction. */
  body: DeviceAddBody | null;
  /** What is wrong with the cells themselves (empty when `body` is set). */
  errors: FieldMessage[];
}

/** A problem with the file as a whole: nothing is imported. */
export interface FileProblem {
  row: number;
  field: string;
  message: Message;
}

/** Drop-down cells read `5-打印机` as 5; plain numbers pass through. */
function choiceValue(text: string): string {
  const m = /^\s*(\d+)\s*(?:-.*)?$/s.exec(text);
  return m ? (m[1] as string) : text;
}

function parseRow(row: number, values: readonly unknown[], shopId: number): ParsedRow {
  const cells: string[] = [];
  const errors: FieldMessage[] = [];
  const raw: Record<string, string | number | null> = {};
  const refused = new Set<string>();
  TEMPLATE_COLUMNS.forEach((column, i) => {
    const cell = cellText(values[i] as Parameters<typeof cellText>[0]);
    if (!cell.ok) {
      cells.push('');
      errors.push({ field: column.key, message: cell.message });
      refused.add(column.key);
      return;
    }
    cells.push(cell.text);
    raw[column.key] = CHOICE_KEYS.has(column.key) ? choiceValue(cell.text) : cell.text;
  });
  if (raw.isPreinstallation === '') raw.isPreinstallation = 0;
  const parsed = DeviceAddBodySchema.safeParse({ ...raw, shopId, parentDeviceId: null });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldPath(issue.path, 'row');
      // A refused cell is reported once, not again as "is required".
      if (!refused.has(field)) errors.push({ field, message: issue.message });
    }
  }
  return { row, cells, body: parsed.success && errors.length === 0 ? parsed.data : null, errors };
}

/**
 * The data rows of the first sheet (from row 2, blank rows and an unchanged example row skipped),
 * each parsed with the add body's rules. The upload is refused (4xx) before parsing when it is not a
 * workbook or breaks the spreadsheet limits; reading stops past MAX_IMPORT_ROWS data rows, which is
 * a file problem.
 */
export async function readImportRows(
  bytes: Buffer,
  shopId: number,
): Promise<{ rows: ParsedRow[]; fileProblems: FileProblem[] }> {
  const sheet = await readFirstSheet(await checkWorkbook(bytes), {
    firstRow: FIRST_DATA_ROW,
    columns: TEMPLATE_COLUMNS.length,
    // One more for the example row, which is read and then dropped when unchanged.
    maxRows: MAX_IMPORT_ROWS + 1,
  });
  if (!sheet.hasSheet) {
    const message = { zh: '没有工作表', en: 'has no worksheet' };
    return { rows: [], fileProblems: [{ row: 0, field: 'file', message }] };
  }
  const rows = sheet.rows
    .map(({ row, cells }) => parseRow(row, cells, shopId))
    .filter((parsed) => !isExampleRow(parsed.cells));
  const pastCap = rows.length > MAX_IMPORT_ROWS ? (rows[MAX_IMPORT_ROWS]?.row ?? null) : sheet.pastCap;
  if (pastCap !== null) {
    return {
      rows: rows.slice(0, MAX_IMPORT_ROWS),
      fileProblems: [
        {
          row: pastCap,
          field: 'file',
          message: {
            zh: `最多只能有 ${MAX_IMPORT_ROWS} 行设备`,
            en: `must hold at most ${MAX_IMPORT_ROWS} device rows`,
          },
        },
      ],
    };
  }
  return { rows, fileProblems: [] };
}
