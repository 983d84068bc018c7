/**
 * Two-step sign-in calls: the second step of a sign-in and enrolment during sign-in (public, with
 * the challenge), the signed-in user's own enrolment, an admin's reset of a user, and the policy.
 */
import { z } from 'zod';

import { LoginResultSchema } from '../account';
import { endpoint } from '../endpoint';
import { BUTTON, MODULE, PAGE } from '../permissions';
import { UserIdParams } from '../users/user';
import {
  MfaChallengeBody,
  MfaChallengeCodeBody,
  MfaCodeBody,
  MfaEnrolledSignInSchema,
  MfaEnrolmentSchema,
  MfaPolicyBody,
  MfaPolicySchema,
  MfaRecoveryCodesSchema,
  MfaStatusSchema,
  MfaVerifyBody,
} from './mfa';

const MFA_API = '/api/user-service/auth/mfa';
const USER_VIEW = [MODULE.user, PAGE.userList] as const;

export const MfaEndpoints = {
  verifyMfa: endpoint({
    method: 'POST',
    path: `${MFA_API}/verify`,
    summary: 'Sign in: second step',
    summaryZh: '登录：两步验证',
    description: 'Takes the challenge of a sign-in and a 6-digit code or a recovery code.',
    module: 'auth',
    permissions: 'public',
    body: MfaVerifyBody,
    response: LoginResultSchema,
  }),
  startSignInEnrolment: endpoint({
    method: 'POST',
    path: `${MFA_API}/enrolment/start`,
    summary: 'Sign in: start mandatory two-step enrolment',
    summaryZh: '登录：开始绑定两步验证',
    module: 'auth',
    permissions: 'public',
    body: MfaChallengeBody,
    response: MfaEnrolmentSchema,
  }),
  confirmSignInEnrolment: endpoint({
    method: 'POST',
    path: `${MFA_API}/enrolment/confirm`,
    summary: 'Sign in: confirm two-step enrolment',
    summaryZh: '登录：确认绑定两步验证',
    module: 'auth',
    permissions: 'public',
    body: MfaChallengeCodeBody,
    response: MfaEnrolledSignInSchema,
  }),
  mfaStatus: endpoint({
    method: 'GET',
    path: MFA_API,
    summary: 'Own two-step sign-in',
    summaryZh: '本人两步验证状态',
    module: 'auth',
    permissions: 'authenticated',
    response: MfaStatusSchema,
  }),
  startMfa: endpoint({
    method: 'POST',
    path: `${MFA_API}/start`,
    summary: 'Start two-step enrolment',
    summaryZh: '开始绑定两步验证',
    module: 'auth',
    permissions: 'authenticated',
    response: MfaEnrolmentSchema,
  }),
  confirmMfa: endpoint({
    method: 'POST',
    path: `${MFA_API}/confirm`,
    summary: 'Confirm two-step enrolment',
    summaryZh: '确认绑定两步验证',
    module: 'auth',
    permissions: 'authenticated',
    body: MfaCodeBody,
    response: MfaRecoveryCodesSchema,
  }),
  disableMfa: endpoint({
    method: 'POST',
    path: `${MFA_API}/disable`,
    summary: 'Disable two-step sign-in',
    summaryZh: '关闭两步验证',
    module: 'auth',
    permissions: 'authenticated',
    body: MfaCodeBody,
    response: z.null(),
  }),
  resetUserMfa: endpoint({
    method: 'POST',
    path: '/api/user-service/user/:id/mfa/reset',
    summary: "Reset a user's two-step sign-in",
    summaryZh: '重置用户两步验证',
    module: 'user',
    permissions: [...USER_VIEW, BUTTON.userMfaReset],
    params: UserIdParams,
    response: z.null(),
  }),
  getMfaPolicy: endpoint({
    method: 'GET',
    path: '/api/user-service/mfa/policy',
    summary: 'Two-step sign-in policy',
    summaryZh: '两步验证策略',
    description: "The caller's company policy; for a platform user, the platform's.",
    module: 'user',
    permissions: USER_VIEW,
    response: MfaPolicySchema,
  }),
  saveMfaPolicy: endpoint({
    method: 'POST',
    path: '/api/user-service/mfa/policy',
    summary: 'Save two-step sign-in policy',
    summaryZh: '保存两步验证策略',
    module: 'user',
    permissions: [...USER_VIEW, BUTTON.mfaPolicyUpdate],
    body: MfaPolicyBody,
    response: MfaPolicySchema,
  }),
};
