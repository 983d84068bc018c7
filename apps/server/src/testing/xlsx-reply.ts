/** Spreadsheet replies in tests: an export call's .xlsx body read back into rows. */
import ExcelJS from 'exceljs';
import { expect } from 'vitest';

/** An injected reply, as far as reading its spreadsheet needs. */
interface XlsxReply {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}

/** The first sheet of a reply that must be a 200 spreadsheet, and its rows as values from column A. */
export async function xlsxSheetOf(res: XlsxReply): Promise<{ sheet: ExcelJS.Worksheet; rows: unknown[][] }> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}
