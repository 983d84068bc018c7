/**
 * The second step of a sign-in: after a right password, a user with two-step sign-in gets a
 * short-lived challenge instead of a session, and trades it with a code (or a recovery code) for the
 * session. A user whose policy makes it mandatory and who has none gets an enrolment challenge.
 * Wrong codes count towards the sign-in throttle (auth/throttle.ts); a challenge ends after
 * MAX_WRONG_CODES of them, so guessing needs the password again.
 */
import type { MfaChallenge } from '@storefleet/contracts';

import type { AppContext } from '../../context';
import { AppError, forbidden } from '../../http/errors';
import { type AccountRow, findAccountById } from '../auth/auth.repository';
import { noteFailure, noteSuccess, refuseWhenThrottled, throttleKeys } from '../auth/throttle';
import { findUserMfa, hasConfirmedMfa, useRecoveryCode, useStep } from './mfa.repository';
import {
  addChallengeFailure,
  type ChallengePurpose,
  type ChallengeRow,
  deleteChallenge,
  findChallenge,
  insertChallenge,
} from './mfa-challenges.repository';
import { isMfaRequired } from './mfa-policy.service';
import { challengeHash, isAppCode, matchingStep, newChallengeToken, recoveryCodeHash } from './totp';

/** How long a challenge lasts: time to open the app, or to enrol. */
const CHALLENGE_TTL_MS = 10 * 60_000;
const MAX_WRONG_CODES = 5;

/** The second step the account still needs after its right password, or null for none. */
export async function secondStepFor(ctx: AppContext, userId: number): Promise<MfaChallenge | null> {
  if (await hasConfirmedMfa(ctx.db, userId)) return openChallenge(ctx, userId, 'code');
  if (await isMfaRequired(ctx, userId)) return openChallenge(ctx, userId, 'enrol');
  return null;
}

async function openChallenge(
  ctx: AppContext,
  userId: number,
  purpose: ChallengePurpose,
): Promise<MfaChallenge> {
  const token = newChallengeToken();
  const now = Date.now();
  await insertChallenge(ctx.db, challengeHash(token), userId, purpose, now + CHALLENGE_TTL_MS, now);
  return {
    mfaRequired: purpose,
    challengeToken: token,
    expiresIn: CHALLENGE_TTL_MS / 1000,
  };
}

export interface OpenChallenge {
  tokenHash: string;
  challenge: ChallengeRow;
  account: AccountRow;
}

/** The live challenge of `purpose` behind a token and its account; 401 MFA_CHALLENGE_ENDED otherwise. */
export async function liveChallenge(
  ctx: AppContext,
  token: string,
  purpose: ChallengePurpose,
): Promise<OpenChallenge> {
  const tokenHash = challengeHash(token);
  const challenge = await findChallenge(ctx.db, tokenHash, Date.now());
  const account = challenge && (await findAccountById(ctx.db, challenge.userId));
  if (!challenge || challenge.purpose !== purpose || !account) throw new AppError('MFA_CHALLENGE_ENDED');
  if (account.status !== 'ACTIVE')
    throw forbidden({
      zh: '该账号未启用，请联系管理员',
      en: 'This account is not active; ask your administrator',
    });
  return { tokenHash, challenge, account };
}

/**
 * Checks the code of a sign-in challenge; on success the challenge is used up and the account's
 * sign-in failures are forgotten, and the account is returned for its session.
 */
export async function verifySecondStep(
  ctx: AppContext,
  token: string,
  code: string,
  clientAddress: string,
): Promise<AccountRow> {
  const now = Date.now();
  const { tokenHash, challenge, account } = await liveChallenge(ctx, token, 'code');
  const keys = throttleKeys(account.accountName, clientAddress);
  await refuseWhenThrottled(ctx.db, ctx.config.signInThrottle, keys, now);
  if (!(await acceptCode(ctx, account.id, code, now))) {
    await noteFailure(ctx.db, ctx.log, ctx.config.signInThrottle, keys, now);
    if (challenge.failures + 1 >= MAX_WRONG_CODES) await deleteChallenge(ctx.db, tokenHash);
    else await addChallengeFailure(ctx.db, tokenHash);
    throw new AppError('MFA_CODE_WRONG');
  }
  await deleteChallenge(ctx.db, tokenHash);
  await noteSuccess(ctx.db, keys);
  return account;
}

/**
 * Whether `code` is a current app code not used before (its step is then recorded: a replay of it, or
 * of any earlier code, is refused) or an unused recovery code (then used up).
 */
export async function acceptCode(
  ctx: AppContext,
  userId: number,
  code: string,
  now: number,
): Promise<boolean> {
  if (!isAppCode(code)) return useRecoveryCode(ctx.db, userId, recoveryCodeHash(code), now);
  const mfa = await findUserMfa(ctx.db, ctx.config.secrets, userId);
  if (!mfa || mfa.confirmedAt === null) return false;
  const step = matchingStep(mfa.secret, code.trim(), now);
  return step !== null && (await useStep(ctx.db, userId, step));
}
