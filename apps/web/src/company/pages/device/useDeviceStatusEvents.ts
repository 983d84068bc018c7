import { AlertLiveEvent, DeviceStatusEvent, MonitoringEndpoints, UserType } from '@storefleet/contracts';
import { useEffect, useRef } from 'react';

import { api } from '../../../shared/api/call';
import { RequestError } from '../../../shared/request/client';
import { useSession } from '../../../shared/session/useSession';
import { deviceEventsUrl, reconnectDelayMs } from './live-updates';

/**
 * Subscribes to the server's device-status stream (server-sent events) while the page is open and calls
 * `onEvent` for each status change in the caller's scope; malformed events are ignored. Each connect
 * first asks for a single-use ticket (sent with the session's headers, so it names the company an
 * agent admin looks at); a dropped stream is reopened with a new ticket, since EventSource's own retry
 * would reuse the spent one. A 401 on the ticket signs out (the request client does that): the server
 * ends a stream when its session ends, so a disabled user leaves the page within seconds.
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
  // reconnect, so that the new ticket names the new company.
  // biome-ignore lint/correctness/useExhaustiveDependencies: companyId is read through the request headers
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    const stopped = new AbortController();
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const listener = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = DeviceStatusEvent.safeParse(data);
      if (parsed.success) handler.current(parsed.data);
    };
    const alertListener = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = AlertLiveEvent.safeParse(data);
      if (parsed.success) alertHandler.current?.(parsed.data);
    };
    const reconnectLater = () => {
      failures += 1;
      retry = setTimeout(() => void connect(), reconnectDelayMs(failures));
    };
    const connect = async () => {
      let ticket: string;
      try {
        ({ ticket } = await api(MonitoringEndpoints.eventsTicket, undefined, { signal: stopped.signal }));
      } catch (error) {
        if (stopped.signal.aborted) return;
        // Signed out or no longer allowed to watch: nothing to reconnect to.
        if (error instanceof RequestError && (error.status === 401 || error.status === 403)) return;
        reconnectLater();
        return;
      }
      if (stopped.signal.aborted) return;
      const opened = new EventSource(deviceEventsUrl({ ticket }));
      source = opened;
      opened.addEventListener('status', listener);
      opened.addEventListener('alert', alertListener);
      opened.addEventListener('open', () => {
        failures = 0;
      });
      opened.addEventListener('error', () => {
        opened.close();
        if (source !== opened || stopped.signal.aborted) return;
        source = null;
        reconnectLater();
      });
    };
    void connect();
    return () => {
      stopped.abort();
      clearTimeout(retry);
      source?.close();
      source = null;
    };
  }, [token, companyId]);
}
