/**
 * Reading the import workbook into add bodies. Cells are data: text is kept exactly as typed (no
 * formula is ever evaluated); a cell holding a formula is refused, as its cached result could be
 * anything the sender chose.
 */
import {
  type DeviceAddBody,
  DeviceAddBody as DeviceAddBodySchema,
  type DeviceImportRowError,
  ProductType,
} from '@storefleet/contracts';
import type ExcelJS from 'exceljs';
import { fieldPath } from '../../http/validation';
import { FIRST_DATA_ROW, TEMPLATE_COLUMNS } from './device-template';
import { loadExcel } from './excel';

export const MAX_IMPORT_ROWS = 1000;
const CHOICE_KEYS = new Set(TEMPLATE_COLUMNS.filter((c) => c.choices).map((c) => c.key));

export interface ParsedRow {
  row: number;
  body: DeviceAddBody;
}

export type CellText = { ok: true; text: string } | { ok: false; message: string };

/** The text of a cell as typed; dates as YYYY-MM-DD (UTC, as Excel stores them without a zone). */
export function cellText(value: ExcelJS.CellValue): CellText {
  if (value === null || value === undefined) return { ok: true, text: '' };
  if (typeof value === 'string') return { ok: true, text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { ok: true, text: String(value) };
  if (value instanceof Date) return { ok: true, text: value.toISOString().slice(0, 10) };
  if ('formula' in value || 'sharedFormula' in value)
    return { ok: false, message: 'must be a value, not a formula' };
  if ('richText' in value) return { ok: true, text: value.richText.map((r) => r.text).join('') };
  if ('text' in value && typeof value.text === 'string') return { ok: true, text: value.text };
  if ('error' in value) return { ok: false, message: 'holds an Excel error value' };
  return { ok: false, message: 'has a value that is not text or a number' };
}

/** Drop-down cells read `5-打印机` as 5; plain numbers pass through. */
function choiceValue(text: string): string {
  const m = /^\s*(\d+)\s*(?:-.*)?$/s.exec(text);
  return m ? (m[1] as string) : text;
}

/**
 * Rows of the first sheet from FIRST_DATA_ROW on, each validated with the add body's rules.
 * Blank rows are skipped. `shopId` and the store's box come from the import call.
 */
export async function readImportRows(
  bytes: Buffer,
  shopId: number,
  parentBoxId: number | null,
): Promise<{ rows: ParsedRow[]; errors: DeviceImportRowError[] }> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: ParsedRow[] = [];
  const errors: DeviceImportRowError[] = [];
  if (!sheet) return { rows, errors: [{ row: 0, field: 'file', message: 'has no worksheet' }] };
  for (let r = FIRST_DATA_ROW; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const raw: Record<string, string | number | null> = {};
    let blank = true;
    const refused = new Set<string>();
    TEMPLATE_COLUMNS.forEach((column, i) => {
      const cell = cellText(row.getCell(i + 1).value);
      if (!cell.ok) {
        errors.push({ row: r, field: column.key, message: cell.message });
        refused.add(column.key);
        blank = false;
        return;
      }
      if (cell.text.trim() !== '') blank = false;
      raw[column.key] = CHOICE_KEYS.has(column.key) ? choiceValue(cell.text) : cell.text;
    });
    if (blank) continue;
    if (rows.length + 1 > MAX_IMPORT_ROWS) {
      errors.push({ row: r, field: 'file', message: `must hold at most ${MAX_IMPORT_ROWS} device rows` });
      break;
    }
    if (raw.isPreinstallation === '') raw.isPreinstallation = 0;
    const isBox = raw.productId === String(ProductType.AI_BOX);
    const parsed = DeviceAddBodySchema.safeParse({
      ...raw,
      shopId,
      parentDeviceId: isBox ? null : parentBoxId,
    });
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
  return { rows, errors };
}
