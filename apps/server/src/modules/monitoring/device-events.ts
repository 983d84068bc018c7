/**
 * Live updates (`MonitoringEndpoints.events`): streams device status changes in the caller's scope
 * as server-sent events (`event: status`), and alert record changes (`event: alert`, to holders of
 * an alert page; alerting's bus `ctx.engine.statusBus.alerts`). EventSource cannot send headers, so the
 * page first asks `MonitoringEndpoints.eventsTicket` for a single-use ticket bound to its session and
 * company and opens the stream with `?ticket=`; the access token never travels in a URL
 * (stream-session.ts).
 *
 * A stream ends when its session does: sign-out, disable, password change or an edit of the user
 * publish on ctx.auth.sessionEvents, and the stream re-checks its session at once and ends if it no longer
 * holds (or no longer has the device, dynamic-monitor or alerts module). Every heartbeat re-checks too, which catches what is not
 * published (a role edited, the token expiring) within HEARTBEAT_MS. Streams also end when the
 * server starts draining (http/lifecycle.ts). Not a defineRoute call because the reply is a stream,
 * not an envelope; errors before the stream starts are normal envelope replies.
 */
import { PassThrough } from 'node:stream';

import {
  type AlertLiveEvent,
  type DeviceStatusEvent,
  MonitoringEndpoints,
  PAGE,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import { allows } from '../../auth/codes';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { onDraining } from '../../http/lifecycle';
import { defineRoute } from '../../http/route';
import { formatDateTime } from '../../http/time';
import { parseInput } from '../../http/validation';
import { issueStreamTicket, type StreamAudience, streamAudience, streamCredentials } from './stream-session';

const EVENTS = MonitoringEndpoints.events;
/** The endpoint's query schema (declared there, so never undefined). */
const EVENTS_QUERY = EVENTS.query as NonNullable<(typeof EVENTS)['query']>;
/** Keeps proxies from closing an idle stream, and bounds how long an unpublished session change goes unnoticed. */
const HEARTBEAT_MS = 15_000;
/** Who hears `alert` events: holders of the alert overview or the monitor log. */
const ALERT_EVENT_READERS = { any: [PAGE.alertStore, PAGE.alertDynamic] } as const;

/** Registers the live-updates stream and its ticket on `app`. */
export function registerDeviceEvents(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, MonitoringEndpoints.eventsTicket, async function issueEventsTicket({ caller, request }) {
    return issueStreamTicket(ctx, caller, request.headers.authorization);
  });

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
    // Not in the operation log: the call lasts as long as the page (the ticket call is logged).
    config: { operationLog: false },
    handler: async (request, reply) => {
      const query = parseInput(EVENTS_QUERY, request.query, 'query');
      const credentials = streamCredentials(ctx, request.query, query, request.headers);
      let audience: StreamAudience = await streamAudience(ctx, credentials);
      const userId = audience.session.caller.userId;

      const stream = new PassThrough();
      open.add(stream);
      const write = (text: string) => {
        if (!stream.writableEnded) stream.write(text);
      };
      const unsubscribe = ctx.engine.statusBus.subscribe((change) => {
        if (audience.companyId !== null && change.companyId !== audience.companyId) return;
        if (audience.storeIds && !audience.storeIds.has(change.shopId)) return;
        const data: DeviceStatusEvent = {
          deviceId: change.deviceId,
          shopId: change.shopId,
          onlineStatus: change.onlineStatus,
          at: formatDateTime(change.at),
        };
        write(`event: status\ndata: ${JSON.stringify(data)}\n\n`);
      });
      // Alert record changes go to holders of an alert page, in the same company and stores.
      const unsubscribeAlerts = ctx.engine.statusBus.alerts.subscribe((event) => {
        if (audience.companyId !== null && event.companyId !== audience.companyId) return;
        if (audience.storeIds && !audience.storeIds.has(event.shopId)) return;
        if (!allows(audience.session.caller, ALERT_EVENT_READERS)) return;
        const data: AlertLiveEvent = {
          change: event.change,
          recordId: event.recordId,
          deviceId: event.deviceId,
          shopId: event.shopId,
          at: formatDateTime(event.at),
        };
        write(`event: alert\ndata: ${JSON.stringify(data)}\n\n`);
      });

      // One re-check at a time; a change arriving meanwhile asks for one more.
      let checking = false;
      let checkAgain = false;
      const recheck = async () => {
        if (checking) {
          checkAgain = true;
          return;
        }
        checking = true;
        try {
          do {
            checkAgain = false;
            // A re-check is not use: an open stream alone never keeps an idle session going.
            audience = await streamAudience(ctx, credentials, { passive: true });
          } while (checkAgain && !stream.writableEnded);
        } catch (error) {
          if (!(error instanceof AppError))
            request.log.warn({ err: error }, 'live updates: session re-check failed');
          stop();
        } finally {
          checking = false;
        }
      };
      const unsubscribeSessions = ctx.auth.sessionEvents.subscribe((changed, keptTokenId) => {
        if (changed !== userId) return;
        if (keptTokenId !== undefined && audience.session.caller.tokenId === keptTokenId) return;
        void recheck();
      });
      const heartbeat = setInterval(() => {
        write(': keep-alive\n\n');
        void recheck();
      }, HEARTBEAT_MS);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        unsubscribeAlerts();
        unsubscribeSessions();
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
