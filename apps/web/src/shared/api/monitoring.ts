/**
 * Monitoring calls (spec §7): running info and its history, the online chart, host statistics of
 * Agent/Android devices, ping through the box, device syslog, and the live device-status stream.
 */
import {
  DEVICE_API,
  type DeviceSyslog,
  type EloDeviceStatistic,
  type HistoryPoint,
  type PagedResult,
  type PingResult,
  type RegionLevelTreeNode,
  type RunningItem,
  type Store,
} from '@storefleet/contracts';

import { encodeParams, http, type Params } from '../request/client';

const RUNNING_INFO = '/api/device-service/aibox/deviceRunningInfo';

/** The device's latest value of every monitored item. */
export function getRunningInfo(
  deviceId: number,
  hostid: string,
  signal?: AbortSignal,
): Promise<RunningItem[]> {
  return http.get<RunningItem[]>(`${RUNNING_INFO}/getRunninginfo`, { query: { deviceId, hostid }, signal });
}

/** The last 20 points of one item. */
export function getRunningHistory(
  deviceId: number,
  item: Pick<RunningItem, 'itemid' | 'value_type'>,
  signal?: AbortSignal,
): Promise<HistoryPoint[]> {
  return http.get<HistoryPoint[]>(`${RUNNING_INFO}/getRunninginfos`, {
    query: { deviceId, itemid: item.itemid, value_type: item.value_type },
    signal,
  });
}

/** The latest 30 online/offline points of a device. */
export function getOnlineChart(deviceId: number, signal?: AbortSignal): Promise<HistoryPoint[]> {
  return http.get<HistoryPoint[]>(`${RUNNING_INFO}/getOnlineChart`, { query: { deviceId }, signal });
}

/** Battery, CPU, memory and disks last reported by an Agent/Android device. */
export function getEloDeviceStatistic(deviceId: number, signal?: AbortSignal): Promise<EloDeviceStatistic> {
  return http.get<EloDeviceStatistic>(`${RUNNING_INFO}/getEloDeviceStatistic`, {
    query: { deviceId },
    signal,
  });
}

/** Asks the device's box to ping an address now; fails with a clear message when the box is offline. */
export function pingDevice(deviceId: number, ipAddress: string): Promise<PingResult> {
  return http.post<PingResult>(`${DEVICE_API}/queryAnswer/pingIp`, { query: { deviceId, ipAddress } });
}

/** One page of a device's syslog lines, optionally within a date-time range. */
export function listDeviceLog(query: Params, signal?: AbortSignal): Promise<PagedResult<DeviceSyslog>> {
  return http.get<PagedResult<DeviceSyslog>>(`${DEVICE_API}/syslog/listDeviceLog`, { query, signal });
}

/** The URL of the device-status event stream; EventSource cannot send headers, so the token rides along. */
/** The live-updates stream; `companyId`: the company an agent-platform admin looks at. */
export function deviceEventsUrl(token: string, companyId?: string | null): string {
  return `${DEVICE_API}/events?${encodeParams({ token, companyId }).toString()}`;
}

const LEVEL_CONFIG = '/api/user-service/levelConfig';

/** The region → province → city tree of the caller's scope. */
export function listLevelTree(signal?: AbortSignal): Promise<RegionLevelTreeNode[]> {
  return http.get<RegionLevelTreeNode[]>(`${LEVEL_CONFIG}/listLevelTree`, { signal });
}

/**
 * Every store in the caller's scope, found through the level tree: the stores at or below each region.
 * (store/list needs the store module; the level calls are open to every module that picks stores.)
 */
export async function listScopeStores(signal?: AbortSignal): Promise<Store[]> {
  const regions = await listLevelTree(signal);
  if (regions.length === 0) return [];
  const ids = regions.map((r) => r.id).join(',');
  return http.get<Store[]>(`${LEVEL_CONFIG}/listStoreMulti/${ids}`, { signal });
}
