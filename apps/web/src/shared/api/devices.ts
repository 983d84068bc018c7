/**
 * The device registry calls (spec §7, prefix /api/device-service/aibox/device) and the dictionary
 * look-ups the device forms and filters need. Request shapes come from the contracts; filter values
 * arrive already mapped to the call's query (see company/pages/device/device-query.ts).
 */
import {
  DEVICE_PATHS,
  type Device,
  type DeviceAddBody,
  type DeviceImportResult,
  type DeviceKey,
  type DeviceStatusCounts,
  type DeviceUpdateBody,
  type DictionaryItem,
  type GatewayStatusCounts,
  type PagedResult,
} from '@storefleet/contracts';

import { http, type Params } from '../request/client';

/** One page of devices; `query` holds the list's filters, paging and sort. */
export function listDevices(query: Params, signal?: AbortSignal): Promise<PagedResult<Device>> {
  return http.get<PagedResult<Device>>(DEVICE_PATHS.list, { query, signal });
}

/** Online/offline counts over the same filters as the list (no paging). */
export function getDeviceStatus(query: Params, signal?: AbortSignal): Promise<DeviceStatusCounts> {
  return http.get<DeviceStatusCounts>(DEVICE_PATHS.deviceStatus, { query, signal });
}

/** Box counts (pre-configured, online, offline) over the same filters as the list. */
export function getGatewayStatus(query: Params, signal?: AbortSignal): Promise<GatewayStatusCounts> {
  return http.get<GatewayStatusCounts>(DEVICE_PATHS.gatewayStatus, { query, signal });
}

/** One device, for the details and update pages. */
export function getDevice(deviceId: number, signal?: AbortSignal): Promise<Device> {
  return http.get<Device>(DEVICE_PATHS.detail(deviceId), { signal });
}

/** A store's devices of one product type (1 = boxes: the parent-box picker). */
export function getStoreDevices(
  shopId: number,
  productType: number,
  signal?: AbortSignal,
): Promise<Device[]> {
  return http.get<Device[]>(DEVICE_PATHS.storeDevices(shopId, productType), { signal });
}

/** Registers a device. */
export function addDevice(body: DeviceAddBody): Promise<unknown> {
  return http.post<unknown>(DEVICE_PATHS.add, { json: body });
}

/** Saves a device's changed fields. */
export function updateDevice(body: DeviceUpdateBody): Promise<unknown> {
  return http.post<unknown>(DEVICE_PATHS.update, { json: body });
}

/** Sets a device's state (reading A: 1 enabled, 2 disabled). */
export function updateDeviceState(deviceId: number, state: 1 | 2): Promise<unknown> {
  return http.get<unknown>(DEVICE_PATHS.updateState(deviceId, state));
}

/** Sets the monitored flag of several devices at once (`mornitored`, spelled as the spec has it). */
export function setDevicesMonitored(ids: readonly number[], monitored: 0 | 1): Promise<unknown> {
  return http.get<unknown>(DEVICE_PATHS.monitored, { query: { ids: ids.join(','), mornitored: monitored } });
}

/** Marks a box pre-configured (1) or not (0). */
export function setPreinstallation(deviceId: number, status: 0 | 1): Promise<unknown> {
  return http.post<unknown>(DEVICE_PATHS.preinstallation, { json: { deviceId, status } });
}

/** Issues a new security key for a box; the old one stops working. */
export function rotateDeviceKey(deviceId: number): Promise<DeviceKey> {
  return http.post<DeviceKey>(DEVICE_PATHS.rotateKey(deviceId));
}

/** The device import template (.xlsx). */
export function downloadDeviceTemplate(): Promise<Blob> {
  return http.get<Blob>(DEVICE_PATHS.template, { responseType: 'blob' });
}

/** Imports a filled-in template into one store; refused rows come back as a 400 naming each row. */
export function importDevices(shopId: number, file: File): Promise<DeviceImportResult> {
  const multipart = new FormData();
  multipart.append('file', file);
  return http.post<DeviceImportResult>(DEVICE_PATHS.importExcel(shopId), { multipart });
}

const USER_SERVICE = '/api/user-service';

/** Large device categories with their small categories in `childLevel`. */
export function getCategoryTypeTree(signal?: AbortSignal): Promise<DictionaryItem[]> {
  return http.get<DictionaryItem[]>(`${USER_SERVICE}/categoryTypeTree`, { signal });
}

/** A global dictionary by type (BRAND, PROPERTY_TYPE …). */
export function getDictionary(type: string, signal?: AbortSignal): Promise<DictionaryItem[]> {
  return http.get<DictionaryItem[]>(`${USER_SERVICE}/${encodeURIComponent(type)}/type`, { signal });
}

/** A dependent dictionary, e.g. the MODEL items of one brand. */
export function getRelativeDictionary(
  type: string,
  relativeCode: string,
  signal?: AbortSignal,
): Promise<DictionaryItem[]> {
  const path = `${USER_SERVICE}/${encodeURIComponent(type)}/type/${encodeURIComponent(relativeCode)}/relativeCode`;
  return http.get<DictionaryItem[]>(path, { signal });
}
