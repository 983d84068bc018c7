/**
 * The inventory record (spec §3 "Asset / inventory device") and the list's filters (spec §7
 * `listInventoryDevices`, `listInventoryDevices/data`). Design: docs/decisions/inventory.md.
 *
 * A record is an asset of a store as the asset register knows it; `boundDeviceId` links it to the
 * device the monitoring knows. `isInventory`, `isManage` and `onlineStatus` are derived from that
 * binding (never stored), so the list, its summary and the export agree. Names (`categoryName`,
 * `className`, `propertyTypeName`, `statusName`) are in the caller's language (`Accept-Language`).
 */
import { z } from 'zod';

import { intIn, zeroOne } from '../device/device-fields';
import { PageQuery } from '../paging';
import { commaList, idParam, listOrder, optionalFilter, textFilter as text } from '../query';

/** Most images one record keeps. */
export const INVENTORY_MAX_IMAGES = 9;

export const InventoryRecordSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  /** The store's region name (its area level), null when the store has none. */
  areaName: z.string().nullable(),
  /** Store status as text: '0' normal, '1' moved (StoreStatus). Ours. */
  shopStatusStr: z.string(),
  assetNo: z.string(),
  deviceName: z.string(),
  deviceBrand: z.string().nullable(),
  deviceSn: z.string().nullable(),
  /** 0 Linux, 1 Windows, 2 Android, 3 other (DeviceSystem). */
  deviceSystem: z.number().nullable(),
  /** 1 Agent … 5 EAgent (ConnectType). */
  connectType: z.number().nullable(),
  intranetIp: z.string().nullable(),
  /** As written in the register; matched by its 12 hex digits (mac-key.ts). */
  macAddress: z.string().nullable(),
  model: z.string().nullable(),
  specifications: z.string().nullable(),
  deviceCategory: z.string().nullable(),
  categoryName: z.string().nullable(),
  deviceClass: z.string().nullable(),
  className: z.string().nullable(),
  propertyType: z.string().nullable(),
  propertyTypeName: z.string().nullable(),
  /** Years. */
  serviceLife: z.number().nullable(),
  custodian: z.string().nullable(),
  /** YYYY-MM-DD. */
  obtainTime: z.string().nullable(),
  /** Frame number. */
  vinNo: z.string().nullable(),
  /** Serial number of the register (the spec's inumber). */
  inumber: z.string().nullable(),
  /** Property status 1 normal, 2 idle, 3 faulty, 4 scrapped (PropertyStatus, INVENTORY_STATUS). */
  status: z.number(),
  statusName: z.string(),
  /** Stored image names; each is read with `GET inventory/image/{name}`. */
  images: z.array(z.string()),
  remark: z.string().nullable(),
  /** The spec's custom serial number `index`. */
  index: z.string().nullable(),
  /** 0 networked, 1 not networked (NetworkFlag): a non-network asset is never matched or bound. */
  isNetworkDevice: z.number(),
  /** The bound device (ours), null when not bound. */
  boundDeviceId: z.number().nullable(),
  boundDeviceName: z.string().nullable(),
  /** 1 when bound (InventoryFlag). */
  isInventory: z.number(),
  /** 1 when the bound device is monitored (ManageFlag). */
  isManage: z.number(),
  /** The bound device's online status (OnlineStatus); null when not bound. */
  onlineStatus: z.number().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string(),
  updateBy: z.string().nullable(),
  updateTime: z.string(),
});
export type InventoryRecord = z.infer<typeof InventoryRecordSchema>;

/** Fields the inventory list may be sorted by (reply field names); default `id desc`. */
export const INVENTORY_SORT_FIELDS = [
  'id',
  'assetNo',
  'deviceName',
  'deviceSn',
  'macAddress',
  'intranetIp',
  'model',
  'shopName',
  'status',
  'obtainTime',
  'serviceLife',
  'index',
  'createTime',
  'updateTime',
] as const;
export type InventorySortField = (typeof INVENTORY_SORT_FIELDS)[number];

const flag = optionalFilter(zeroOne);

/**
 * Every filter of spec §7 `listInventoryDevices`, shared by the list, its summary and the export.
 * Text filters (assetNo, model, deviceName) match a part; codes match exactly. `status` and
 * `storeStatus` take one value or several (comma-joined or a list).
 */
export const InventoryFilter = z.object({
  areaLevelListStr: commaList(idParam).optional(),
  provinceLevelListStr: commaList(idParam).optional(),
  cityLevelListStr: commaList(idParam).optional(),
  shopIdStr: commaList(idParam).optional(),
  /** Accepted for the spec's sake; the caller's own company always decides (platform users: any). */
  companyId: optionalFilter(idParam),
  assetNo: text,
  /** Ours: part of the asset's name. */
  deviceName: text,
  model: text,
  deviceCategory: text,
  deviceClass: text,
  propertyType: text,
  status: commaList(intIn(1, 4)).optional(),
  isInventory: flag,
  isManage: flag,
  isNetworkDevice: flag,
  storeStatus: commaList(zeroOne).optional(),
  ...listOrder(INVENTORY_SORT_FIELDS),
});
export type InventoryFilter = z.infer<typeof InventoryFilter>;

/** `POST listInventoryDevices` body: the filters and paging (the spec sends them as a POST). */
export const InventoryListBody = InventoryFilter.extend(PageQuery.shape);
export type InventoryListBody = z.infer<typeof InventoryListBody>;

/**
 * `POST listInventoryDevices/data` body: the same filters (sorting and paging, if sent, are ignored,
 * so the page may send its list body as it is).
 */
export const InventorySummaryBody = InventoryFilter.extend(PageQuery.partial().shape);
export type InventorySummaryBody = z.infer<typeof InventorySummaryBody>;

/** Count of one property status. */
export const InventoryStatusCountSchema = z.object({
  status: z.number(),
  statusName: z.string(),
  count: z.number(),
});

/** The pre-inventory summary over the filtered records: every count of the same filters. */
export const InventorySummarySchema = z.object({
  total: z.number(),
  /** Bound (isInventory 1) and not. */
  inventoried: z.number(),
  notInventoried: z.number(),
  /** Bound to a monitored device (isManage 1) and not. */
  managed: z.number(),
  notManaged: z.number(),
  /** isNetworkDevice 0 and 1. */
  networked: z.number(),
  nonNetwork: z.number(),
  /** One entry per property status 1–4, in that order (zero counts included). */
  byStatus: z.array(InventoryStatusCountSchema),
});
export type InventorySummary = z.infer<typeof InventorySummarySchema>;
