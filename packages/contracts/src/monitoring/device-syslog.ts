/** GET /api/device-service/aibox/device/syslog/listDeviceLog (spec §3 Device syslog). */
import { z } from 'zod';

import { PageQuery } from '../paging';
import { dateTimeString, idParam, optionalFilter } from '../query';

export const ListDeviceLogQuery = PageQuery.extend({
  deviceId: idParam,
  startDatetime: optionalFilter(dateTimeString),
  endDatetime: optionalFilter(dateTimeString),
});
export type ListDeviceLogQuery = z.infer<typeof ListDeviceLogQuery>;

/** One syslog line; every text exactly as the device sent it (show as text). */
export const DeviceSyslog = z.object({
  uuid: z.string(),
  deviceId: z.number(),
  hostIp: z.string(),
  logContent: z.string(),
  logDatetime: z.string(),
  logLevel: z.string().nullable(),
  logMessage: z.string(),
  logPriority: z.number().nullable(),
  logUuid: z.string(),
});
export type DeviceSyslog = z.infer<typeof DeviceSyslog>;
