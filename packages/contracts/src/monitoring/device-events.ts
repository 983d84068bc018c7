/**
 * GET /api/device-service/aibox/device/events: server-sent events, one `status` event per device
 * status change inside the caller's scope. EventSource cannot set headers, so the access token may be
 * passed as `?token=`.
 */
import { z } from 'zod';

export const DeviceEventsQuery = z.object({
  token: z.string().max(4096).optional(),
  /** The company an agent-platform admin looks at (the x-company-id header, which EventSource cannot send). */
  companyId: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a company id')
    .optional(),
});
export type DeviceEventsQuery = z.infer<typeof DeviceEventsQuery>;

/** The `data` of a `status` event; `at` is `YYYY-MM-DD HH:mm:ss`. */
export const DeviceStatusEvent = z.object({
  deviceId: z.number(),
  shopId: z.number(),
  onlineStatus: z.number(),
  at: z.string(),
});
export type DeviceStatusEvent = z.infer<typeof DeviceStatusEvent>;
