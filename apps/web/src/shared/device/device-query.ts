/**
 * How the device lists' filters live in the URL and become the list call's query (spec §7 listDevices).
 * Pure functions, so the mapping is tested without a browser.
 *
 * - The region filter is a list of cascader paths, each written in the URL as its steps joined by dots:
 *   level ids, and a store as `s<id>` (`region=3.17` = province 17 of region 3; `region=3.17.40.s9` =
 *   store 9). A path ending in a store adds to shopIdStr; otherwise its depth (1 region, 2 province,
 *   3 city) picks areaLevelListStr, provinceLevelListStr or cityLevelListStr. The call gets the last
 *   id of each path, comma-joined.
 * - The category filter is `deviceCategory` (large) with an optional `deviceClass` (small).
 * - Empty values are never sent.
 */
import type { DeviceEndpoints, QueryInput } from '@storefleet/contracts';

import type { FilterSpec, FilterValues, ListParams } from '../list';
import { withoutPaging } from '../list/list-query';
import { STORE_STEP } from '../org/region-path';

/** The query of `listDevices`, and of the counts calls (the same filters, no paging). */
export type DeviceListCallQuery = QueryInput<typeof DeviceEndpoints.listDevices>;
export type DeviceCountCallQuery = QueryInput<typeof DeviceEndpoints.getDeviceStatus>;

/** The filters every device list offers. */
export const DEVICE_FILTERS = {
  region: 'list',
  deviceCategory: 'text',
  deviceClass: 'text',
  deviceName: 'text',
  deviceSn: 'text',
  macAddress: 'text',
  intranetIp: 'text',
  model: 'text',
  assetNo: 'text',
  onlineStatus: 'text',
  propertyType: 'text',
} as const satisfies FilterSpec;
export type DeviceFilters = FilterValues<typeof DEVICE_FILTERS>;
/** A device list's URL state: its filters, page and sort. */
export type DeviceListParams = ListParams<typeof DEVICE_FILTERS>;

/** Columns the device list sorts by (a subset of the contract's DEVICE_SORT_FIELDS). */
export const DEVICE_LIST_SORT_FIELDS = [
  'shopName',
  'deviceName',
  'model',
  'intranetIp',
  'macAddress',
  'deviceOnlineStatus',
  'deviceOnlineTime',
  'state',
] as const;

/*
 * No default sort: a list sends sortBy only when the user picks a column, so the server's own default
 * order applies otherwise — problems first (offline, then alerting, then the rest; issue 10).
 */

/** A cascader path: level ids from the region down, optionally ending in a store (`s<id>`). */
export type RegionPath = readonly string[];

const LEVEL_KEYS = ['areaLevelListStr', 'provinceLevelListStr', 'cityLevelListStr'] as const;
type RegionKey = (typeof LEVEL_KEYS)[number] | 'shopIdStr';
const LEVEL_STEP = /^[1-9]\d*$/;

/** Reads one URL region entry (`3.17`, `3.17.40.s9`); anything malformed is ignored (null). */
export function parseRegionPath(text: string): RegionPath | null {
  const steps = text.split('.');
  const last = steps[steps.length - 1] ?? '';
  const levels = STORE_STEP.test(last) ? steps.slice(0, -1) : steps;
  if (levels.length > LEVEL_KEYS.length || !levels.every((s) => LEVEL_STEP.test(s))) return null;
  if (levels.length === 0 && !STORE_STEP.test(last)) return null;
  return steps;
}

/** Writes a cascader path as one URL region entry. */
export function formatRegionPath(path: readonly (string | number)[]): string {
  return path.map(String).join('.');
}

