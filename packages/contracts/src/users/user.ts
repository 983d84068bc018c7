/**
 * User calls under /api/user-service/user (spec §3 User, §5 user save, §7). The save body is the
 * spec's payload; fields it does not name (id on create, createBy, version, tokenVersion …) are
 * dropped by the schema, never applied.
 */
import { z } from 'zod';

import { NewPassword } from '../account';
import type { UserStatusValue, UserTypeNumber } from '../enums';
import { intFromQuery, PageQuery } from '../paging';
import { commaList, idParam, optionalFilter } from '../query';

const USER_STATUSES = ['DRAFT', 'ACTIVE', 'INACTIVE', 'EXPIRED', 'REVIEW'] as const;

/** A user status name (spec §3). */
export const UserStatusField = z.enum(USER_STATUSES, { error: `must be one of ${USER_STATUSES.join(', ')}` });

/** userType 0 to 3 (spec §5), as a number or numeric text. */
export const UserTypeField = intFromQuery.pipe(
  z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 0, 1, 2 or 3' }),
);

/** A list of ids sent as strings (spec §3: areaCodes and storeIds are lists of strings). */
const idStrings = z
  .array(
    z.union([z.string(), z.number()]).transform((v, ctx) => {
      const text = String(v).trim();
      if (!/^\d{1,15}$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: 'must hold ids (digits only)' });
        return z.NEVER;
      }
      return text;
    }),
  )
  .max(1000, 'must hold at most 1000 values');

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), text(max).nullable().optional());

const UserFields = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters'),
  userName: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    .regex(/^[A-Za-z0-9._@-]+$/, 'may hold only letters, digits and . _ @ -'),
  /** null for users holding codes without a role: customer and agent admins, and the first platform user. */
  roleId: intFromQuery.pipe(z.number().int().positive('must be a role id')).nullable(),
  status: UserStatusField,
  userType: UserTypeField.optional(),
  companyId: intFromQuery.pipe(z.number().int().positive('must be a company id')).nullable().optional(),
  areaCodes: idStrings.optional(),
  storeIds: idStrings.optional(),
  /** An agent admin's (userType 2) companies, its companyMap; platform callers only. */
  companyIds: z
    .array(intFromQuery.pipe(z.number().int().positive('must hold company ids')))
    .max(1000, 'must hold at most 1000 values')
    .optional(),
  description: optionalText(500),
  cellphone: optionalText(32),
  email: z.preprocess(
    (v) => (v === '' ? null : v),
    z.email('must be an email address').max(128).nullable().optional(),
  ),
  country: optionalText(64),
  departmentId: optionalText(64),
});

/** The same rule as one's own new password; the server also refuses common ones and the user name. */
const Password = NewPassword;

/** `PUT /api/user-service/user`: create a user. */
export const UserCreateBody = UserFields.extend({ password: Password });
export type UserCreateBody = z.infer<typeof UserCreateBody>;

/** `POST /api/user-service/user`: update a user; a password, when given, replaces the old one. */
export const UserUpdateBody = UserFields.extend({
  id: intFromQuery.pipe(z.number().int().positive('must be a user id')),
  password: z.preprocess((v) => (v === '' ? undefined : v), Password.optional()),
});
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;

/** `GET /api/user-service/user/list`. */
export const UserListQuery = PageQuery.extend({
  name: optionalFilter(text(64)),
  userName: optionalFilter(text(64)),
  status: optionalFilter(UserStatusField),
  userType: optionalFilter(UserTypeField),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** `GET /api/user-service/user/listShopUsers`: users whose stores or areas cover any of `shopIds`. */
export const UserShopUsersQuery = UserListQuery.extend({
  departmentId: optionalFilter(text(64)),
  shopIds: commaList(idParam),
});
export type UserShopUsersQuery = z.infer<typeof UserShopUsersQuery>;

/** `user/{id}/id`. */
export const UserIdParams = z.object({ id: idParam });
export type UserIdParams = z.infer<typeof UserIdParams>;

/** `user/disable?id=` and `user/enable?id=` (id in the query string or a form/JSON body). */
export const UserToggleQuery = z.object({ id: idParam });
export type UserToggleQuery = z.infer<typeof UserToggleQuery>;

/** A user as replies carry it (spec §3); never the password or its hash. */
export interface User {
  id: number;
  accountName: string;
  /** The sign-in name again, under the save payload's name. */
  userName: string;
  name: string;
  cellphone: string | null;
  country: string | null;
  email: string | null;
  description: string | null;
  departmentId: string | null;
  personalImageUrl: string | null;
  status: UserStatusValue;
  roleId: number | null;
  roleName: string | null;
  userType: UserTypeNumber;
  companyId: number | null;
  companyName: string | null;
  /** The companies the user works for: an agent admin's companyMap, else its own company (if any). */
  companyIds: number[];
  /** companyIds as id → company name, like the sign-in result's companyMap. */
  companyMap: Record<string, string>;
  areaCodes: string[];
  storeIds: string[];
  version: number;
  createBy: string | null;
  createDatetime: string;
  updateBy: string | null;
  updateDatetime: string;
  publishBy: string | null;
  publishDatetime: string | null;
  finishBy: string | null;
  finishDatetime: string | null;
}

export const UserSchema = z.object({
  id: z.number(),
  accountName: z.string(),
  userName: z.string(),
  name: z.string(),
  cellphone: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  departmentId: z.string().nullable(),
  personalImageUrl: z.string().nullable(),
  status: UserStatusField,
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  userType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  companyIds: z.array(z.number()),
  companyMap: z.record(z.string(), z.string()),
  areaCodes: z.array(z.string()),
  storeIds: z.array(z.string()),
  version: z.number(),
  createBy: z.string().nullable(),
  createDatetime: z.string(),
  updateBy: z.string().nullable(),
  updateDatetime: z.string(),
  publishBy: z.string().nullable(),
  publishDatetime: z.string().nullable(),
  finishBy: z.string().nullable(),
  finishDatetime: z.string().nullable(),
}) satisfies z.ZodType<User>;
