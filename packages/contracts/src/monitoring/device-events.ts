/**
 * GET /api/device-service/aibox/device/events: server-sent events, one `status` event per device
 * status change inside the caller's scope. EventSource cannot set headers, so the page first asks
 * POST …/device/events/ticket (with its usual headers) for a stream ticket and opens the stream with
 * `?ticket=`. A ticket is good for one stream within a minute; the access token never goes in the URL.
 */
import { z } from 'zod';

/** Tickets are 32 random bytes, base64url. */
export const STREAM_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const DeviceEventsQuery = z.object({
  /** A stream ticket from `MonitoringEndpoints.eventsTicket`: one use, within `expiresInSeconds`. */
  ticket: z.string().regex(STREAM_TICKET_PATTERN, 'must be a stream ticket').optional(),
});
export type DeviceEventsQuery = z.infer<typeof DeviceEventsQuery>;

/** What POST …/device/events/ticket answers: a ticket for one stream of this session and company. */
export const DeviceEventsTicket = z.object({
  ticket: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type DeviceEventsTicket = z.infer<typeof DeviceEventsTicket>;

/** The `data` of a `status` event; `at` is `YYYY-MM-DD HH:mm:ss`. */
export const DeviceStatusEvent = z.object({
  deviceId: z.number(),
  shopId: z.number(),
  onlineStatus: z.number(),
  at: z.string(),
});
export type DeviceStatusEvent = z.infer<typeof DeviceStatusEvent>;
