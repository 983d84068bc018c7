import {
  type AlertLiveEvent,
  type DeviceStatusEvent,
  MonitoringEndpoints,
  UserType,
} from '@storefleet/contracts';
import { useEffect, useRef } from 'react';

import { api } from '../api/call';
import { RequestError } from '../request/client';
import { useSession } from '../session/useSession';
import { createLiveStreamHub } from './live-stream';
import { deviceEventsUrl, reconnectDelayMs } from './live-updates';

/** The page's one live-updates connection, shared by every component that listens (live-stream.ts). */
const hub = createLiveStreamHub({
  ticket: async (signal) => (await api(MonitoringEndpoints.eventsTicket, undefined, { signal })).ticket,
  open: (ticket) => new EventSource(deviceEventsUrl({ ticket })),
  retryDelayMs: reconnectDelayMs,
  isFinal: (error) => error instanceof RequestError && (error.status === 401 || error.status === 403),
});

/**
 * Listens to the server's device-status stream (server-sent events) while the component is mounted and
 * calls `onEvent` for each status change in the caller's scope (and `onAlert` for each alert record
 * change, sent to holders of an alert page); malformed events are ignored. Every component of the page
 * shares one connection (the header badge and the page's own lists alike); it opens with a single-use
 * ticket (sent with the session's headers, so it names the company an agent admin looks at) and is
 * reopened with a new ticket when dropped. A 401 on the ticket signs out (the request client does
 * that): the server ends a stream when its session ends, so a disabled user leaves the page within
 * seconds.
 */
export function useDeviceStatusEvents(
  onEvent: (event: DeviceStatusEvent) => void,
  /** Alert record changes (`alert` events; sent to holders of an alert page). */
  onAlert?: (event: AlertLiveEvent) => void,
): void {
  const session = useSession();
  const token = session?.result.accessToken ?? null;
  const companyId =
    session?.result.userType === UserType.AGENT_CUSTOMER_ADMIN_USER ? (session.companyId ?? null) : null;
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const alertHandler = useRef(onAlert);
  alertHandler.current = onAlert;

  // The ticket call sends the company through the session's headers; a company switch must still
  // reconnect, so the key names the company and a new key opens a connection whose ticket names it.
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    return hub.subscribe(`${token}\n${companyId ?? ''}`, {
      onStatus: (event) => handler.current(event),
      onAlert: (event) => alertHandler.current?.(event),
    });
  }, [token, companyId]);
}
