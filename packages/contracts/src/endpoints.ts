/**
 * Every API call of the product, one endpoint object each (see endpoint.ts). The server registers
 * each one exactly once and registers nothing else under /api (a test checks both ways); the web
 * calls only these.
 */
import { AlertEndpoints } from './alerts/alert-endpoints';
import type { AnyEndpoint } from './endpoint';

/** Each area's endpoints, by area name. */
export const ENDPOINT_GROUPS = {
  alert: AlertEndpoints,
} as const satisfies Record<string, Record<string, AnyEndpoint>>;

/** Every endpoint, flat. */
export const ENDPOINTS: readonly AnyEndpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values(group as Record<string, AnyEndpoint>),
);
