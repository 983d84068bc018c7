/**
 * The live-updates stream's URL and reconnect pacing. The URL carries a single-use ticket
 * (MonitoringEndpoints.eventsTicket), never the access token: URLs end up in logs.
 */
import { MonitoringEndpoints, type QueryInput } from '@storefleet/contracts';

import { encodeParams } from '../request/client';

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/** The URL of the live-updates stream for a ticket just issued to this session. */
export function deviceEventsUrl(query: QueryInput<typeof MonitoringEndpoints.events>): string {
  return `${MonitoringEndpoints.events.path}?${encodeParams(query).toString()}`;
}

/** How long to wait before the `failures`-th reconnect in a row: 2 s, doubling, at most 30 s. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}
