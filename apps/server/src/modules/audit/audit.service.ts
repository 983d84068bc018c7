/** The operation log as the console reads it: names in the reader's language, a time range. */
import type { CallLogQueryBody, Lang, OperationLog, PagedResult } from '@storefleet/contracts';
import { operationName, operationNamesZh, toPagedResult } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { invalid } from '../../http/errors';
import { formatDateTime, parseDateTime } from '../../http/time';
import { listOperationLogs, listOperationNames, type OperationLogFilter } from './audit.repository';
import type { OperationLogWriter } from './operation-log.writer';

/**
 * The recorded names (English summaries) whose Chinese name contains `text`, so a name typed or
 * picked in the Chinese console finds its entries; the English text is matched by the query itself.
 */
export function namesMatching(text: string): string[] {
  const wanted = text.toLowerCase();
  return Object.entries(operationNamesZh())
    .filter(([, zh]) => zh.toLowerCase().includes(wanted))
    .map(([en]) => en);
}

/** The repository filter of a query: the name in either language and the time range as instants. */
function filterOf(query: CallLogQueryBody): OperationLogFilter {
  const from = query.startTime === undefined ? undefined : parseDateTime(query.startTime);
  const to = query.endTime === undefined ? undefined : parseDateTime(query.endTime);
  if (from === null) throw invalid('startTime', { zh: '不是有效的日期时间', en: 'is not a valid date-time' });
  if (to === null) throw invalid('endTime', { zh: '不是有效的日期时间', en: 'is not a valid date-time' });
  if (from !== undefined && to !== undefined && from > to)
    throw invalid('endTime', { zh: '不能早于开始时间', en: 'must not be before startTime' });
  return {
    userName: query.userName,
    apiName: query.apiName,
    apiNames: query.apiName ? namesMatching(query.apiName) : undefined,
    from,
    // The end second is included whole.
    to: to === undefined ? undefined : to + 999,
  };
}

/** One page of the operation log inside the caller's scope, newest first, names in `lang`. */
export async function queryOperationLogs(
  ctx: Pick<AppContext, 'db'>,
  writer: OperationLogWriter,
  scope: Scope,
  query: CallLogQueryBody,
  lang: Lang,
): Promise<PagedResult<OperationLog>> {
  const filter = filterOf(query);
  // Entries still queued in this node would otherwise be missing from a list read right after the calls.
  await writer.flush();
  const { rows, total } = await listOperationLogs(ctx.db, scope, filter, query);
  const list = rows.map(
    (row): OperationLog => ({
      id: row.id,
      apiName: operationName(row.api_name, lang),
      classMethod: row.class_method,
      errorMsg: row.error_msg,
      ipAddress: row.ip_address,
      operationTime: formatDateTime(row.operation_time),
      reqData: row.req_data,
      reqUrl: row.req_url,
      status: row.status,
      userId: row.user_id,
      userName: row.user_name,
      moduleName: row.module_name,
    }),
  );
  return toPagedResult(list, total, query, 'operationTime desc');
}

/** The names of the operations recorded inside the caller's scope, in `lang`, for the log page's filter. */
export async function operationNames(
  ctx: Pick<AppContext, 'db'>,
  writer: OperationLogWriter,
  scope: Scope,
  lang: Lang,
): Promise<string[]> {
  await writer.flush();
  const names = (await listOperationNames(ctx.db, scope)).map((name) => operationName(name, lang));
  return [...new Set(names)].sort((a, b) => a.localeCompare(b, lang === 'zh' ? 'zh-CN' : 'en'));
}
