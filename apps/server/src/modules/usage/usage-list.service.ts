/**
 * `listDeviceUsages` and `exportDeviceData` (spec §7): daily usage rows of the caller's stores with
 * the device list's filters and a date range, paged or as a streamed .xlsx (usage-export-workbook.ts).
 */
import {
  type DeviceUsageRow,
  type Lang,
  type PagedResult,
  toPagedResult,
  type UsageExportBody,
  type UsageFilter,
  type UsageListQuery,
} from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { requestedSort } from '../../db/list-sort';
import { pageWindow } from '../../db/paging';
import { type FileReply, fileReply } from '../../http/file-reply';
import {
  countUsageRows,
  listUsageRows,
  type UsageListRow,
  type UsageRowFilter,
  type UsageRowSort,
  usageRowBatches,
} from './device-usage.repository';
import { usageWorkbookStream } from './usage-export-workbook';
import { usageSourceOf } from './usage-source';
import { toUsageRow } from './usage-view';

/** Default order: newest day first, then device id. */
export const DEFAULT_USAGE_SORT: UsageRowSort = { field: 'statisticsDate', direction: 'desc' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows per query while exporting. */
const EXPORT_BATCH = 1000;

export function usageSortOf(query: Pick<UsageFilter, 'sortBy' | 'sortDirection'>): UsageRowSort {
  return requestedSort(query, DEFAULT_USAGE_SORT);
}

/** The filter fields alone (no range, page or sort). */
function rowFilter(query: UsageFilter): UsageRowFilter {
  const { startTime: _s, endTime: _e, sortBy: _b, sortDirection: _d, ...rest } = query;
  const {
    pageNum: _n,
    pageSize: _z,
    ...filter
  } = rest as typeof rest & { pageNum?: number; pageSize?: number };
  return filter;
}

export async function listUsage(
  ctx: Pick<AppContext, 'caches' | 'database' | 'db'>,
  scope: Scope,
  query: UsageListQuery,
  lang: Lang,
): Promise<PagedResult<DeviceUsageRow>> {
  const { range, source } = await usageSourceOf(ctx.database, scope, query);
  const filter = rowFilter(query);
  const sort = usageSortOf(query);
  const [total, rows, names] = await Promise.all([
    countUsageRows(ctx.db, scope, source, filter),
    listUsageRows(ctx.db, scope, source, filter, sort, pageWindow(query)),
    ctx.caches.devices.names.names(ctx.db),
  ]);
  return toPagedResult(
    rows.map((row) => toUsageRow(row, names, lang, range.today)),
    total,
    query,
    `${sort.field} ${sort.direction}`,
  );
}

/** The filtered rows as a streamed .xlsx download (memory stays one batch). */
export async function exportUsage(
  ctx: Pick<AppContext, 'caches' | 'database' | 'db'>,
  scope: Scope,
  body: UsageExportBody,
  lang: Lang,
): Promise<FileReply> {
  const { range, source } = await usageSourceOf(ctx.database, scope, body);
  const names = await ctx.caches.devices.names.names(ctx.db);
  const batches = usageRowBatches(ctx.db, scope, source, rowFilter(body), usageSortOf(body), EXPORT_BATCH);
  const toRows = (rows: UsageListRow[]) => rows.map((row) => toUsageRow(row, names, lang, range.today));
  // The first batch is read before the reply starts: a failing query is an error, not a broken file.
  const first = await batches.next();
  async function* rest(): AsyncGenerator<DeviceUsageRow[]> {
    for await (const rows of batches) yield toRows(rows);
  }
  const stream = usageWorkbookStream(first.done ? [] : toRows(first.value), rest(), lang);
  return fileReply(stream, XLSX, lang === 'zh' ? '设备使用率.xlsx' : 'device-usage.xlsx');
}
