/** Running info calls (prefix /api/device-service/aibox/deviceRunningInfo), spec §3 and §7. */
import { z } from 'zod';
import { HostBattery, HostCpu, HostDisk, HostMemory } from '../agent-values';
import { intFromQuery } from '../paging';
import { idParam, optionalFilter } from '../query';

/** GET getRunninginfo: `hostid` is accepted for the console's sake; `deviceId` decides. */
export const RunningInfoQuery = z.object({ hostid: z.string().max(128).optional(), deviceId: idParam });
export type RunningInfoQuery = z.infer<typeof RunningInfoQuery>;

/** Running item of spec §3. `itemid` is the item key (e.g. `cpu.load`); value_type 0 numeric, 1 text. */
export const RunningItem = z.object({
  itemid: z.string(),
  name: z.string(),
  units: z.string(),
  value: z.string(),
  value_type: z.number().int(),
  description: z.string(),
  createDatetime: z.string(),
});
export type RunningItem = z.infer<typeof RunningItem>;

/**
 * Ours: the time ranges the running-info chart offers over the kept history (retention
 * `history_retention_days`, at least a day): the last hour, day or week up to now.
 */
export const HISTORY_RANGES = ['hour', 'day', 'week'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/**
 * GET getRunninginfos: the last 20 points of one item (spec §9). With `range` (ours) the item's
 * numeric history over that range instead, averaged per step (hour: 1 min, day: 15 min, week: 1 h).
 */
export const RunningInfosQuery = z.object({
  itemid: z.string().trim().min(1, 'is required').max(64),
  value_type: intFromQuery.pipe(z.number().int().min(0).max(4)).optional(),
  deviceId: idParam,
  range: optionalFilter(z.enum(HISTORY_RANGES, { error: `must be one of ${HISTORY_RANGES.join(', ')}` })),
});
export type RunningInfosQuery = z.infer<typeof RunningInfosQuery>;

/** History point / Online chart point of spec §3: clock `YYYY-MM-DD HH:mm:ss`, value as text. */
export const HistoryPoint = z.object({ clock: z.string(), value: z.string() });
export type HistoryPoint = z.infer<typeof HistoryPoint>;

export const RunningDeviceQuery = z.object({ deviceId: idParam });
export type RunningDeviceQuery = z.infer<typeof RunningDeviceQuery>;

/**
 * GET getEloDeviceStatistic: the last host report of an Agent/EAgent (Android) device — the battery,
 * CPU, memory and disk structures of spec §3; null parts when the device has not reported them.
 */
export const EloDeviceStatistic = z.object({
  deviceId: z.number(),
  onlineStatus: z.number(),
  reportTime: z.string().nullable(),
  battery: HostBattery.nullable(),
  cpu: HostCpu.nullable(),
  memory: z.array(HostMemory),
  disks: z.array(HostDisk),
});
export type EloDeviceStatistic = z.infer<typeof EloDeviceStatistic>;

export const RemoteUrlQuery = z.object({ eloDeviceId: idParam });
export type RemoteUrlQuery = z.infer<typeof RemoteUrlQuery>;

/**
 * GET getRemoteUrl: remote control of an Android device. `configured` false with a reason when no
 * remote-control URL template is set (REMOTE_CONTROL_URL_TEMPLATE) or the device disables remote control.
 */
export const RemoteUrl = z.object({
  eloDeviceId: z.number(),
  configured: z.boolean(),
  url: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RemoteUrl = z.infer<typeof RemoteUrl>;
