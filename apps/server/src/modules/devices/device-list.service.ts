/** The device lists and their counts; one filter builder behind all of them. */
import {
  type Device,
  type DeviceListQuery,
  type DeviceStatusCounts,
  type DeviceStatusQuery,
  type DeviceSubListQuery,
  type GatewayStatusCounts,
  type GatewayStatusQuery,
  type PagedResult,
  type PageQuery,
  type StoreTrouble,
  toPagedResult,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { requestedSort } from '../../db/list-sort';
import { notFound } from '../../http/errors';
import {
  countDevices,
  countListedDevices,
  type DeviceFilterInput,
  listStoreTrouble,
} from './device-filter.repository';
import { DEFAULT_DEVICE_SORT, type DeviceSort, filterKey, listDevicePage } from './device-list.repository';
import { findDeviceRowInScope, listStoreDeviceRows } from './device-rows.repository';
import { mayReadKeys, toDevice } from './device-view';

function sortOf(query: Pick<DeviceListQuery, 'sortBy' | 'sortDirection'>): DeviceSort {
  return requestedSort(query, DEFAULT_DEVICE_SORT);
}

/** `listDevices`: one page of devices inside the caller's scope. */
export async function listDevices(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  query: DeviceListQuery,
): Promise<PagedResult<Device>> {
  return pageOfDevices(ctx, caller, scope, query, sortOf(query), query);
}

/** `listSubDevices`: the devices under one box (the box must be in scope), default order. */
export async function listSubDevices(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  query: DeviceSubListQuery,
): Promise<PagedResult<Device>> {
  const box = await findDeviceRowInScope(ctx.db, scope, query.parentId);
  if (!box) throw notFound({ zh: '设备', en: 'device' });
  return pageOfDevices(ctx, caller, scope, query, DEFAULT_DEVICE_SORT, query);
}

async function pageOfDevices(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  filter: DeviceFilterInput,
  sort: DeviceSort,
  page: PageQuery,
): Promise<PagedResult<Device>> {
  const total = await ctx.caches.devices.counts.get('total', scope, filterKey(filter), () =>
    countListedDevices(ctx.db, scope, filter),
  );
  const { pageNum, pageSize } = page;
  const key = { scope, filter: filterKey(filter), sort, pageNum, pageSize, total };
  const rows = await ctx.caches.devices.pages.get(key, () =>
    listDevicePage(ctx.db, scope, filter, sort, page, total),
  );
  const names = await ctx.caches.devices.names.names(ctx.db);
  const first = (page.pageNum - 1) * page.pageSize + 1;
  const showKey = mayReadKeys(caller);
  const list = rows.map((row, i) => toDevice(row, first + i, showKey, names, ctx.config.secrets));
  return toPagedResult(list, total, page, `${sort.field} ${sort.direction}`);
}

/** `getDevices/{shopId}/{productType}`: a store's devices of one product type. */
export async function storeDevices(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  shopId: number,
  productType: number,
): Promise<Device[]> {
  const rows = await listStoreDeviceRows(ctx.db, scope, shopId, productType);
  const names = await ctx.caches.devices.names.names(ctx.db);
  const showKey = mayReadKeys(caller);
  return rows.map((row, i) => toDevice(row, i + 1, showKey, names, ctx.config.secrets));
}

/** `getDeviceStatus`: how many listed devices there are, online and offline. */
export async function deviceStatus(
  ctx: AppContext,
  scope: Scope,
  query: DeviceStatusQuery,
): Promise<DeviceStatusCounts> {
  const counts = await ctx.caches.devices.counts.get('status', scope, query, () =>
    countDevices(ctx.db, scope, query),
  );
  return { deviceNum: counts.total, onlineNum: counts.online, offlineNum: counts.total - counts.online };
}

/** `getGatewayStatus`: the same filters over boxes only: pre-configured, online, offline. */
export async function gatewayStatus(
  ctx: AppContext,
  scope: Scope,
  query: GatewayStatusQuery,
): Promise<GatewayStatusCounts> {
  const filter = { ...query, boxesOnly: true };
  const counts = await ctx.caches.devices.counts.get('status', scope, filter, () =>
    countDevices(ctx.db, scope, filter),
  );
  return {
    isPreNum: counts.preinstalled,
    onlineNum: counts.online,
    offlineNum: counts.total - counts.online,
  };
}

/**
 * `getStoreTrouble`: the stores in scope with monitored devices offline or open alerts, most offline
 * first, then most open alerts (the live monitor's order; stores without trouble follow it by number).
 */
export async function storeTrouble(ctx: AppContext, scope: Scope): Promise<StoreTrouble[]> {
  const rows = await listStoreTrouble(ctx.db, scope);
  return rows
    .map((r) => ({ shopId: r.shopId, offlineNum: r.offline, openAlertNum: r.openAlerts }))
    .sort((a, b) => b.offlineNum - a.offlineNum || b.openAlertNum - a.openAlertNum || a.shopId - b.shopId);
}
