/**
 * Alert recipients (spec §3 "Alert sender", §7 `alertSend/*` under /api/user-service). A recipient is
 * a user of the company (`accountId`; its email and phone default to the user's when left empty) or
 * an outside contact (no accountId, a `name`), with its send types (0 SMS, 1 email, 2 phone call), the
 * stores (`shopId`) and whole levels (`areaCodes`: region, province or city ids — every store below,
 * present and future) it covers, and the lowest alert level it wants (`minLevel`, ALERTPRIORITY 1–5).
 */
import { z } from 'zod';

import { intFromQuery, PageQuery } from '../paging';
import { idParam, optionalFilter } from '../query';

/** Mainland mobile numbers (11 digits from 13x to 19x) and international numbers as `+` and 6–15 digits. */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|\+[1-9]\d{5,14})$/;
/** Spaces, hyphens, dots and brackets people type inside numbers; dropped before checking. */
const PHONE_SEPARATORS = /[\s\-().]/g;

/** A phone number as stored: separators removed. */
export function cleanPhone(text: string): string {
  return text.replace(PHONE_SEPARATORS, '');
}

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const Phone = z.preprocess(
  (v) => (typeof v === 'string' ? emptyToNull(cleanPhone(v.trim())) : emptyToNull(v)),
  z
    .string({ error: 'must be a mobile number (1xxxxxxxxxx) or an international number (+ and digits)' })
    .regex(PHONE_PATTERN, 'must be a mobile number (1xxxxxxxxxx) or an international number (+ and digits)')
    .nullable(),
);
const Email = z.preprocess(
  (v) => (typeof v === 'string' ? emptyToNull(v.trim()) : emptyToNull(v)),
  z.email('must be an email address').max(128, 'must be at most 128 characters').nullable(),
);

/** Ids sent as strings (or numbers), parsed to numbers, duplicates dropped. */
const idList = z
  .array(
    z.union([z.string(), z.number()]).transform((v, ctx) => {
      const text = String(v).trim();
      if (!/^\d{1,15}$/.test(text) || Number(text) < 1) {
        ctx.addIssue({ code: 'custom', message: 'must hold ids (digits only)' });
        return z.NEVER;
      }
      return Number(text);
    }),
    { error: 'must be a list of ids' },
  )
  .max(1000, 'must hold at most 1000 values')
  .transform((ids) => [...new Set(ids)]);

const SendTypeValue = intFromQuery.pipe(
  z.union([z.literal(0), z.literal(1), z.literal(2)], {
    error: 'must be 0 (SMS), 1 (email) or 2 (phone call)',
  }),
);

/** The languages a recipient's messages are worded in (the console's two). */
export const RECIPIENT_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type RecipientLanguage = (typeof RECIPIENT_LANGUAGES)[number];
/** A stored language as one of the recipient languages (anything else, or none: zh-CN, the default). */
export function recipientLanguage(stored: string | null | undefined): RecipientLanguage {
  return stored === 'en-US' ? 'en-US' : 'zh-CN';
}
/** 'zh' / 'en' (the server's `Lang`) of a stored recipient language. */
export function langOfRecipient(language: string | null | undefined): 'zh' | 'en' {
  return recipientLanguage(language) === 'en-US' ? 'en' : 'zh';
}

/** POST addSender body. */
export const AlertSenderBody = z.object({
  /** The company user this recipient is; empty for an outside contact. */
  accountId: z.preprocess(emptyToNull, idParam.nullable()),
  /** Name of an outside contact (required without accountId; ignored with one). */
  name: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToNull(v.trim()) : emptyToNull(v)),
    z.string().max(64, 'must be at most 64 characters').nullable(),
  ),
  email: Email,
  phone: Phone,
  sendType: z
    .array(SendTypeValue, { error: 'must be a list of send types' })
    .min(1, 'must name at least one send type')
    .transform((types) => [...new Set(types)].sort()),
  /** Store ids (sent as strings). With areaCodes: at least one store or level. */
  shopId: idList.default([]),
  /** Level ids (region, province or city) as strings: every store below them, now and later. */
  areaCodes: idList.default([]),
  /** Lowest ALERTPRIORITY level wanted (1 information … 5 disaster); 1 when not given. */
  minLevel: z.preprocess(
    emptyToNull,
    intFromQuery.pipe(z.number().int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5')).nullable(),
  ),
  /** The language its messages are worded in; zh-CN when not given. */
  language: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 'zh-CN' : v),
    z.enum(RECIPIENT_LANGUAGES, { error: 'must be zh-CN or en-US' }),
  ),
});
export type AlertSenderBody = z.infer<typeof AlertSenderBody>;

/** POST updateSender body: the recipient with its id. */
export const AlertSenderUpdateBody = AlertSenderBody.extend({ id: idParam });
export type AlertSenderUpdateBody = z.infer<typeof AlertSenderUpdateBody>;

/** GET querySender query (paged). shopId: recipients covering that store, directly or by its levels. */
export const QuerySenderQuery = PageQuery.extend({
  /** One recipient (the details and edit pages read it through the list). */
  id: optionalFilter(idParam),
  accountId: optionalFilter(idParam),
  email: optionalFilter(z.string().trim().max(128)),
  phone: optionalFilter(z.string().trim().max(32)),
  name: optionalFilter(z.string().trim().max(64)),
  sendType: optionalFilter(SendTypeValue),
  shopId: optionalFilter(idParam),
});
export type QuerySenderQuery = z.infer<typeof QuerySenderQuery>;

/** DELETE deleteSender?id=. */
export const DeleteSenderQuery = z.object({ id: idParam });
export type DeleteSenderQuery = z.infer<typeof DeleteSenderQuery>;

/** A recipient as listed. email/phone are its own (null: the user's, shown in userEmail/userPhone). */
export const AlertSender = z.object({
  id: z.number(),
  companyId: z.number(),
  accountId: z.number().nullable(),
  /** The user's account name (sign-in name); null for an outside contact. */
  accountName: z.string().nullable(),
  /** The contact's name, or the user's name. */
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  sendType: z.array(z.number()),
  minLevel: z.number(),
  /** The language its messages are worded in. */
  language: z.enum(RECIPIENT_LANGUAGES),
  shopId: z.array(z.string()),
  shops: z.array(z.object({ shopId: z.string(), shopName: z.string() })),
  areaCodes: z.array(z.string()),
  areas: z.array(z.object({ areaCode: z.string(), areaName: z.string() })),
  createBy: z.string().nullable(),
  createTime: z.string(),
  updateBy: z.string().nullable(),
  updateTime: z.string(),
});
export type AlertSender = z.infer<typeof AlertSender>;

/** GET alertSend/listAccounts: the company's active users a recipient may be (the form's user picker). */
export const AlertSenderAccount = z.object({
  id: z.number(),
  accountName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  cellphone: z.string().nullable(),
});
export type AlertSenderAccount = z.infer<typeof AlertSenderAccount>;
