/**
 * The device as the list, detail and store-device calls return it (spec §3 Device, every field),
 * plus a few fields of ours the pages need (marked). Date-times are `YYYY-MM-DD HH:mm:ss` or null.
 */
import { z } from 'zod';

export const DeviceSchema = z.object({
  deviceId: z.number(),
  /** 1-based row number in the list (across pages). */
  index: z.number(),
  hostid: z.string(),
  deviceName: z.string(),
  deviceSn: z.string().nullable(),
  deviceBrand: z.string().nullable(),
  model: z.string().nullable(),
  productId: z.number(),
  connectType: z.number(),
  deviceSystem: z.number().nullable(),
  intranetIp: z.string().nullable(),
  extranetIp: z.string().nullable(),
  macAddress: z.string().nullable(),
  community: z.string().nullable(),
  port: z.number(),
  udpType: z.string().nullable(),
  describe: z.string().nullable(),
  assetNo: z.string().nullable(),
  vinNo: z.string().nullable(),
  parentDeviceId: z.number().nullable(),
  /** Only for callers holding BUTTON.deviceKey or BUTTON.deviceUpdate, and only for keyed devices. */
  securityKey: z.string().optional(),
  shopId: z.number(),
  shopName: z.string(),
  /** Store status as text: '0' normal, '1' moved (label via StoreStatus). */
  shopStatusStr: z.string(),
  /** Ours: the store's hierarchy levels (the update form's areaId/proviceId/cityId). */
  areaId: z.number().nullable(),
  proviceId: z.number().nullable(),
  cityId: z.number().nullable(),
  deviceCategory: z.string().nullable(),
  categoryName: z.string().nullable(),
  /** Ours: English name of the category / class. */
  categoryNameEn: z.string().nullable(),
  deviceClass: z.string().nullable(),
  className: z.string().nullable(),
  classNameEn: z.string().nullable(),
  propertyType: z.string().nullable(),
  propertyTypeName: z.string().nullable(),
  serviceLife: z.number().nullable(),
  custodian: z.string().nullable(),
  specifications: z.string().nullable(),
  obtainTime: z.string().nullable(),
  /** Reading A: 0 unregistered, 1 enabled, 2 disabled (what updateState sets). */
  state: z.number(),
  /** Ours: reading B for display: 3 disabled (state 2), else 1 online / 2 offline. */
  displayState: z.number(),
  deviceOnlineStatus: z.number(),
  deviceOnlineTime: z.string().nullable(),
  firstOnlineTime: z.string().nullable(),
  latestOfflineTime: z.string().nullable(),
  registerTime: z.string().nullable(),
  isPreinstallation: z.number(),
  /** Ours. */
  monitored: z.number(),
  enableRemote: z.number(),
  isNetworkDevice: z.number(),
  /** Yesterday's usage rate; null until device usage is computed. */
  usageRate: z.number().nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;

/** `getDeviceStatus`. */
export const DeviceStatusCountsSchema = z.object({
  deviceNum: z.number(),
  offlineNum: z.number(),
  onlineNum: z.number(),
});
export type DeviceStatusCounts = z.infer<typeof DeviceStatusCountsSchema>;

/**
 * `getStoreTrouble`: one row per store in the caller's scope that has trouble — monitored devices
 * offline, or open alerts on monitored devices — for the live monitor's order. Stores without
 * trouble are left out.
 */
export const StoreTroubleSchema = z.object({
  shopId: z.number(),
  offlineNum: z.number(),
  openAlertNum: z.number(),
});
export type StoreTrouble = z.infer<typeof StoreTroubleSchema>;

/** `getGatewayStatus`. */
export const GatewayStatusCountsSchema = z.object({
  isPreNum: z.number(),
  offlineNum: z.number(),
  onlineNum: z.number(),
});
export type GatewayStatusCounts = z.infer<typeof GatewayStatusCountsSchema>;
