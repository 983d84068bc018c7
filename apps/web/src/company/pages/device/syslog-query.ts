/** The syslog page's filters: the device, and a date-time range sent as `YYYY-MM-DD HH:mm:ss`. */
import type { MonitoringEndpoints, QueryInput } from '@storefleet/contracts';

import type { FilterSpec, ListParams } from '@/shared/list';

export const SYSLOG_FILTERS = {
  deviceId: 'text',
  startDatetime: 'text',
  endDatetime: 'text',
} as const satisfies FilterSpec;

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The listDeviceLog query: malformed times are dropped rather than sent to be refused. */
export function syslogQuery(
  params: ListParams<typeof SYSLOG_FILTERS>,
): QueryInput<typeof MonitoringEndpoints.listDeviceLog> {
  const { deviceId, startDatetime, endDatetime, pageNum, pageSize } = params;
  return {
    deviceId,
    pageNum,
    pageSize,
    startDatetime: startDatetime && DATE_TIME.test(startDatetime) ? startDatetime : undefined,
    endDatetime: endDatetime && DATE_TIME.test(endDatetime) ? endDatetime : undefined,
  };
}
