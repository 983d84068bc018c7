/**
 * The store workbook (issue 33 §4): the region → province → city tree and the stores in one sheet,
 * imported with the inventory import's discipline (dry run, all or nothing unless `partial`, every
 * wrong row named with its column and reason, a report workbook to fix and upload again) and exported
 * with the same columns, so an export edited and uploaded again is an import.
 */
import { z } from 'zod';

import { InventoryImportQuery, InventoryImportRejectedRowSchema } from '../inventory/inventory-calls';

/** `dryRun=1` checks and counts without writing; `partial=1` writes the good rows (default: all or nothing). */
export const StoreImportQuery = InventoryImportQuery;
export type StoreImportQuery = z.infer<typeof StoreImportQuery>;

/**
 * Reply of an import that read the rows (HTTP 200). `written`: whether anything was written (false on a
 * dry run, or when a row was rejected without `partial`). `added` / `updated` / `unchanged`: stores by
 * store number, written or, on a dry run, that would be; `levelsAdded`: tree nodes (region, province,
 * city) the rows named and the tree did not have. `report`: base64 .xlsx of the rejected rows as sent
 * plus an error column; null when none was rejected.
 */
export const StoreImportResultSchema = z.object({
  written: z.boolean(),
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  levelsAdded: z.number(),
  rejected: z.array(InventoryImportRejectedRowSchema),
  report: z.string().nullable(),
});
export type StoreImportResult = z.infer<typeof StoreImportResultSchema>;
