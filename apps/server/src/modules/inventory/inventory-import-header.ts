/**
 * The inventory import's header row, pure: every template column (inventory-columns.ts) found by its
 * title in Chinese or English, or its field key, in any order (the shared reader: files/sheet-columns.ts).
 */

import { readSheetHeader, type SheetHeader, type SheetHeaderResult } from '../../files/sheet-columns';
import type { SheetValue } from '../../files/sheet-reader';
import { IMPORT_COLUMNS, type ImportKey } from './inventory-columns';

/** Where each column sits in the sheet (1-based), found from the header row. */
export type HeaderMap = SheetHeader<ImportKey>;

export type HeaderResult = SheetHeaderResult<ImportKey>;

/** Reads the header row against the inventory template's columns. */
export function readHeader(values: ReadonlyArray<SheetValue | undefined>): HeaderResult {
  return readSheetHeader(values, IMPORT_COLUMNS);
}
