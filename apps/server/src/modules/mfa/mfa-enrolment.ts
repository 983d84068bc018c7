/**
 * Enrolment in two-step sign-in: a secret generated here and shown once (text and QR code), confirmed
 * by a first code, which hands out the recovery codes once (only their hashes are kept); disabling
 * with a current code; an admin's reset of a user who lost the phone.
 */
import {
  MFA_RECOVERY_CODE_COUNT,
  type MfaEnrolment,
  type MfaRecoveryCodes,
  type MfaStatus,
} from '@storefleet/contracts';
import QRCode from 'qrcode';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { conflict, invalid } from '../../http/errors';
import { noteFailure, refuseWhenThrottled, throttleKeys } from '../auth/throttle';
import { manageableUser } from '../users/user-writes.service';
import {
  confirmSecret,
  countRecoveryCodesLeft,
  deleteUserMfa,
  findUserMfa,
  savePendingSecret,
} from './mfa.repository';
import { isMfaRequired } from './mfa-policy.service';
import { acceptCode } from './mfa-sign-in';
import { matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from './totp';

const ALREADY_ON = {
  zh: '两步验证已开启；如需更换手机，请先关闭再重新绑定',
  en: 'Two-step sign-in is already on; to move it to another phone, turn it off first',
};

/** The user's two-step sign-in as its own page shows it. */
export async function describeMfa(ctx: AppContext, userId: number): Promise<MfaStatus> {
  const mfa = await findUserMfa(ctx.db, ctx.config.secrets, userId);
  const enabled = mfa !== undefined && mfa.confirmedAt !== null;
  return {
    enabled,
    required: await isMfaRequired(ctx, userId),
    recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(ctx.db, userId) : 0,
  };
}

/** Starts (or restarts) enrolment: a new secret, pending until a code confirms it. */
export async function startEnrolment(
  ctx: AppContext,
  userId: number,
  accountName: string,
): Promise<MfaEnrolment> {
  const secret = newTotpSecret();
  if (!(await savePendingSecret(ctx.db, ctx.config.secrets, userId, secret, Date.now())))
    throw conflict(ALREADY_ON);
  const otpauthUri = totpUri(secret, accountName);
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Confirms the pending secret with its first code and hands out the recovery codes, once. */
export async function confirmEnrolment(
  ctx: AppContext,
  userId: number,
  code: string,
): Promise<MfaRecoveryCodes> {
  const now = Date.now();
  const mfa = await findUserMfa(ctx.db, ctx.config.secrets, userId);
  if (mfa?.confirmedAt != null) throw conflict(ALREADY_ON);
  if (!mfa) throw conflict({ zh: '请先开始绑定两步验证', en: 'Start the two-step sign-in set-up first' });
  const step = matchingStep(mfa.secret, code, now);
  if (step === null)
    throw invalid('passcode', {
      zh: '不是身份验证器当前显示的验证码，请检查手机时间后重试',
      en: 'is not the current code of your authenticator app; check the time on your phone and try again',
    });
  const recoveryCodes = newRecoveryCodes(MFA_RECOVERY_CODE_COUNT);
  if (!(await confirmSecret(ctx.db, userId, step, recoveryCodes.map(recoveryCodeHash), now)))
    throw conflict(ALREADY_ON);
  return { recoveryCodes };
}

/**
 * Turns two-step sign-in off with a current code (a wrong one counts towards the sign-in throttle);
 * refused while the policy makes it mandatory for the user.
 */
export async function disableMfa(
  ctx: AppContext,
  caller: Caller,
  code: string,
  clientAddress: string,
): Promise<void> {
  const now = Date.now();
  if (await isMfaRequired(ctx, caller.userId))
    throw conflict({
      zh: '您的角色要求两步验证，不能关闭',
      en: 'Your role requires two-step sign-in, so it cannot be turned off',
    });
  const keys = throttleKeys(caller.userName, clientAddress);
  await refuseWhenThrottled(ctx.db, ctx.config.signInThrottle, keys, now);
  if (!(await acceptCode(ctx, caller.userId, code, now))) {
    await noteFailure(ctx.db, ctx.log, ctx.config.signInThrottle, keys, now);
    throw invalid('passcode', {
      zh: '验证码不正确或已使用',
      en: 'is wrong or was already used; enter the current code of your authenticator app',
    });
  }
  await deleteUserMfa(ctx.db, caller.userId);
}

/**
 * An admin removes a user's two-step sign-in (lost phone, used-up recovery codes): the user signs in
 * with the password alone, or enrols again at its next sign-in when the policy requires it. The same
 * users an admin may edit; not oneself (use a recovery code).
 */
export async function resetUserMfa(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  userId: number,
): Promise<void> {
  const user = await manageableUser(ctx, caller, scope, userId);
  if (user.id === caller.userId)
    throw conflict({
      zh: '不能重置自己的两步验证，请用恢复码登录后关闭再重新绑定',
      en: 'You cannot reset your own two-step sign-in; sign in with a recovery code, then turn it off and on again',
    });
  await deleteUserMfa(ctx.db, user.id);
}
