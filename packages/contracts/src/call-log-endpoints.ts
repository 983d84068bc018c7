/** Operation log calls under /api/user-service/callLog (permission: the call-log module). */
import { z } from 'zod';

import { OperationLogSchema } from './account';
import { CallLogQueryBody } from './auth';
import { endpoint } from './endpoint';
import { pagedResultSchema } from './paging';
import { MODULE } from './permissions';

const CALL_LOG_API = '/api/user-service/callLog';

export const CallLogEndpoints = {
  queryByPage: endpoint({
    method: 'POST',
    path: `${CALL_LOG_API}/queryByPage`,
    summary: 'List operation log entries',
    summaryZh: '操作日志列表',
    writes: false,
    module: 'call-log',
    permissions: [MODULE.callLog],
    body: CallLogQueryBody,
    response: pagedResultSchema(OperationLogSchema),
  }),
  logOperation: endpoint({
    method: 'GET',
    path: `${CALL_LOG_API}/logOperation`,
    summary: 'List operation names',
    summaryZh: '操作名称列表',
    module: 'call-log',
    permissions: [MODULE.callLog],
    response: z.array(z.string()),
  }),
};
