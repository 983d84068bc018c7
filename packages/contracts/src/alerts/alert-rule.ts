/**
 * Alert rules (spec §3 "Alert rule", §4, §7 prefix /api/device-service/aibox/alert). A rule belongs to
 * one company and applies to that company's monitored devices of its connect type and product type
 * (and category/class when given); it fires when the newest value of its trigger item compares true
 * with triggerValue, and recovers when it no longer does.
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

export const TRIGGER_TYPE_VALUES = TRIGGER_TYPES.map((t) => t.value);

/** POST addAlertRule body (spec §3 "Alert rule (sent on add/update)"). */
export const AlertRuleBody = z.object({
  /** ALERTPRIORITY dictionary code, 1 information … 5 disaster. */
  alertLevel: intIn(1, 5),
  alertName: text(64),
  /** 1 warehouse network, 2 warehouse device (AlertType). */
  alertType: intIn(1, 2),
  /** ConnectType 1–5 (the spec's forms name 1–3; Ping and EAgent devices get rules too). */
  connectType: intIn(1, 5),
  /** ProductType code of the devices the rule applies to. */
  productType: intIn(1, 13),
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
  /** Large category code (required, like on devices). */
  deviceCategory: text(64),
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
  connectType: z.number(),
  connectTypeName: z.string(),
  productType: z.number(),
  productTypeName: z.string(),
  triggerOperator: z.enum(['EQ', 'LT', 'GT']),
  triggerType: z.number(),
  triggerTypeName: z.string(),
  /** The trigger's metric item key (running info itemid). */
  triggerId: z.string(),
  triggerValue: z.number(),
  unit: z.string(),
  deviceCategory: z.string(),
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

/** GET getAlertItems?alertTypeCode=&productId=: the trigger types offered for that alert type. */
export const AlertItemsQuery = z.object({
  alertTypeCode: optionalFilter(intIn(1, 2)),
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
