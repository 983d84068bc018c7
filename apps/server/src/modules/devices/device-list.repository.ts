/**
 * One page of the device list. Deferred join: the page's ids are picked on an index first
 * (`devices(company_id, id)` for the default order), then only those rows are joined to stores and
 * the dictionary. Pages in the back half are read from the other end (reversed order, smaller
 * offset) and flipped, so the last page costs what the first does.
 */
import type { DeviceSortField } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { pageWindow } from '../../db/paging';
import { type DeviceFilterInput, filteredDevices, needsStoreJoin } from './device-filter.repository';
import { type DeviceRow, loadDeviceRows } from './device-rows.repository';

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
} as const satisfies Record<DeviceSortField, string>;

export interface DeviceSort {
  field: DeviceSortField;
  direction: Direction;
}

/** Default order: newest device first. */
export const DEFAULT_DEVICE_SORT: DeviceSort = { field: 'deviceId', direction: 'desc' };

/** The opposite direction (reading a back-half page from the other end). */
function flip(direction: Direction): Direction {
  return direction === 'asc' ? 'desc' : 'asc';
}

/** One page of device rows in `sort` order (ties broken by id, same direction) and the total. */
export async function listDevicePage(
  db: Kysely<DB>,
  scope: Scope,
  filter: DeviceFilterInput,
  sort: DeviceSort,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: DeviceRow[]; total: number }> {
  const join = needsStoreJoin(scope, filter) || sort.field === 'shopName';
  const base = filteredDevices(db, scope, filter, join);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const total = Number(countRow.total);
  const { limit, offset } = pageWindow(page);
  if (offset >= total) return { rows: [], total };

  const take = Math.min(limit, total - offset);
  const fromEnd = total - offset - take;
  const reversed = fromEnd < offset;
  const direction = reversed ? flip(sort.direction) : sort.direction;
  const column = SORT_COLUMNS[sort.field];
  let ids = base.select('devices.id').orderBy(column, direction);
  if (sort.field !== 'deviceId') ids = ids.orderBy('devices.id', direction);
  const picked = await ids
    .limit(take)
    .offset(reversed ? fromEnd : offset)
    .execute();
  const order = picked.map((r) => r.id);
  if (reversed) order.reverse();
  return { rows: await loadDeviceRows(db, order), total };
}
