/** Sign-in, sign-out, the current session and password change. */
import type {
  ChangePasswordBody,
  LoginBody,
  LoginReply,
  LoginResult,
  Me,
  UserStatusValue,
} from '@storefleet/contracts';

import { authenticate } from '../../auth/authenticate';
import type { Caller } from '../../auth/caller';
import { assertPasswordAllowed } from '../../auth/password-policy';
import type { AppContext } from '../../context';
import { AppError, forbidden, invalid, unauthenticated } from '../../http/errors';
import { secondStepFor } from '../mfa/mfa-sign-in';
import { companyNames } from '../stores/companies.repository';
import { findAccountById, findAccountByName, replacePassword, revokeToken } from './auth.repository';
import { noteFailure, noteSuccess, refuseWhenThrottled, throttleKeys } from './throttle';

const ACTIVE: UserStatusValue = 'ACTIVE';

export interface SignedIn {
  result: LoginResult;
  caller: Caller;
}

/** A sign-in: a session, or the two-step challenge it still needs (no caller yet). */
export interface SignInReply {
  result: LoginReply;
  caller: Caller | null;
}

/**
 * Checks the password and opens a session. An unknown account and a wrong password get the same
 * 401 after the same amount of hashing work; failures count towards the throttle.
 */
export async function signIn(ctx: AppContext, body: LoginBody, clientAddress: string): Promise<SignInReply> {
  const now = Date.now();
  const keys = throttleKeys(body.username, clientAddress);
  await refuseWhenThrottled(ctx.db, ctx.config.signInThrottle, keys, now);
  const account = await findAccountByName(ctx.db, body.username);
  const matches = account
    ? await ctx.auth.passwords.verify(account.passwordHash, body.password)
    : await ctx.auth.passwords.verifyNobody(body.password);
  if (!account || !matches) {
    await noteFailure(ctx.db, ctx.log, ctx.config.signInThrottle, keys, now);
    throw new AppError('BAD_CREDENTIALS');
  }
  // The password was right, so saying why the account cannot sign in reveals nothing to a guesser.
  if (account.status !== ACTIVE)
    throw forbidden({
      zh: '该账号未启用，请联系管理员',
      en: 'This account is not active; ask your administrator',
    });
  // Two-step sign-in: the failures are forgotten only once the code is right (modules/mfa).
  const secondStep = await secondStepFor(ctx, account.id);
  if (secondStep) return { result: secondStep, caller: null };
  await noteSuccess(ctx.db, keys);
  return openSession(ctx, account.id, account.tokenVersion);
}

/** Issues a token for the account and describes the session it opens. */
export async function openSession(ctx: AppContext, userId: number, tokenVersion: number): Promise<SignedIn> {
  const issued = await ctx.auth.tokens.issue(userId, tokenVersion);
  const session = await authenticate(ctx.db, ctx.auth.tokens, {
    authorization: `Bearer ${issued.token}`,
    companyHeader: undefined,
    // Starts the session's idle clock at sign-in.
    idleMinutes: ctx.config.sessionIdleMinutes,
  });
  const me = await describeSession(ctx, session.caller);
  return { result: { accessToken: issued.token, ...withoutCompany(me) }, caller: session.caller };
}

/** The signed-in caller as the console shows it: codes, companies, and the company it acts in. */
export async function describeSession(ctx: AppContext, caller: Caller): Promise<Me> {
  const names = await companyNames(ctx.db, caller.companyIds);
  const companyMap: Record<string, string> = {};
  for (const id of caller.companyIds) companyMap[String(id)] = names.get(id) ?? String(id);
  return {
    accountId: caller.userId,
    authorities: caller.authorities,
    buttonAuthorities: caller.buttonAuthorities,
    name: caller.name,
    username: caller.userName,
    uuid: caller.tokenId,
    userType: caller.userType,
    companyMap,
    companyId: caller.companyId,
  };
}

/** Ends this session: its token is refused from now on, even before it expires. */
export async function signOut(ctx: AppContext, caller: Caller): Promise<void> {
  await revokeToken(ctx.db, caller.tokenId, caller.tokenExpiresAt, Date.now());
  // An open live-updates stream of this session ends now, not at its next request.
  ctx.auth.sessionEvents.changed(caller.userId);
}

/**
 * Replaces the caller's password after checking the current one (a wrong one counts towards the
 * sign-in throttle, under the caller's account name). Every other session of the user ends (the token
 * version moves on; open live streams close through the session events); this browser goes on with
 * the fresh session returned.
 */
export async function changePassword(
  ctx: AppContext,
  caller: Caller,
  body: ChangePasswordBody,
  clientAddress: string,
): Promise<LoginResult> {
  const now = Date.now();
  const keys = throttleKeys(caller.userName, clientAddress);
  await refuseWhenThrottled(ctx.db, ctx.config.signInThrottle, keys, now);
  const account = await findAccountById(ctx.db, caller.userId);
  if (!account) throw unauthenticated();
  if (!(await ctx.auth.passwords.verify(account.passwordHash, body.oldPassword))) {
    await noteFailure(ctx.db, ctx.log, ctx.config.signInThrottle, keys, now);
    throw invalid('oldPassword', { zh: '当前密码不正确', en: 'is not your current password' });
  }
  if (body.newPassword === body.oldPassword)
    throw invalid('newPassword', { zh: '不能与当前密码相同', en: 'must differ from the current password' });
  assertPasswordAllowed('newPassword', body.newPassword, caller.userName);
  await replacePassword(ctx.db, caller.userId, await ctx.auth.passwords.hash(body.newPassword), now);
  ctx.auth.sessionEvents.changed(caller.userId, caller.tokenId);
  const changed = await findAccountById(ctx.db, caller.userId);
  if (!changed) throw unauthenticated();
  return (await openSession(ctx, changed.id, changed.tokenVersion)).result;
}

function withoutCompany(me: Me): Omit<LoginResult, 'accessToken'> {
  const { companyId: _companyId, ...rest } = me;
  return rest;
}
