/**
 * Server-facing schemas of the signed-in account: password change, and zod forms of the sign-in
 * result, `me` and operation-log entries (checked against the interfaces in auth.ts) for the API docs.
 */
import { z } from 'zod';

import type { LoginResult, Me, OperationLog } from './auth';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password: 8 to 128 characters. The server also refuses one of the common passwords or one
 * containing the user name (apps/server/src/auth/password-policy.ts: the list is too large to ship here).
 */
export const NewPassword = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * `POST /api/user-service/auth/changePassword` (ours): every other session of the user ends; the reply is
 * a fresh sign-in result for the browser that changed it.
 */
export const ChangePasswordBody = z.object({
  oldPassword: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX_LENGTH),
  newPassword: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

const userTypeNumber = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const LoginResultSchema = z.object({
  accessToken: z.string(),
  accountId: z.number(),
  authorities: z.array(z.string()),
  buttonAuthorities: z.array(z.string()),
  name: z.string(),
  username: z.string(),
  uuid: z.string(),
  userType: userTypeNumber,
  companyMap: z.record(z.string(), z.string()),
}) satisfies z.ZodType<LoginResult>;

export const MeSchema = LoginResultSchema.omit({ accessToken: true }).extend({
  companyId: z.number().nullable(),
}) satisfies z.ZodType<Me>;

export const OperationLogSchema = z.object({
  id: z.number(),
  apiName: z.string(),
  classMethod: z.string(),
  errorMsg: z.string().nullable(),
  ipAddress: z.string(),
  operationTime: z.string(),
  reqData: z.string(),
  reqUrl: z.string(),
  status: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  moduleName: z.string(),
}) satisfies z.ZodType<OperationLog>;
