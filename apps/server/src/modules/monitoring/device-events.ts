/**
 * Live updates (`MonitoringEndpoints.events`): streams device status changes in the
 * caller's scope as server-sent events (`event: status`). EventSource cannot send headers, so the
 * access token may come as `?token=` (it then sits in access logs: the page should use a short-lived
 * session), and the company an agent-platform admin looks at as `?companyId=` instead of the x-company-id header.
 * Streams end when the server starts draining (http/lifecycle.ts). Not a defineRoute call because the reply is a stream, not an envelope; errors before the
 * stream starts are normal envelope replies.
 */
import { PassThrough } from 'node:stream';

import { COMPANY_HEADER, type DeviceStatusEvent, MonitoringEndpoints } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import { authenticate } from '../../auth/authenticate';
import { isRestricted } from '../../auth/caller';
import { allows } from '../../auth/codes';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import { onDraining } from '../../http/lifecycle';
import { formatDateTime } from '../../http/time';
import { parseInput } from '../../http/validation';
import { listStoreIdsInScope } from '../stores/stores.repository';

const EVENTS = MonitoringEndpoints.events;
/** The endpoint's query schema (declared there, so never undefined). */
const EVENTS_QUERY = EVENTS.query as NonNullable<(typeof EVENTS)['query']>;
const HEARTBEAT_MS = 25_000;

/** Registers the live-updates stream on `app`. */
export function registerDeviceEvents(app: FastifyInstance, ctx: AppContext): void {
  const open = new Set<PassThrough>();
  const endAll = () => {
    for (const stream of open) stream.end();
  };
  onDraining(app, endAll);
  app.addHook('preClose', async () => endAll());
  app.apiRoutes.push(EVENTS);
  app.route({
    method: EVENTS.method,
    url: EVENTS.path,
    // Not in the operation log: the query may carry the access token, and the call lasts as long as the page.
    config: { operationLog: false },
    handler: async (request, reply) => {
      const query = parseInput(EVENTS_QUERY, request.query, 'query');
      const header = request.headers[COMPANY_HEADER];
      const companyHeader = (Array.isArray(header) ? header[0] : header) ?? query.companyId;
      const token = request.headers.authorization ?? (query.token ? `Bearer ${query.token}` : undefined);
      const { caller, scope } = await authenticate(ctx.db, ctx.tokens, {
        authorization: token,
        companyHeader,
      });
      if (!allows(caller, EVENTS.permissions)) throw forbidden();
      const storeIds = isRestricted(scope) ? new Set(await listStoreIdsInScope(ctx.db, scope)) : null;

      const stream = new PassThrough();
      open.add(stream);
      const write = (text: string) => {
        if (!stream.writableEnded) stream.write(text);
      };
      const unsubscribe = ctx.statusBus.subscribe((change) => {
        if (scope.companyId !== null && change.companyId !== scope.companyId) return;
        if (storeIds && !storeIds.has(change.shopId)) return;
        const data: DeviceStatusEvent = {
          deviceId: change.deviceId,
          shopId: change.shopId,
          onlineStatus: change.onlineStatus,
          at: formatDateTime(change.at),
        };
        write(`event: status\ndata: ${JSON.stringify(data)}\n\n`);
      });
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        stream.end();
      };
      request.raw.once('close', stop);
      stream.once('close', stop);
      write('retry: 5000\n: connected\n\n');
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      return reply.send(stream);
    },
  });
}
