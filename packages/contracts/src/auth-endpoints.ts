/** Sign-in calls under /api/user-service/auth: sign in (public), and the signed-in user's own calls. */
import { z } from 'zod';

import { ChangePasswordBody, LoginResultSchema, MeSchema } from './account';
import { LoginBody } from './auth';
import { endpoint } from './endpoint';
import { LoginReplySchema } from './mfa/mfa';

const AUTH_API = '/api/user-service/auth';

export const AuthEndpoints = {
  login: endpoint({
    method: 'POST',
    path: `${AUTH_API}/login`,
    summary: 'Sign in',
    summaryZh: '登录',
    module: 'auth',
    permissions: 'public',
    body: LoginBody,
    // A session, or the two-step challenge when the account needs a code (mfa/mfa-endpoints.ts).
    response: LoginReplySchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: `${AUTH_API}/logout`,
    summary: 'Sign out',
    summaryZh: '退出登录',
    module: 'auth',
    permissions: 'authenticated',
    response: z.null(),
  }),
  me: endpoint({
    method: 'GET',
    path: `${AUTH_API}/me`,
    summary: 'Current session',
    summaryZh: '当前会话',
    module: 'auth',
    permissions: 'authenticated',
    response: MeSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: `${AUTH_API}/changePassword`,
    summary: 'Change own password',
    summaryZh: '修改本人密码',
    module: 'auth',
    permissions: 'authenticated',
    body: ChangePasswordBody,
    // A fresh session for this browser: every other session of the user has ended.
    response: LoginResultSchema,
  }),
};
