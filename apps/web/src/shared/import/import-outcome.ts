/**
 * What the import dialog says after an import (docs/decisions/inventory.md "Import", docs/decisions/store-import.md): written or not,
 * how many added and updated, one line per problem of each rejected row, and the server's report
 * workbook (the rows as sent plus an error column) as a file. Pure, tested without a browser.
 */

/** The part of the import reply the dialog reads. */
export interface ImportReply {
  written: boolean;
  added: number;
  updated: number;
  rejected: readonly { row: number; errors: readonly { column: string; message: string }[] }[];
  report: string | null;
}

export type ImportOutcomeKind = 'written' | 'checked' | 'rejected' | 'partial';

export interface ImportOutcome {
  kind: ImportOutcomeKind;
  added: number;
  updated: number;
  rejectedRows: number;
}

/** One problem of one rejected row. */
export interface ImportProblem {
  key: string;
  /** The sheet's row number, as Excel shows it. */
  row: number;
  /** The column's title (in the console's language). */
  column: string;
  message: string;
}

export const INVENTORY_REPORT_FILE = 'inventory-import-report.xlsx';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Which message the dialog shows: written (all rows), partially written, a dry run that passed, or
 * rejected rows with nothing written.
 */
export function importOutcome(reply: ImportReply, dryRun: boolean): ImportOutcome {
  const rejectedRows = reply.rejected.length;
  const kind: ImportOutcomeKind =
    rejectedRows === 0
      ? reply.written || !dryRun
        ? 'written'
        : 'checked'
      : reply.written
        ? 'partial'
        : 'rejected';
  return { kind, added: reply.added, updated: reply.updated, rejectedRows };
}

/** Every problem of every rejected row, in row order. */
export function importProblems(reply: Pick<ImportReply, 'rejected'>): ImportProblem[] {
  return [...reply.rejected]
    .sort((a, b) => a.row - b.row)
    .flatMap((rejected) =>
      rejected.errors.map((error, i) => ({
        key: `${rejected.row}-${i}`,
        row: rejected.row,
        column: error.column,
        message: error.message,
      })),
    );
}

/** The report workbook (base64 in the reply) as a file; null when there is none. */
export function reportBlob(reply: Pick<ImportReply, 'report'>): Blob | null {
  if (!reply.report) return null;
  const binary = atob(reply.report);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: XLSX });
}
