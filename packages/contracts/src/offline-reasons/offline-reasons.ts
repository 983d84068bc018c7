/**
 * Offline reasons (spec §3 "Offline reason record", §7 "Offline reasons"): why a device dropped off
 * and what was done, entered by a person from the device details page or an alert record. Reason
 * types are a dictionary the company can extend: six built-in types (OFFLINE_REASON_TYPES, the same
 * for every company) plus the company's own (codes `c<id>`, added, renamed and disabled with
 * `saveOfflineReasonType`). Design: docs/decisions/forecast.md "Offline reasons".
 */
import { z } from 'zod';

import { cleanDeviceText } from '../agent-values';
import { defineEnum, type Label } from '../labels';
import { intFromQuery } from '../paging';
import { dateTimeString, idParam, optionalFilter, regionPicks } from '../query';
import { usageDate } from '../usage/usage';

/** The built-in reason types, in the order the form offers them. */
export const OFFLINE_REASON_TYPES: ReadonlyArray<{ code: string; label: Label }> = [
  { code: 'power', label: { zh: '停电', en: 'Power outage' } },
  { code: 'network', label: { zh: '运营商/网络故障', en: 'ISP / network' } },
  { code: 'store_closed', label: { zh: '门店闭店', en: 'Store closed' } },
  { code: 'hardware', label: { zh: '硬件故障', en: 'Hardware fault' } },
  { code: 'human', label: { zh: '人为操作', en: 'Human error' } },
  { code: 'other', label: { zh: '其他', en: 'Other' } },
];

/** Longest reason and treatment text, and handler name, in characters. */
export const OFFLINE_REASON_TEXT_MAX = 500;
export const OFFLINE_REASON_HANDLER_MAX = 64;
/** Most records one save takes. */
export const OFFLINE_REASON_BATCH_MAX = 100;

/** Free text as stored: NUL and lone surrogates cleaned as device text is (cleanDeviceText), trimmed. */
export function cleanReasonText(text: string): string {
  return cleanDeviceText(text).trim();
}
const cleanText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanReasonText(v) : v),
    z.string({ error: 'is required' }).max(max, `must be at most ${max} characters`),
  );

/** One record of a save: with `id` it replaces that record, without it adds one. */
export const OfflineReasonInput = z.object({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idParam.optional()),
  deviceId: idParam,
  /** The drop time, `YYYY-MM-DD HH:mm:ss`. */
  createTime: dateTimeString,
  reasonTypeCode: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(32, 'must be at most 32 characters'),
  reason: cleanText(OFFLINE_REASON_TEXT_MAX).pipe(z.string().min(1, 'is required')),
  treatmentMethod: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    cleanText(OFFLINE_REASON_TEXT_MAX),
  ),
  /** Who handled it (free text; the signed-in user's name when empty). */
  createBy: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    cleanText(OFFLINE_REASON_HANDLER_MAX),
  ),
});
export type OfflineReasonInput = z.infer<typeof OfflineReasonInput>;

/**
 * POST saveOrUpdateDeviceOfflineReason body: the spec's list of records (also accepted as `{ records }`,
 * the shape the schema tools read), saved all or nothing.
 */
export const SaveOfflineReasonsBody = z.preprocess(
  (v) => (Array.isArray(v) ? { records: v } : v),
  z.object({
    records: z
      .array(OfflineReasonInput)
      .min(1, 'must hold at least one item')
      .max(OFFLINE_REASON_BATCH_MAX, `must hold at most ${OFFLINE_REASON_BATCH_MAX} items`),
  }),
);
export type SaveOfflineReasonsBody = z.infer<typeof SaveOfflineReasonsBody>;

/** A stored record as replied (spec §3), plus the device's store and who entered it when. */
export const OfflineReasonSchema = z.object({
  id: z.number(),
  deviceId: z.number(),
  shopId: z.number(),
  createBy: z.string(),
  createTime: z.string(),
  reason: z.string(),
  treatmentMethod: z.string(),
  reasonTypeCode: z.string(),
  reasonTypeName: z.string(),
  /** The console user who last saved it, and when. */
  updateBy: z.string(),
  updateTime: z.string(),
});
export type OfflineReason = z.infer<typeof OfflineReasonSchema>;

export const OfflineReasonDeviceParams = z.object({ deviceId: idParam });

/** Whether a reason type is offered in the form; a disabled type's records keep their name. */
export const OfflineReasonTypeStatus = defineEnum([
  { value: 0, name: 'DISABLED', label: { zh: '停用', en: 'Disabled' } },
  { value: 1, name: 'ENABLED', label: { zh: '启用', en: 'Enabled' } },
] as const);

/** A reason type as listed: the dictionary item shape (spec §3) plus whether it is built in. */
export const OfflineReasonTypeSchema = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** 1 offered in the form, 0 disabled (its records keep their name). */
  status: z.number(),
  builtIn: z.boolean(),
});
export type OfflineReasonType = z.infer<typeof OfflineReasonTypeSchema>;

/** GET getDeviceOfflineReasonTypeList query: `all=1` lists disabled company types too (the type editor). */
export const OfflineReasonTypeListQuery = z.object({
  all: optionalFilter(intFromQuery.pipe(z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' }))),
});

const typeName = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanReasonText(v) : v),
    z.string({ error: 'is required' }).min(1, 'is required').max(max, `must be at most ${max} characters`),
  );

/** POST saveOfflineReasonType body: without `code` adds a company type; with one renames or disables it. */
export const SaveOfflineReasonTypeBody = z.object({
  code: optionalFilter(z.string().trim().max(32, 'must be at most 32 characters')),
  name: typeName(32),
  /** English name; the Chinese name when empty. */
  nameEn: optionalFilter(typeName(64)),
  status: optionalFilter(
    intFromQuery.pipe(z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' })),
  ),
});
export type SaveOfflineReasonTypeBody = z.infer<typeof SaveOfflineReasonTypeBody>;

/** POST report/topReasons body: drop times within [startTime, endTime] (dates), places as the forecast query. */
export const TopReasonsBody = z.object({
  startTime: usageDate,
  endTime: usageDate,
  ...regionPicks,
});
export type TopReasonsBody = z.infer<typeof TopReasonsBody>;

/** One region's reasons, most frequent first; `total` is the region's record count. */
export const RegionReasonsSchema = z.object({
  areaId: z.number().nullable(),
  areaName: z.string(),
  total: z.number(),
  reasons: z.array(z.object({ reasonTypeCode: z.string(), reasonTypeName: z.string(), num: z.number() })),
});
export type RegionReasons = z.infer<typeof RegionReasonsSchema>;

export const TopReasonsSchema = z.object({
  startTime: z.string(),
  endTime: z.string(),
  regions: z.array(RegionReasonsSchema),
});
export type TopReasons = z.infer<typeof TopReasonsSchema>;
