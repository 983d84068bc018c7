/** listDeviceLog: a device's syslog lines, paged, in a date-time range, every text as received. */
import {
  type DeviceSyslog,
  type ListDeviceLogQuery,
  type PagedResult,
  toPagedResult,
} from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { pageWindow } from '../../db/paging';
import { invalid } from '../../http/errors';
import { formatDateTime, parseDateTime } from '../../http/time';
import { listDeviceSyslogs } from './device-syslog.repository';
import { deviceInScope } from './running-info.service';

/** One page of the device's syslog, newest first. */
export async function listDeviceLog(
  ctx: AppContext,
  scope: Scope,
  query: ListDeviceLogQuery,
): Promise<PagedResult<DeviceSyslog>> {
  const from = query.startDatetime ? parseDateTime(query.startDatetime) : null;
  const to = query.endDatetime ? parseDateTime(query.endDatetime) : null;
  if (query.startDatetime && from === null)
    throw invalid('startDatetime', { zh: '不是存在的日期时间', en: 'is not a date-time that exists' });
  if (query.endDatetime && to === null)
    throw invalid('endDatetime', { zh: '不是存在的日期时间', en: 'is not a date-time that exists' });
  if (from !== null && to !== null && from > to)
    throw invalid('endDatetime', { zh: '不能早于 startDatetime', en: 'must not be before startDatetime' });
  const device = await deviceInScope(ctx, scope, query.deviceId);
  // The range is to the second: include the whole end second.
  const { rows, total } = await listDeviceSyslogs(
    ctx.db,
    device.id,
    { from, to: to === null ? null : to + 999 },
    pageWindow(query),
  );
  const list = rows.map((row) => ({
    uuid: String(row.id),
    deviceId: row.device_id,
    hostIp: row.host_ip,
    logContent: row.log_content,
    logDatetime: formatDateTime(row.log_datetime),
    logLevel: row.log_level,
    logMessage: row.log_message,
    logPriority: row.log_priority,
    logUuid: row.log_uuid,
  }));
  return toPagedResult(list, total, query);
}
