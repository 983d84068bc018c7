/**
 * The company's alert records (spec §3 "Alert record") as the alert overview lists them, their counts,
 * the operator's actions on them (acknowledge, close) and the dynamic monitor log. Calls the spec does
 * not show, designed in its style under /api/device-service/aibox/alert (issue 11 "Pages").
 */
import { z } from 'zod';

import { intFromQuery, PageQuery } from '../paging';
import {
  commaList,
  dateTimeString,
  idParam,
  optionalFilter,
  regionPicks,
  textFilter as text,
} from '../query';

const intIn = (min: number, max: number) =>
  intFromQuery.pipe(
    z.number().int().min(min, `must be ${min} to ${max}`).max(max, `must be ${min} to ${max}`),
  );

/** Filters of the record list, shared with its counts and its export (so all three agree). */
export const AlertRecordFilter = z.object({
  /** ALERTPRIORITY level 1–5. */
  severity: optionalFilter(intIn(1, 5)),
  /** 0 unresolved, 1 recovered (AlertRecordStatus). */
  status: optionalFilter(intIn(0, 1)),
  /** Region cascader, like listDevices: level ids and store ids, comma-joined. */
  ...regionPicks,
  shopId: optionalFilter(idParam),
  deviceId: optionalFilter(idParam),
  deviceCategory: text,
  deviceClass: text,
  /** Alert time range (YYYY-MM-DD HH:mm:ss, both ends included). */
  startTime: optionalFilter(dateTimeString),
  endTime: optionalFilter(dateTimeString),
});
export type AlertRecordFilter = z.infer<typeof AlertRecordFilter>;

/** GET listAlertRecords (paged): open records first (newest first), then history (newest first). */
export const AlertRecordListQuery = AlertRecordFilter.extend(PageQuery.shape);
export type AlertRecordListQuery = z.infer<typeof AlertRecordListQuery>;

/** One alert record: the spec's fields, plus what the overview needs. */
export const AlertRecord = z.object({
  id: z.number(),
  uuid: z.string(),
  alertTime: z.string(),
  recoveryTime: z.string().nullable(),
  /** 0 unresolved, 1 ended (recovered, or closed by hand: closedBy set). */
  status: z.number(),
  /** The rule's name when it fired. */
  name: z.string(),
  ruleId: z.number(),
  severity: z.number(),
  severityName: z.string(),
  /** The value that fired it and the rule's threshold then. */
  value: z.number(),
  triggerValue: z.number(),
  deviceId: z.number(),
  deviceName: z.string().nullable(),
  assetNo: z.string().nullable(),
  model: z.string().nullable(),
  deviceCategory: z.string().nullable(),
  deviceClass: z.string().nullable(),
  categoryName: z.string().nullable(),
  categoryNameEn: z.string().nullable(),
  className: z.string().nullable(),
  classNameEn: z.string().nullable(),
  shopId: z.number(),
  shopName: z.string(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  ackNote: z.string().nullable(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The record (of the store's box) this one is held under while the box is down; null when not held. */
  suppressedBy: z.number().nullable(),
});
export type AlertRecord = z.infer<typeof AlertRecord>;

/** GET getAlertRecordCounts: counts over the filtered records, by level and by status. */
export const AlertRecordCounts = z.object({
  total: z.number(),
  unresolved: z.number(),
  recovered: z.number(),
  /** Open records per level (1–5). */
  bySeverity: z.array(z.object({ severity: z.number(), num: z.number() })),
});
export type AlertRecordCounts = z.infer<typeof AlertRecordCounts>;

/** GET getOpenAlertCount: what the header badge shows. */
export const OpenAlertCount = z.object({ open: z.number() });
export type OpenAlertCount = z.infer<typeof OpenAlertCount>;

export const AlertRecordIdParams = z.object({ id: idParam });

/** POST acknowledge/{id}: an optional note. */
export const AlertAckBody = z.object({
  note: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(500, 'must be at most 500 characters'),
  ),
});
export type AlertAckBody = z.infer<typeof AlertAckBody>;

/** What a monitor log entry records. */
export const MONITOR_LOG_KINDS = [
  'offline',
  'online',
  'alertOpened',
  'alertRecovered',
  'alertClosed',
] as const;
export type MonitorLogKind = (typeof MONITOR_LOG_KINDS)[number];

/** GET listMonitorLog (paged), newest first. */
export const MonitorLogQuery = PageQuery.extend({
  startTime: optionalFilter(dateTimeString),
  endTime: optionalFilter(dateTimeString),
  ...regionPicks,
  shopId: optionalFilter(idParam),
  deviceId: optionalFilter(idParam),
  kind: commaList(z.enum(MONITOR_LOG_KINDS, { error: `must be one of ${MONITOR_LOG_KINDS.join(', ')}` })),
});
export type MonitorLogQuery = z.infer<typeof MonitorLogQuery>;

/** One entry: a device going offline/online, or an alert record opening/ending. */
export const MonitorLogEntry = z.object({
  /** Unique in the log: `<kind>:<source id>`. */
  key: z.string(),
  kind: z.enum(MONITOR_LOG_KINDS),
  at: z.string(),
  deviceId: z.number(),
  deviceName: z.string().nullable(),
  shopId: z.number(),
  shopName: z.string(),
  /** Alert entries: the record, its name and level. */
  recordId: z.number().nullable(),
  name: z.string().nullable(),
  severity: z.number().nullable(),
});
export type MonitorLogEntry = z.infer<typeof MonitorLogEntry>;

/** The `data` of an `alert` event on the live-updates stream. */
export const AlertLiveEvent = z.object({
  change: z.enum(['opened', 'recovered', 'closed', 'acknowledged']),
  recordId: z.number(),
  deviceId: z.number(),
  shopId: z.number(),
  at: z.string(),
});
export type AlertLiveEvent = z.infer<typeof AlertLiveEvent>;
