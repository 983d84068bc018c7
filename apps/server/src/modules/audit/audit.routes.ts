/** Operation log calls under /api/user-service/callLog (permission: the call-log module). */
import { CallLogQueryBody, MODULE, OperationLogSchema, pagedResultSchema } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { operationNames, queryOperationLogs } from './audit.service';

const PREFIX = '/api/user-service/callLog';

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/queryByPage`,
    summary: 'List operation log entries',
    module: 'call-log',
    permissions: [MODULE.callLog],
    body: CallLogQueryBody,
    response: pagedResultSchema(OperationLogSchema),
    handler: async function queryByPage({ body, scope }) {
      return queryOperationLogs(ctx, app.operationLog, scope, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/logOperation`,
    summary: 'List operation names',
    module: 'call-log',
    permissions: [MODULE.callLog],
    response: z.array(z.string()),
    handler: async function logOperation({ scope }) {
      return operationNames(ctx, app.operationLog, scope);
    },
  });
}
