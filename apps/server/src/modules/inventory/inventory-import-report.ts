/**
 * The rejected rows of an inventory import as a workbook to fix and upload again (the shared report:
 * files/sheet-columns.ts `buildSheetReport`), and a column's title for the reply's rows.
 */
import type { Lang } from '@storefleet/contracts';

import { buildSheetReport } from '../../files/sheet-columns';
import { COLUMN_BY_KEY, IMPORT_COLUMNS } from './inventory-columns';
import type { RejectedRow } from './inventory-import';
import type { RowError } from './inventory-import-rows';
import { TEMPLATE_SHEET } from './inventory-template';

/** A column's title in `lang` ('' for an error about the row as a whole). */
export function columnTitle(column: RowError['column'], lang: Lang): string {
  return column === null ? '' : (COLUMN_BY_KEY.get(column)?.title[lang] ?? column);
}

/** The report workbook as .xlsx bytes. */
export function buildInventoryReport(rows: readonly RejectedRow[], lang: Lang): Promise<Buffer> {
  return buildSheetReport(IMPORT_COLUMNS, TEMPLATE_SHEET, rows, lang);
}
