/**
 * One page of the device list. Deferred join: the page's ids are picked on an index first
 * (`devices(company_id, problem_rank, id)` for the default order, problems first), then only those rows
 * are joined to stores and the dictionary. Pages in the back half are read from the other end
 * (reversed order, smaller offset) and flipped, so the last page costs what the first does. The total
 * is given (the service keeps it in the count cache, device-count-cache.ts), not a count(*) per page.
 */
import type { DeviceSortField } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { pageWindow } from '../../db/paging';
import { type DeviceFilterInput, filteredDevices, needsStoreJoin } from './device-filter.repository';
import { type DeviceReplyRow, deviceReplyRowQuery } from './device-rows.repository';

type Direction = 'asc' | 'desc';

const SORT_COLUMNS = {
  deviceId: 'devices.id',
  deviceName: 'devices.device_name',
  deviceSn: 'devices.device_sn',
  intranetIp: 'devices.intranet_ip',
  macAddress: 'devices.mac_address',
  model: 'devices.model',
  assetNo: 'devices.asset_no',
  productId: 'devices.product_id',
  shopName: 'stores.store_name',
  registerTime: 'devices.register_time',
  deviceOnlineTime: 'devices.device_online_time',
  deviceOnlineStatus: 'devices.online_status',
  state: 'devices.state',
  problems: 'devices.problem_rank',
} as const satisfies Record<DeviceListOrder, string>;

/**
 * `problems`: the default order, never asked for by name: offline devices first, then alerting ones,
 * then the rest (`devices.problem_rank` descending), newest first within each.
 */
export type DeviceListOrder = DeviceSortField | 'problems';

export interface DeviceSort {
  field: DeviceListOrder;
  direction: Direction;
}

/** Default order: problems first (offline, then alerting, then the rest), newest first within each. */
export const DEFAULT_DEVICE_SORT: DeviceSort = { field: 'problems', direction: 'desc' };

/** The opposite direction (reading a back-half page from the other end). */
function flip(direction: Direction): Direction {
  return direction === 'asc' ? 'desc' : 'asc';
}

/**
 * One page of device rows in `sort` order (ties broken by id, same direction); `total` is how many
 * devices `scope` and `filter` list (it tells which end a page is nearer).
 */
export async function listDevicePage(
  db: Kysely<DB>,
  scope: Scope,
  filter: DeviceFilterInput,
  sort: DeviceSort,
  page: { pageNum: number; pageSize: number },
  total: number,
): Promise<DeviceReplyRow[]> {
  const { limit, offset } = pageWindow(page);
  if (offset >= total) return [];
  const join = needsStoreJoin(scope, filter) || sort.field === 'shopName';
  const base = filteredDevices(db, scope, filter, join);

  const take = Math.min(limit, total - offset);
  const fromEnd = total - offset - take;
  const reversed = fromEnd < offset;
  const direction = reversed ? flip(sort.direction) : sort.direction;
  const column = SORT_COLUMNS[sort.field];
  let ids = base.select('devices.id').orderBy(column, direction);
  if (sort.field !== 'deviceId') ids = ids.orderBy('devices.id', direction);
  // One statement: the page's ids (off the index), then their reply rows in the list's order.
  let rows = deviceReplyRowQuery(db)
    .where('devices.id', 'in', ids.limit(take).offset(reversed ? fromEnd : offset))
    .orderBy(column, sort.direction);
  if (sort.field !== 'deviceId') rows = rows.orderBy('devices.id', sort.direction);
  return rows.execute();
}

/** The filter fields alone (a list query also carries its page and sort, which do not change a count). */
export function filterKey(filter: DeviceFilterInput): DeviceFilterInput {
  const {
    pageNum: _n,
    pageSize: _s,
    sortBy: _b,
    sortDirection: _d,
    ...rest
  } = filter as DeviceFilterInput & {
    pageNum?: unknown;
    pageSize?: unknown;
    sortBy?: unknown;
    sortDirection?: unknown;
  };
  return rest;
}
