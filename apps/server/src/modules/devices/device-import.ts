/**
 * Reading the import workbook into add bodies. The archive checks, the streaming read and the row
 * cap are the shared spreadsheet upload's (http/spreadsheet-upload.ts); this file maps the template's
 * columns. Cells are data: text is kept exactly as typed (no formula is ever evaluated); a cell
 * holding a formula is refused, as its cached result could be anything the sender chose.
 */
import {
  type DeviceAddBody,
  DeviceAddBody as DeviceAddBodySchema,
  type DeviceImportRowError,
} from '@storefleet/contracts';

import { cellText, checkWorkbook, readFirstSheet } from '../../http/spreadsheet-upload';
import { fieldPath } from '../../http/validation';
import { FIRST_DATA_ROW, TEMPLATE_COLUMNS } from './device-template';

export const MAX_IMPORT_ROWS = 1000;
const CHOICE_KEYS = new Set(TEMPLATE_COLUMNS.filter((c) => c.choices).map((c) => c.key));

export interface ParsedRow {
  row: number;
  /** `parentDeviceId` is null here: the store's box is set inside the import's transaction. */
  body: DeviceAddBody;
}

/** Drop-down cells read `5-打印机` as 5; plain numbers pass through. */
function choiceValue(text: string): string {
  const m = /^\s*(\d+)\s*(?:-.*)?$/s.exec(text);
  return m ? (m[1] as string) : text;
}

/**
 * Rows of the first sheet from FIRST_DATA_ROW on, each validated with the add body's rules; blank
 * rows are skipped. The upload is refused (4xx) before parsing when it is not a workbook or breaks
 * the spreadsheet limits; reading stops at the first row past MAX_IMPORT_ROWS.
 */
export async function readImportRows(
  bytes: Buffer,
  shopId: number,
): Promise<{ rows: ParsedRow[]; errors: DeviceImportRowError[] }> {
  const sheet = await readFirstSheet(await checkWorkbook(bytes), {
    firstRow: FIRST_DATA_ROW,
    columns: TEMPLATE_COLUMNS.length,
    maxRows: MAX_IMPORT_ROWS,
  });
  const rows: ParsedRow[] = [];
  const errors: DeviceImportRowError[] = [];
  if (!sheet.hasSheet) return { rows, errors: [{ row: 0, field: 'file', message: 'has no worksheet' }] };
  for (const { row: r, cells } of sheet.rows) {
    const raw: Record<string, string | number | null> = {};
    const refused = new Set<string>();
    TEMPLATE_COLUMNS.forEach((column, i) => {
      const cell = cellText(cells[i]);
      if (!cell.ok) {
        errors.push({ row: r, field: column.key, message: cell.message });
        refused.add(column.key);
        return;
      }
      raw[column.key] = CHOICE_KEYS.has(column.key) ? choiceValue(cell.text) : cell.text;
    });
    if (raw.isPreinstallation === '') raw.isPreinstallation = 0;
    const parsed = DeviceAddBodySchema.safeParse({ ...raw, shopId, parentDeviceId: null });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldPath(issue.path, 'row');
        // A refused cell is reported once, not again as "is required".
        if (!refused.has(field)) errors.push({ row: r, field, message: issue.message });
      }
      continue;
    }
    if (refused.size === 0) rows.push({ row: r, body: parsed.data });
  }
  if (sheet.pastCap !== null) {
    errors.push({
      row: sheet.pastCap,
      field: 'file',
      message: `must hold at most ${MAX_IMPORT_ROWS} device rows`,
    });
  }
  return { rows, errors };
}
