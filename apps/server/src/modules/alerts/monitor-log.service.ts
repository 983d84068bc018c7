/**
 * The dynamic monitor log (`alerts/monitor-log.html`): online/offline changes and alert openings,
 * recoveries and closings over time, in the caller's scope, newest first, filterable by time range,
 * region/store, device and kind. The page follows live from the `status` and `alert` events of the
 * live-updates stream.
 */
import {
  type MonitorLogEntry,
  type MonitorLogQuery,
  type PagedResult,
  toPagedResult,
} from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { pageWindow } from '../../db/paging';
import { invalid } from '../../http/errors';
import { formatDateTime, parseDateTime } from '../../http/time';
import { listMonitorLogRows } from './monitor-log.repository';

const NOT_A_TIME = { zh: '不是存在的日期时间', en: 'is not a date-time that exists' };

/** One page of the merged log. */
export async function listMonitorLog(
  ctx: Pick<AppContext, 'db'>,
  scope: Scope,
  query: MonitorLogQuery,
): Promise<PagedResult<MonitorLogEntry>> {
  const from = query.startTime ? parseDateTime(query.startTime) : null;
  const to = query.endTime ? parseDateTime(query.endTime) : null;
  if (query.startTime && from === null) throw invalid('startTime', NOT_A_TIME);
  if (query.endTime && to === null) throw invalid('endTime', NOT_A_TIME);
  if (from !== null && to !== null && from > to)
    throw invalid('endTime', { zh: '不能早于 startTime', en: 'must not be before startTime' });
  const { rows, total } = await listMonitorLogRows(
    ctx.db,
    scope,
    {
      from,
      to: to === null ? null : to + 999,
      areaLevelListStr: query.areaLevelListStr,
      provinceLevelListStr: query.provinceLevelListStr,
      cityLevelListStr: query.cityLevelListStr,
      shopIdStr: query.shopIdStr,
      shopId: query.shopId,
      deviceId: query.deviceId,
      kinds: query.kind?.length ? new Set(query.kind) : null,
    },
    pageWindow(query),
  );
  const list = rows.map((row) => ({
    key: `${row.kind}:${row.source_id}`,
    kind: row.kind,
    at: formatDateTime(row.at),
    deviceId: row.device_id,
    deviceName: row.device_name,
    shopId: row.shop_id,
    shopName: row.store_name,
    recordId: row.record_id,
    name: row.name,
    severity: row.severity,
  }));
  return toPagedResult(list, total, query, 'at desc');
}
