/**
 * The usage list's URL state (device/device-use-list.html): the device lists' filters (device-query.ts:
 * region paths, category, text) plus the date range `startTime`/`endTime`, turned into the
 * `listDeviceUsages` query; the export sends the same filters and order as its body.
 */
import type { BodyInput, QueryInput, UsageEndpoints } from '@storefleet/contracts';
import {
  DEVICE_FILTERS,
  deviceFilterFormValues,
  deviceFilterFromForm,
  deviceListQuery,
} from '@/shared/device/device-query';
import type { FilterSpec, ListParams, ListSort } from '@/shared/list';
import { type DayRange, lastDays, parseRange } from './date-range';

export type UsageListCallQuery = QueryInput<typeof UsageEndpoints.listDeviceUsages>;
export type UsageExportCallBody = BodyInput<typeof UsageEndpoints.exportDeviceData>;

export const USAGE_FILTERS = {
  ...DEVICE_FILTERS,
  startTime: 'text',
  endTime: 'text',
} as const satisfies FilterSpec;
export type UsageListParams = ListParams<typeof USAGE_FILTERS>;

/** Columns the usage list sorts by (the contract's USAGE_SORT_FIELDS). */
export const USAGE_LIST_SORT_FIELDS = [
  'statisticsDate',
  'usageRate',
  'onlineTime',
  'offlineTime',
  'deviceName',
  'shopName',
] as const;
export const USAGE_DEFAULT_SORT: ListSort = { sortBy: 'statisticsDate', sortDirection: 'desc' };

/** URL state → the list call's query (a malformed date range is left to the server's default week). */
export function usageListQuery(params: Partial<UsageListParams>): UsageListCallQuery {
  const { startTime, endTime, ...device } = params;
  const out: UsageListCallQuery = { ...deviceListQuery(device, {}) };
  const range = parseRange(startTime, endTime);
  if (range) {
    out.startTime = range[0];
    out.endTime = range[1];
  }
  return out;
}

/** The export's body: the list's filters and order, no paging. */
export function usageExportBody(params: Partial<UsageListParams>): UsageExportCallBody {
  const { pageNum: _n, pageSize: _s, ...query } = usageListQuery(params);
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) body[key] = value;
  return body as UsageExportCallBody;
}

/**
 * URL filters → form values: the device filters', plus `range` as a pair of days. With no (or a half
 * or malformed) range in the URL the list call sends none and the server takes the last 7 days up to
 * today (spec §7), so the form shows those: what the picker says is what the rows cover.
 */
export function usageFilterFormValues(
  filters: Record<string, unknown>,
  today: Date = new Date(),
): Record<string, unknown> {
  const { startTime, endTime, ...rest } = filters;
  return { ...deviceFilterFormValues(rest), range: parseRange(startTime, endTime) ?? lastDays(today) };
}

/** Form values → URL filters. */
export function usageFilterFromForm(values: Record<string, unknown>): Record<string, unknown> {
  const { range, ...rest } = values;
  const pair = Array.isArray(range) ? (range as unknown as DayRange) : null;
  return { ...deviceFilterFromForm(rest), startTime: pair?.[0], endTime: pair?.[1] };
}
