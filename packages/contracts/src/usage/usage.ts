/**
 * Device usage (spec §3 "Device usage row", "Counts"; §7 "Usage and reports"): the list of daily
 * usage rows, its export, and the area/city/store reports. Design: docs/decisions/usage.md.
 *
 * - A usage row is one device's one day (`statisticsDate`, YYYY-MM-DD, server time zone): its online
 *   and offline time in that day's measured span (the whole day, or the store's opening hours) and
 *   `usageRate`, online over the span in percent (0–100, 2 decimals). Today's row, when the range
 *   reaches today, is "today so far" (`type` 1, UsageRowType.TODAY).
 * - Date range: `startTime`/`endTime` as YYYY-MM-DD (a date-time is cut to its date). Missing end:
 *   today; missing start: 6 days before the end (a week). At most USAGE_MAX_RANGE_DAYS days.
 */
import { z } from 'zod';

import { DeviceFilter } from '../device/device-list';
import { defineEnum } from '../labels';
import { PageQuery } from '../paging';
import { idParam, listOrder, optionalFilter, textFilter as text } from '../query';

/** The longest date range a usage call covers, in days (both ends included). */
export const USAGE_MAX_RANGE_DAYS = 366;
/** Days a range covers when only its end (or nothing) is given. */
export const USAGE_DEFAULT_RANGE_DAYS = 7;

/** A usage row's kind: a whole computed day, or today so far (computed on demand). */
export const UsageRowType = defineEnum([
  { value: 0, name: 'DAY', label: { zh: '整日', en: 'Whole day' } },
  { value: 1, name: 'TODAY', label: { zh: '今日截至当前', en: 'Today so far' } },
] as const);

/** A date, or a date-time cut to its date (the console sends either). */
export const usageDate = optionalFilter(
  z
    .string()
    .trim()
    .transform((v) => v.slice(0, 10))
    .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')),
);

/** Fields the usage list may be sorted by (reply field names). */
export const USAGE_SORT_FIELDS = [
  'statisticsDate',
  'usageRate',
  'onlineTime',
  'offlineTime',
  'deviceId',
  'deviceName',
  'deviceSn',
  'assetNo',
  'shopName',
] as const;
export type UsageSortField = (typeof USAGE_SORT_FIELDS)[number];

/**
 * The filters of `listDeviceUsages` and `exportDeviceData` (spec §7): the device list's filters
 * (place, category, text, flags) plus the spec's extra ones, and the date range.
 */
export const UsageFilter = DeviceFilter.omit({ sortBy: true, sortDirection: true }).extend({
  companyId: optionalFilter(idParam),
  connectType: optionalFilter(z.coerce.number().int('must be a whole number').min(1).max(5)),
  extranetIp: text,
  parentDeviceId: optionalFilter(idParam),
  /** The device's state (reading A): 0 unregistered, 1 enabled, 2 disabled. */
  status: optionalFilter(z.coerce.number().int('must be a whole number').min(0).max(2)),
  startTime: usageDate,
  endTime: usageDate,
  ...listOrder(USAGE_SORT_FIELDS),
});
export type UsageFilter = z.infer<typeof UsageFilter>;

/** `GET listDeviceUsages` (paged). */
export const UsageListQuery = UsageFilter.extend(PageQuery.shape);
export type UsageListQuery = z.infer<typeof UsageListQuery>;

/** `POST exportDeviceData`: the list's filters and order, no paging (JSON or form body). */
export const UsageExportBody = UsageFilter;
export type UsageExportBody = z.infer<typeof UsageExportBody>;

/** One device's one day (spec §3 Device usage row), plus the names the page shows. */
export const DeviceUsageRowSchema = z.object({
  deviceId: z.number(),
  deviceName: z.string(),
  deviceSn: z.string().nullable(),
  assetNo: z.string().nullable(),
  productId: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  statisticsDate: z.string(),
  /** UsageRowType: 0 whole day, 1 today so far. */
  type: z.number(),
  /** Online time in the measured span, in minutes (rounded). */
  onlineTime: z.number(),
  /** Offline time in the measured span, in minutes (rounded). */
  offlineTime: z.number(),
  /** Online over the measured span, percent 0–100 with 2 decimals. */
  usageRate: z.number(),
  deviceCategory: z.string().nullable(),
  /** Large category name (caller's language). */
  categoryName: z.string().nullable(),
  deviceClass: z.string().nullable(),
  /** Small category name (caller's language). */
  className: z.string().nullable(),
  propertyType: z.string().nullable(),
  propertyTypeName: z.string().nullable(),
});
export type DeviceUsageRow = z.infer<typeof DeviceUsageRowSchema>;

/** A list of ids: an array, or comma-joined text (a form-encoded body). Missing: empty. */
const idList = z.preprocess(
  (v) =>
    v === undefined || v === null
      ? []
      : typeof v === 'string'
        ? v.split(',').filter((s) => s.trim() !== '')
        : v,
  z.array(idParam).max(1000, 'must hold at most 1000 values'),
);

/** The body every report takes (spec §7): a small category, the date range and the figure kind. */
export const UsageReportBody = z.object({
  /** Only devices of this small category (optional). */
  deviceClass: text,
  startTime: usageDate,
  endTime: usageDate,
  /** Empty: rates (see the endpoint summaries); any non-empty value: totals. */
  type: optionalFilter(z.union([z.string().trim().max(16), z.number()])),
});
export type UsageReportBody = z.infer<typeof UsageReportBody>;

/** `city/report(/num)`: the cities to report, listed or by their provinces (at least one id). */
export const CityUsageReportBody = UsageReportBody.extend({
  cityLevelList: idList,
  provinceLevelList: idList,
}).refine((b) => b.cityLevelList.length + b.provinceLevelList.length > 0, {
  message: 'must hold at least one item',
  path: ['cityLevelList'],
});
export type CityUsageReportBody = z.infer<typeof CityUsageReportBody>;

/** `stash/report(/num)`: the stores to report and the large category to break down by small class. */
export const StoreUsageReportBody = UsageReportBody.extend({
  deviceCategory: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64),
  shopIds: idList.pipe(z.array(z.number()).min(1, 'must hold at least one item')),
});
export type StoreUsageReportBody = z.infer<typeof StoreUsageReportBody>;

/** Usage by category (spec §3 Counts). */
export const CategoryUsageSchema = z.object({
  categoryId: z.string(),
  categoryName: z.string(),
  num: z.number(),
  rate: z.number(),
});
export type CategoryUsage = z.infer<typeof CategoryUsageSchema>;

/** Usage by area (spec §3 Counts): one region, city or store with its category breakdown. */
export const AreaUsageSchema = z.object({
  areaId: z.number(),
  areaName: z.string(),
  categoryList: z.array(CategoryUsageSchema),
  num: z.number(),
  rate: z.number(),
});
export type AreaUsage = z.infer<typeof AreaUsageSchema>;

/** Whether a report body asks for totals (`type` non-empty) rather than rates. */
export function wantsTotals(body: Pick<UsageReportBody, 'type'>): boolean {
  return body.type !== undefined && String(body.type).trim() !== '';
}
