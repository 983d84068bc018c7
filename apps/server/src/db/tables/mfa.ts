/** Row types of two-step sign-in (modules/mfa): secrets, recovery codes, challenges, policies. */
import type { Generated } from 'kysely';

/** A user's TOTP secret: pending while `confirmed_at` is null, in force once a first code confirmed it. */
export interface UserMfaTable {
  user_id: number;
  /** The base32 TOTP secret: the one column to wrap when secrets are encrypted at rest. */
  secret: string;
  confirmed_at: number | null;
  /** The last TOTP time step a code was accepted for: a code of that step or earlier is a replay. */
  last_used_step: number | null;
  created_at: number;
}

/** One recovery code, stored as its SHA-256 hex; `used_at` set when it signed in. */
export interface MfaRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
}

/** Between a right password and the second step: 'code' (verify) or 'enrol' (mandatory enrolment). */
export interface MfaChallengesTable {
  /** SHA-256 hex of the challenge token handed to the browser. */
  token_hash: string;
  user_id: number;
  purpose: string;
  expires_at: number;
  failures: Generated<number>;
}

/** Who must use two-step sign-in: `scope_key` 'platform' or 'company:<id>'. */
export interface MfaPoliciesTable {
  scope_key: string;
  /** The company; null for the platform's policy. */
  company_id: number | null;
  /** 1: the admins (customer and agent admins; platform users without a role) must. */
  admins: number;
  /** JSON text: number[] of role ids whose holders must. */
  role_ids: string;
  updated_by: string | null;
  updated_at: number;
}

export interface MfaTables {
  user_mfa: UserMfaTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  mfa_policies: MfaPoliciesTable;
}
