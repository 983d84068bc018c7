/**
 * `exportInventoryDevices` (docs/decisions/inventory.md "Export and template"): the records of the
 * list's filters, in the list's order, as an .xlsx streamed to the reply (inventory-export-workbook.ts)
 * from the repository's batch iterator, mapped like the list (inventory-view.ts). The first batch is
 * read before the reply starts, so a failing query answers with an error instead of a broken file.
 */
import type { InventoryExportQuery, InventoryRecord, Lang } from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { type FileReply, fileReply } from '../../http/file-reply';
import { exportRows } from './inventory.repository';
import { inventorySortOf } from './inventory.service';
import { inventoryWorkbookStream } from './inventory-export-workbook';
import { toInventoryRecord } from './inventory-view';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Records per query while exporting. */
const EXPORT_BATCH = 1000;

/** The filtered list as a streamed .xlsx download (no row limit: memory stays one batch). */
export async function exportInventory(
  ctx: Pick<AppContext, 'caches' | 'db'>,
  _caller: Caller,
  scope: Scope,
  query: InventoryExportQuery,
  lang: Lang,
): Promise<FileReply> {
  const names = await ctx.caches.devices.names.names(ctx.db);
  const batches = exportRows(ctx.db, scope, query, inventorySortOf(query), EXPORT_BATCH);
  const toRecords = (rows: Parameters<typeof toInventoryRecord>[0][]): InventoryRecord[] =>
    rows.map((row) => toInventoryRecord(row, names, lang));
  const first = await batches.next();
  async function* rest(): AsyncGenerator<InventoryRecord[]> {
    for await (const rows of batches) yield toRecords(rows);
  }
  const stream = inventoryWorkbookStream(first.done ? [] : toRecords(first.value), rest(), lang);
  return fileReply(stream, XLSX, lang === 'zh' ? '资产列表.xlsx' : 'inventory.xlsx');
}