/** Splits region paths into the call's four comma-joined sets; sets left empty are not sent. */
export function regionQuery(paths: readonly RegionPath[]): Partial<Record<RegionKey, string>> {
  const sets: Record<RegionKey, string[]> = {
    areaLevelListStr: [],
    provinceLevelListStr: [],
    cityLevelListStr: [],
    shopIdStr: [],
  };
  for (const path of paths) {
    const last = path[path.length - 1];
    if (last === undefined) continue;
    const store = STORE_STEP.exec(last);
    const key: RegionKey | undefined = store ? 'shopIdStr' : LEVEL_KEYS[path.length - 1];
    const id = store ? store[1] : last;
    if (key === undefined || id === undefined) continue;
    if (!sets[key].includes(id)) sets[key].push(id);
  }
  const out: Partial<Record<RegionKey, string>> = {};
  for (const [key, ids] of Object.entries(sets) as [RegionKey, string[]][])
    if (ids.length > 0) out[key] = ids.join(',');
  return out;
}

/** What each device list adds of its own: monitored=1, monitored=0, isNetworkDevice=1, queryType=1 … */
export type DeviceListScope = Pick<DeviceCountCallQuery, 'monitored' | 'isNetworkDevice' | 'queryType'>;
type TextFilter = Exclude<keyof typeof DEVICE_FILTERS, 'region'>;

/**
 * Turns a device list's URL state into the listDevices query: region paths into comma-joined sets,
 * text trimmed, empty values dropped, the page's own fixed filters applied last so a URL cannot
 * override them.
 */
export function deviceListQuery(
  params: Partial<ListParams<typeof DEVICE_FILTERS>>,
  scope: DeviceListScope,
): DeviceListCallQuery {
  const { region, pageNum, pageSize, sortBy, sortDirection, ...text } = params;
  const paths = (region ?? []).map(parseRegionPath).filter((p): p is RegionPath => p !== null);
  const out: DeviceListCallQuery = { ...regionQuery(paths) };
  for (const name of Object.keys(text) as TextFilter[]) {
    const value = text[name];
    if (typeof value === 'string' && value.trim() !== '') out[name] = value.trim();
  }
  // A small category means nothing without its large one.
  if (out.deviceClass !== undefined && out.deviceCategory === undefined) delete out.deviceClass;
  if (pageNum !== undefined) out.pageNum = pageNum;
  if (pageSize !== undefined) out.pageSize = pageSize;
  if (sortBy && sortDirection) {
    out.sortBy = sortBy;
    out.sortDirection = sortDirection;
  }
  for (const name of Object.keys(scope) as (keyof DeviceListScope)[]) {
    const value = scope[name];
    if (value !== undefined && value !== null) out[name] = value;
  }
  return out;
}

/** The counts calls take the list's filters without paging or sorting. */
export function deviceCountQuery(
  params: Partial<ListParams<typeof DEVICE_FILTERS>>,
  scope: DeviceListScope,
): DeviceCountCallQuery {
  return withoutPaging(deviceListQuery(params, scope));
}

/** URL filter values → filter-form values (region paths as arrays, category as one cascader value). */
export function deviceFilterFormValues(filters: Record<string, unknown>): Record<string, unknown> {
  const { region, deviceCategory, deviceClass, ...rest } = filters;
  const entries = Array.isArray(region) ? region.filter((r): r is string => typeof r === 'string') : [];
  return {
    ...rest,
    region: entries
      .map(parseRegionPath)
      .filter((p): p is RegionPath => p !== null)
      .map((p) => [...p]),
    category: [deviceCategory, deviceClass].filter((c): c is string => typeof c === 'string' && c !== ''),
  };
}

/** Filter-form values → URL filter values. */
export function deviceFilterFromForm(values: Record<string, unknown>): Record<string, unknown> {
  const { region, category, ...rest } = values;
  const paths = Array.isArray(region) ? region.filter(Array.isArray) : [];
  const pair = Array.isArray(category) ? category.map(String) : [];
  return {
    ...rest,
    region: paths.map((p: unknown[]) => formatRegionPath(p.map(String))),
    deviceCategory: pair[0],
    deviceClass: pair[1],
  };
}
