import { z } from 'zod';

import type { Label } from './labels';

/** The body code of every successful reply (spec §8): the string "200", never a number. */
export const SUCCESS_CODE = '200';

/** The reply envelope of spec §8. `ok` is true exactly when `code` is "200". */
export interface Envelope<T> {
  code: string;
  data: T;
  message: string;
  ok: boolean;
}

/** One failed rule, as validation errors list them in `data.fields`. */
export interface FieldProblem {
  field: string;
  message: string;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), data, message: z.string(), ok: z.boolean() });
}

/**
 * The error catalogue: each failure the server can report, with its stable body code and HTTP status.
 * The body code is what clients branch on; the message is for people, in both languages (the server
 * sends the one of the caller's Accept-Language).
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: { zh: '请求内容不正确', en: 'The request is not valid' } },
  MALFORMED_BODY: {
    status: 400,
    message: { zh: '无法读取请求内容', en: 'The request body could not be read' },
  },
  UNAUTHENTICATED: { status: 401, message: { zh: '请重新登录', en: 'Please sign in again' } },
  BAD_CREDENTIALS: { status: 401, message: { zh: '用户名或密码错误', en: 'Wrong user name or password' } },
  MFA_CODE_WRONG: {
    status: 401,
    message: {
      zh: '验证码不正确或已使用，请输入身份验证器中的当前验证码或一个恢复码',
      en: 'The code is wrong or was already used; enter the current code of your authenticator app or a recovery code',
    },
  },
  MFA_CHALLENGE_ENDED: {
    status: 401,
    message: {
      zh: '两步验证已过期或失败次数过多，请重新输入密码登录',
      en: 'This sign-in step has expired or had too many wrong codes; sign in with your password again',
    },
  },
  FORBIDDEN: {
    status: 403,
    message: { zh: '您没有执行此操作的权限', en: 'You do not have permission for this action' },
  },
  NOT_FOUND: { status: 404, message: { zh: '对象不存在', en: 'Not found' } },
  ROUTE_NOT_FOUND: { status: 404, message: { zh: '没有这个接口', en: 'No such API call' } },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: { zh: '此接口不接受该请求方法', en: 'This call does not accept that method' },
  },
  CONFLICT: {
    status: 409,
    message: { zh: '请求与现有数据冲突', en: 'The request conflicts with existing data' },
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: { zh: '请求内容过大', en: 'The request body is too large' } },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: { zh: '不接受此内容类型', en: 'This content type is not accepted' },
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: { zh: '登录失败次数过多，请稍后再试', en: 'Too many failed sign-ins; try again later' },
  },
  INTERNAL_ERROR: {
    status: 500,
    message: {
      zh: '服务器出错，详情见服务器日志',
      en: 'Something went wrong on the server; the details are in its log',
    },
  },
  BOX_OFFLINE: { status: 503, message: { zh: '门店盒子未连接', en: 'The store box is not connected' } },
  BOX_TIMEOUT: {
    status: 504,
    message: { zh: '门店盒子未及时响应', en: 'The store box did not answer in time' },
  },
  BOX_COMMAND_FAILED: {
    status: 502,
    message: { zh: '门店盒子无法执行该命令', en: 'The store box could not carry out the command' },
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: {
      zh: '数据库暂时没有应答，服务器会自动重试；请稍后再试，若持续数分钟请检查数据库服务',
      en: 'The database is not answering; the server retries by itself. Try again in a moment, and if this lasts for minutes, check the database server',
    },
  },
  SHUTTING_DOWN: {
    status: 503,
    message: { zh: '服务器正在关闭，请稍后再试', en: 'The server is shutting down; try again in a moment' },
  },
} as const satisfies Record<string, { status: number; message: Label }>;

export type ErrorCode = keyof typeof ERRORS;
