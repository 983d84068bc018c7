/**
 * Two-step sign-in (TOTP, RFC 6238): the challenge a right password answers with when a code is
 * needed, enrolment, recovery codes and the policy that makes it mandatory (docs/decisions/mfa.md).
 */
import { z } from 'zod';

import { LoginResultSchema } from '../account';

/** How many recovery codes an enrolment hands out; each signs in once. */
export const MFA_RECOVERY_CODE_COUNT = 10;

/**
 * What a right password answers when a second step is needed: `code` — send a code from the
 * authenticator app (or a recovery code) with the challenge; `enrol` — the user's role makes two-step
 * sign-in mandatory and it has none yet: enrol with the challenge before anything else.
 */
export const MfaChallengeSchema = z.object({
  mfaRequired: z.enum(['code', 'enrol']),
  challengeToken: z.string(),
  /** Seconds until the challenge expires (then sign in with the password again). */
  expiresIn: z.number(),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

/** The sign-in reply: a session, or the second step it still needs. */
export const LoginReplySchema = z.union([LoginResultSchema, MfaChallengeSchema]);
export type LoginReply = z.infer<typeof LoginReplySchema>;

/** Whether a sign-in reply asks for a second step. */
export function needsSecondStep(reply: LoginReply): reply is MfaChallenge {
  return 'challengeToken' in reply;
}

const challengeToken = z.string({ error: 'is required' }).min(1, 'is required').max(200);
/** A 6-digit code from the app, or a recovery code (`xxxx-xxxx-xxxx-xxxx`, dashes and case ignored). */
const mfaCode = z
  .string({ error: 'is required' })
  .trim()
  .min(6, 'must be the 6-digit code or a recovery code')
  .max(40, 'must be the 6-digit code or a recovery code');
/** A 6-digit code from the authenticator app. */
const appCode = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code from your authenticator app');

/**
 * `POST auth/mfa/verify`: the second step of a sign-in. The field is `passcode` (not `code`) so the
 * operation log masks it like a password: a recovery code signs in.
 */
export const MfaVerifyBody = z.object({ challengeToken, passcode: mfaCode });
export type MfaVerifyBody = z.infer<typeof MfaVerifyBody>;

/** A code from the app: confirms an enrolment or disables two-step sign-in. */
export const MfaCodeBody = z.object({ passcode: appCode });
export type MfaCodeBody = z.infer<typeof MfaCodeBody>;

/** Enrolment during sign-in (the policy requires it): the challenge instead of a session. */
export const MfaChallengeBody = z.object({ challengeToken });
export type MfaChallengeBody = z.infer<typeof MfaChallengeBody>;
export const MfaChallengeCodeBody = z.object({ challengeToken, passcode: appCode });
export type MfaChallengeCodeBody = z.infer<typeof MfaChallengeCodeBody>;

/** A started enrolment: the secret, shown once, as text and as a QR code (an SVG data: URL). */
export const MfaEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export type MfaEnrolment = z.infer<typeof MfaEnrolmentSchema>;

/** A confirmed enrolment: the recovery codes, shown once (only their hashes are kept). */
export const MfaRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof MfaRecoveryCodesSchema>;

/** Enrolment confirmed during sign-in: the recovery codes and the session it opens. */
export const MfaEnrolledSignInSchema = MfaRecoveryCodesSchema.extend({ session: LoginResultSchema });
export type MfaEnrolledSignIn = z.infer<typeof MfaEnrolledSignInSchema>;

/** `GET auth/mfa`: the signed-in user's two-step sign-in. */
export const MfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** Whether the policy makes it mandatory for this user (then it cannot be disabled). */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/**
 * Who must use two-step sign-in, per company (company console) or for the platform (admin console):
 * `admins` — the company's customer and agent admins (for the platform: platform users without a
 * role, who hold every admin code); `roleIds` — the users holding one of these roles.
 */
export const MfaPolicySchema = z.object({
  admins: z.boolean(),
  roleIds: z.array(z.number().int().positive()).max(500),
});
export type MfaPolicy = z.infer<typeof MfaPolicySchema>;
export const MfaPolicyBody = z.object({
  admins: z.boolean({ error: 'is required' }),
  roleIds: z.array(z.number().int().positive()).max(500).default([]),
});
export type MfaPolicyBody = z.infer<typeof MfaPolicyBody>;
