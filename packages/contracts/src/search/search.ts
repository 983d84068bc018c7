/**
 * Global search (ours, not in the spec): the header's search box finds stores by number or name and
 * devices by name, hostid, serial number, IP or MAC address, inside the caller's data scope.
 */
import { z } from 'zod';

import { intFromQuery } from '../paging';

export const SEARCH_LIMIT_DEFAULT = 8;
export const SEARCH_LIMIT_MAX = 50;

export const GlobalSearchQuery = z.object({
  keyword: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters'),
  /** Most results per group. */
  limit: intFromQuery
    .pipe(
      z
        .number()
        .int()
        .min(1, 'must be at least 1')
        .max(SEARCH_LIMIT_MAX, `must be at most ${SEARCH_LIMIT_MAX}`),
    )
    .optional(),
});
export type GlobalSearchQuery = z.infer<typeof GlobalSearchQuery>;

export const StoreHit = z.object({
  id: z.number(),
  storeNo: z.string(),
  storeName: z.string(),
});
export type StoreHit = z.infer<typeof StoreHit>;

export const DeviceHit = z.object({
  deviceId: z.number(),
  deviceName: z.string(),
  hostid: z.string(),
  intranetIp: z.string().nullable(),
  macAddress: z.string().nullable(),
  shopId: z.number(),
  shopName: z.string(),
  /** 0 offline, 1 online (last known). */
  onlineStatus: z.number(),
});
export type DeviceHit = z.infer<typeof DeviceHit>;

/** Results grouped by kind; a group the caller may not open (no store or device pages) stays empty. */
export const GlobalSearchResult = z.object({
  stores: z.array(StoreHit),
  devices: z.array(DeviceHit),
});
export type GlobalSearchResult = z.infer<typeof GlobalSearchResult>;
