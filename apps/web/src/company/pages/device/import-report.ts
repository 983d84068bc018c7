/**
 * The device import's report, as the import modal shows it: how many rows were imported and
 * rejected, one line per problem of a rejected row, and the server's workbook of the rejected rows
 * (with an error column) as a file to save. Pure, so it is tested without a browser.
 */
import type { DeviceImportResult } from '@storefleet/contracts';

/** One problem of one rejected row. */
export interface ImportReportLine {
  key: string;
  /** The sheet's row number, as Excel shows it. */
  row: number;
  /** The template column's field (`hostid`, `macAddress` …). */
  field: string;
  /** Already in the console's language (the server words it for the request's language). */
  message: string;
}

export interface ImportSummary {
  imported: number;
  rejected: number;
}

export const IMPORT_REPORT_FILE = 'device-import-rejected-rows.xlsx';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Counts of the import: rows imported and rows rejected. */
export function importSummary(result: Pick<DeviceImportResult, 'imported' | 'rejected'>): ImportSummary {
  return { imported: result.imported, rejected: result.rejected.length };
}

/** Every problem of every rejected row, in row order. */
export function reportLines(result: Pick<DeviceImportResult, 'rejected'>): ImportReportLine[] {
  return [...result.rejected]
    .sort((a, b) => a.row - b.row)
    .flatMap((rejected) =>
      rejected.errors.map((error, i) => ({
        key: `${rejected.row}-${i}`,
        row: rejected.row,
        field: error.field,
        message: error.message,
      })),
    );
}

/** The report workbook (base64 in the reply) as a file; null when nothing was rejected. */
export function reportFile(result: Pick<DeviceImportResult, 'report'>): Blob | null {
  if (!result.report) return null;
  const binary = atob(result.report);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: XLSX });
}
