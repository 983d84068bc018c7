import { z } from 'zod';

import type { UserTypeNumber } from './enums';
import { PageQuery } from './paging';
import { dateTimeString, optionalFilter } from './query';

export const LoginBody = z.object({
  username: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters'),
  password: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(128, 'must be at most 128 characters'),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The sign-in result of spec §3. `companyMap` maps company id to company name. */
export interface LoginResult {
  accessToken: string;
  accountId: number;
  authorities: string[];
  buttonAuthorities: string[];
  name: string;
  username: string;
  uuid: string;
  userType: UserTypeNumber;
  companyMap: Record<string, string>;
}

/** `GET auth/me`: the sign-in result without the token, plus the company the caller acts in. */
export type Me = Omit<LoginResult, 'accessToken'> & { companyId: number | null };

/** Agent-platform admins choose the company they act in; the console sends it as this header. */
export const COMPANY_HEADER = 'x-company-id';

/**
 * `POST callLog/queryByPage`: the spec's userName, apiName (matched in either language) and paging,
 * and ours: `startTime`/`endTime` (YYYY-MM-DD HH:mm:ss, both ends included) for a time range.
 */
export const CallLogQueryBody = PageQuery.extend({
  userName: z.string().trim().max(64).optional(),
  apiName: z.string().trim().max(128).optional(),
  startTime: optionalFilter(dateTimeString),
  endTime: optionalFilter(dateTimeString),
});
export type CallLogQueryBody = z.infer<typeof CallLogQueryBody>;

/** One operation-log entry (spec §3). */
export interface OperationLog {
  id: number;
  apiName: string;
  classMethod: string;
  errorMsg: string | null;
  ipAddress: string;
  operationTime: string;
  reqData: string;
  reqUrl: string;
  status: number;
  userId: number | null;
  userName: string | null;
  moduleName: string;
}
