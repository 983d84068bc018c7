/** The sign-ins that end in a session after the second step: a code, or a mandatory enrolment. */
import type {
  LoginResult,
  MfaChallengeCodeBody,
  MfaEnrolment,
  MfaRecoveryCodes,
  MfaVerifyBody,
} from '@storefleet/contracts';

import type { AppContext } from '../../context';
import { openSession, type SignedIn } from '../auth/auth.service';
import { noteSuccess, throttleKeys } from '../auth/throttle';
import { deleteChallenge } from './mfa-challenges.repository';
import { confirmEnrolment, startEnrolment } from './mfa-enrolment';
import { liveChallenge, verifySecondStep } from './mfa-sign-in';

/** The second step of a sign-in: the challenge and a code (or recovery code) for a session. */
export async function signInWithCode(
  ctx: AppContext,
  body: MfaVerifyBody,
  clientAddress: string,
): Promise<SignedIn> {
  const account = await verifySecondStep(ctx, body.challengeToken, body.passcode, clientAddress);
  return openSession(ctx, account.id, account.tokenVersion);
}

/** Mandatory enrolment during sign-in, step one: the secret and QR code for the challenge's user. */
export async function startSignInEnrolment(ctx: AppContext, challengeToken: string): Promise<MfaEnrolment> {
  const { account } = await liveChallenge(ctx, challengeToken, 'enrol');
  return startEnrolment(ctx, account.id, account.accountName);
}

/** Mandatory enrolment during sign-in, step two: the first code confirms it and opens the session. */
export async function confirmSignInEnrolment(
  ctx: AppContext,
  body: MfaChallengeCodeBody,
  clientAddress: string,
): Promise<{ signedIn: SignedIn; reply: MfaRecoveryCodes & { session: LoginResult } }> {
  const { tokenHash, account } = await liveChallenge(ctx, body.challengeToken, 'enrol');
  const { recoveryCodes } = await confirmEnrolment(ctx, account.id, body.passcode);
  await deleteChallenge(ctx.db, tokenHash);
  await noteSuccess(ctx.db, throttleKeys(account.accountName, clientAddress));
  const signedIn = await openSession(ctx, account.id, account.tokenVersion);
  return { signedIn, reply: { recoveryCodes, session: signedIn.result } };
}
