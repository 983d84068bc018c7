/**
 * Alert rules (spec §3 "Alert rule", §4, §7 prefix /api/device-service/aibox/alert). A rule belongs to
 * one company and applies to that company's monitored devices of its product types (all when none),
 * connect type and category/class when given, in its stores and regions (the whole company when
 * none). It fires when its trigger item's value has compared true with triggerValue for holdSeconds,
 * and recovers past recoveryValue (hysteresis; triggerValue when not set). Issue 11 added
 * productTypes, shopIds, areaIds, holdSeconds and recoveryValue; the spec's productType and
 * connectType are still accepted (docs/decisions/alerting.md "Rules").
 */
import { z } from 'zod';

import { intFromQuery, PageQuery } from '../paging';
import { idParam, optionalFilter } from '../query';
import { TRIGGER_TYPES } from './trigger-types';

const intIn = (min: number, max: number) =>
  intFromQuery.pipe(
    z.number().int().min(min, `must be ${min} to ${max}`).max(max, `must be ${min} to ${max}`),
  );
const text = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalCode = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string().trim().max(64, 'must be at most 64 characters').nullable(),
);

/** An optional number: empty, null or absent → null. */
function nullableInt<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());
}

/** A list of numbers sent as an array or comma-joined; absent → []. Duplicates are dropped. */
function idList<T extends z.ZodType<number>>(item: T) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      const parts = Array.isArray(v) ? v : String(v).split(',');
      return parts.filter((p) => p !== '' && p !== null);
    },
    z
      .array(item)
      .max(1000, 'must hold at most 1000 values')
      .transform((list) => [...new Set(list)].sort((a, b) => a - b)),
  );
}

export const TRIGGER_TYPE_VALUES = TRIGGER_TYPES.map((t) => t.value);

/** POST addAlertRule body (spec §3 "Alert rule (sent on add/update)"). */
export const AlertRuleBody = z.object({
  /** ALERTPRIORITY dictionary code, 1 information … 5 disaster. */
  alertLevel: intIn(1, 5),
  alertName: text(64),
  /** 1 warehouse network, 2 warehouse device (AlertType). */
  alertType: intIn(1, 2),
  /** ConnectType 1–5 (the spec's forms name 1–3; Ping and EAgent get rules too); empty: any. */
  connectType: nullableInt(intIn(1, 5)),
  /** The spec's one ProductType code; with productTypes it must be one of them. */
  productType: nullableInt(intIn(1, 13)),
  /** ProductType codes the rule applies to; empty: every product type. Wins over productType. */
  productTypes: idList(intIn(1, 13)),
  /** stores.id the rule is limited to … */
  shopIds: idList(idParam),
  /** … and level_configs ids (region, province or city: every store below); both empty: the whole company. */
  areaIds: idList(idParam),
  /** Seconds the condition must hold before a record opens ("offline for 3 minutes": 180). */
  holdSeconds: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    intFromQuery.pipe(z.number().int().min(0, 'must be 0 to 86400').max(86_400, 'must be 0 to 86400')),
  ),
  /** The value an open record recovers past (GT: below it, LT: above it); empty: triggerValue. */
  recoveryValue: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: 'must be a number' }).finite('must be a finite number').nullable(),
  ),
  triggerOperator: z.enum(['EQ', 'LT', 'GT'], { error: 'must be EQ, LT or GT' }),
  triggerType: intFromQuery.pipe(
    z
      .number()
      .int()
      .refine((v) => TRIGGER_TYPE_VALUES.includes(v as never), 'is not a known trigger type'),
  ),
  triggerValue: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: 'must be a number' }).finite('must be a finite number'),
  ),
  /** Large category code; empty: any category (then deviceClass must be empty too). */
  deviceCategory: optionalCode,
  /** Small category code; empty: every class of the category. */
  deviceClass: optionalCode,
});
export type AlertRuleBody = z.infer<typeof AlertRuleBody>;

/** POST updateAlertRule body: the rule with its id. */
export const AlertRuleUpdateBody = AlertRuleBody.extend({ id: idParam });
export type AlertRuleUpdateBody = z.infer<typeof AlertRuleUpdateBody>;

/** GET listAlertRules query (paged). companyId is honoured for platform users only. */
export const ListAlertRulesQuery = PageQuery.extend({
  alertLevel: optionalFilter(intIn(1, 5)),
  alertName: optionalFilter(z.string().trim().max(64)),
  alertType: optionalFilter(intIn(1, 2)),
  companyId: optionalFilter(idParam),
  connectType: optionalFilter(intIn(1, 5)),
  id: optionalFilter(idParam),
  productType: optionalFilter(intIn(1, 13)),
  triggerType: optionalFilter(intFromQuery.pipe(z.number().int())),
});
export type ListAlertRulesQuery = z.infer<typeof ListAlertRulesQuery>;

/** Alert rule (listed). status: 1 enabled, 0 disabled (AlertRuleStatus). */
export const AlertRule = z.object({
  id: z.number(),
  companyId: z.number(),
  alertLevel: z.number(),
  alertLevelName: z.string(),
  alertName: z.string(),
  alertType: z.number(),
  alertTypeName: z.string(),
  /** null: any connect type (name: 不限 / Any). */
  connectType: z.number().nullable(),
  connectTypeName: z.string(),
  /** The one product type when the rule names exactly one, else null (see productTypes). */
  productType: z.number().nullable(),
  /** The product types' names joined (全部 / All when productTypes is empty). */
  productTypeName: z.string(),
  /** [] = every product type. */
  productTypes: z.array(z.number()),
  /** [] both = the whole company. */
  shopIds: z.array(z.number()),
  areaIds: z.array(z.number()),
  holdSeconds: z.number(),
  /** null: recovers past triggerValue. */
  recoveryValue: z.number().nullable(),
  triggerOperator: z.enum(['EQ', 'LT', 'GT']),
  triggerType: z.number(),
  triggerTypeName: z.string(),
  /** The trigger's metric item key (running info itemid). */
  triggerId: z.string(),
  triggerValue: z.number(),
  unit: z.string(),
  deviceCategory: z.string().nullable(),
  deviceClass: z.string().nullable(),
  status: z.number(),
});
export type AlertRule = z.infer<typeof AlertRule>;

/** GET update/{id}/status?status=0|1. */
export const AlertRuleStatusQuery = z.object({
  status: intFromQuery.pipe(z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' })),
});
export type AlertRuleStatusQuery = z.infer<typeof AlertRuleStatusQuery>;

/** GET getAlertType: the alert types (code 1 network, 2 device). */
export const AlertTypeItem = z.object({ code: z.number(), name: z.string() });
export type AlertTypeItem = z.infer<typeof AlertTypeItem>;

/** GET getAlertItems?alertTypeCode=&productId=: the trigger types offered for that alert type (required, spec §7). */
export const AlertItemsQuery = z.object({
  alertTypeCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), intIn(1, 2)),
  productId: optionalFilter(intIn(1, 13)),
});
export type AlertItemsQuery = z.infer<typeof AlertItemsQuery>;

export const AlertItem = z.object({
  triggerType: z.number(),
  name: z.string(),
  itemKey: z.string(),
  unit: z.string(),
  alertType: z.number(),
});
export type AlertItem = z.infer<typeof AlertItem>;
