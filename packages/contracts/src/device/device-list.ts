/**
 * Queries of the device list and its counts (spec §7). One filter object serves `listDevices`,
 * `getDeviceStatus` and `getGatewayStatus`, so the counts always agree with the list.
 *
 * queryType (spec gives two opposite readings): 1 = boxes (productId 1), 0 = sub-devices (every
 * other product type). See DeviceQueryType in enums.ts.
 * Sorting: sortBy over DEVICE_SORT_FIELDS, sortDirection asc|desc. The spec calls both required; we
 * treat a missing sortBy as the default order (newest device first: deviceId desc) and a missing
 * sortDirection as asc, so a bare link still lists.
 */
import { z } from 'zod';

import { PageQuery } from '../paging';
import { commaList, idParam, listOrder, optionalFilter, regionPicks, textFilter as text } from '../query';
import { zeroOne } from './device-fields';

const id = optionalFilter(idParam);
const flag = optionalFilter(zeroOne);

/** Fields the device list may be sorted by (reply field names). */
export const DEVICE_SORT_FIELDS = [
  'deviceId',
  'deviceName',
  'deviceSn',
  'intranetIp',
  'macAddress',
  'model',
  'assetNo',
  'productId',
  'shopName',
  'registerTime',
  'deviceOnlineTime',
  'deviceOnlineStatus',
  'state',
] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];

/** The filters of `listDevices`, shared with the status counts. */
export const DeviceFilter = z.object({
  areaCode: text,
  deviceName: text,
  deviceSn: text,
  macAddress: text,
  intranetIp: text,
  model: text,
  assetNo: text,
  onlineStatus: flag,
  isPreinstallation: flag,
  monitored: flag,
  /** Ours: 0 networked, 1 not networked (the non-network page). */
  isNetworkDevice: flag,
  productId: optionalFilter(z.coerce.number().int('must be a whole number').min(1).max(13)),
  shopId: id,
  queryType: flag,
  areaLevel: id,
  provinceLevel: id,
  cityLevel: id,
  ...regionPicks,
  deviceCategory: text,
  deviceClass: text,
  propertyType: text,
  storeStatus: commaList(zeroOne),
  ...listOrder(DEVICE_SORT_FIELDS),
});
export type DeviceFilter = z.infer<typeof DeviceFilter>;

/** `GET listDevices` (paged). */
export const DeviceListQuery = DeviceFilter.extend(PageQuery.shape);
export type DeviceListQuery = z.infer<typeof DeviceListQuery>;

/** `GET getDeviceStatus`: the list's filters, no paging. */
export const DeviceStatusQuery = DeviceFilter;
export type DeviceStatusQuery = z.infer<typeof DeviceStatusQuery>;

/** `GET getGatewayStatus`: the list's filters (incl. isPreinstallation); counts boxes only. */
export const GatewayStatusQuery = DeviceFilter;
export type GatewayStatusQuery = z.infer<typeof GatewayStatusQuery>;

/** `GET listSubDevices` (paged): the devices under one box. */
export const DeviceSubListQuery = z
  .object({
    parentId: idParam,
    areaCode: text,
    deviceSn: text,
    macAddress: text,
    intranetIp: text,
    model: text,
    onlineStatus: flag,
    assetNo: text,
    deviceCategory: text,
    deviceClass: text,
  })
  .extend(PageQuery.shape);
export type DeviceSubListQuery = z.infer<typeof DeviceSubListQuery>;
