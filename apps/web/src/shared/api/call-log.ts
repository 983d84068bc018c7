import type { CallLogQueryBody, OperationLog, PagedResult } from '@storefleet/contracts';

import { http } from '../request/client';

const CALL_LOG = '/api/user-service/callLog';

/** One page of the operation log, filtered by user name and operation name. */
export function queryCallLogs(
  body: CallLogQueryBody,
  signal?: AbortSignal,
): Promise<PagedResult<OperationLog>> {
  return http.post<PagedResult<OperationLog>>(`${CALL_LOG}/queryByPage`, { json: body, signal });
}

/** The operation names the log knows, for the operation filter. */
export function listLogOperations(signal?: AbortSignal): Promise<string[]> {
  return http.get<string[]>(`${CALL_LOG}/logOperation`, { signal });
}
