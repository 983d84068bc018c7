import { DeviceStatusEvent, MonitoringEndpoints, type QueryInput, UserType } from '@storefleet/contracts';
import { useEffect, useRef } from 'react';

import { encodeParams } from '../../../shared/request/client';
import { useSession } from '../../../shared/session/useSession';

/**
 * The URL of the live-updates stream. EventSource cannot send headers, so the token rides along, and
 * `companyId` names the company an agent-platform admin looks at.
 */
export function deviceEventsUrl(query: QueryInput<typeof MonitoringEndpoints.events>): string {
  return `${MonitoringEndpoints.events.path}?${encodeParams(query).toString()}`;
}

/**
 * Subscribes to the server's device-status stream (server-sent events) while the page is open and calls
 * `onEvent` for each status change in the caller's scope. EventSource reconnects on its own after a
 * dropped link; malformed events are ignored.
 */
export function useDeviceStatusEvents(onEvent: (event: DeviceStatusEvent) => void): void {
  const session = useSession();
  const token = session?.result.accessToken ?? null;
  const companyId =
    session?.result.userType === UserType.AGENT_CUSTOMER_ADMIN_USER ? (session.companyId ?? null) : null;
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    const source = new EventSource(deviceEventsUrl({ token, companyId }));
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
    source.addEventListener('status', listener);
    return () => {
      source.removeEventListener('status', listener);
      source.close();
    };
  }, [token, companyId]);
}
