/** Operation log calls (contracts `CallLogEndpoints`): the paged log and the operation names. */
import { CallLogEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { operationNames, queryOperationLogs } from './audit.service';

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.queryByPage, async function queryByPage({ body, scope, lang }) {
    return queryOperationLogs(ctx, app.operationLog, scope, body, lang);
  });
  defineRoute(app, E.logOperation, async function logOperation({ scope, lang }) {
    return operationNames(ctx, app.operationLog, scope, lang);
  });
}
