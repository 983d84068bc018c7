/** The operation log as the console reads it. */
import type { CallLogQueryBody, OperationLog, PagedResult } from '@storefleet/contracts';
import { toPagedResult } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { formatDateTime } from '../../http/time';
import { listOperationLogs, listOperationNames } from './audit.repository';
import type { OperationLogWriter } from './operation-log.writer';

/** One page of the operation log inside the caller's scope, newest first. */
export async function queryOperationLogs(
  ctx: AppContext,
  writer: OperationLogWriter,
  scope: Scope,
  query: CallLogQueryBody,
): Promise<PagedResult<OperationLog>> {
  // Entries still queued in this node would otherwise be missing from a list read right after the calls.
  await writer.flush();
  const { rows, total } = await listOperationLogs(ctx.db, scope, query, query);
  const list = rows.map(
    (row): OperationLog => ({
      id: row.id,
      apiName: row.api_name,
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

/** The names of the operations recorded inside the caller's scope, for the log page's filter. */
export async function operationNames(
  ctx: AppContext,
  writer: OperationLogWriter,
  scope: Scope,
): Promise<string[]> {
  await writer.flush();
  return listOperationNames(ctx.db, scope);
}
