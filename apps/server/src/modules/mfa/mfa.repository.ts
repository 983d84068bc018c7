/**
 * Each user's TOTP secret and recovery codes (`user_mfa`, `mfa_recovery_codes`). The secret is read
 * and written only here, in the one column `user_mfa.secret`, sealed at rest (secrets/secret-box.ts);
 * `npm run rotate-secrets` reseals it with the other secret columns.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { openStoredSecret, sealSecret } from '../../secrets/secret-box';
import type { SecretKeyRing } from '../../secrets/secret-keys';

export interface UserMfaRow {
  userId: number;
  secret: string;
  /** Null while enrolment is pending (no code has confirmed the secret yet). */
  confirmedAt: number | null;
  lastUsedStep: number | null;
}

/** The user's TOTP secret, confirmed or pending; undefined when it has none. */
export async function findUserMfa(
  db: Kysely<DB>,
  secrets: SecretKeyRing,
  userId: number,
): Promise<UserMfaRow | undefined> {
  const row = await db
    .selectFrom('user_mfa')
    .select(['user_id', 'secret', 'confirmed_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      secret: openStoredSecret(secrets, 'user_mfa.secret', row.secret),
      confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at),
      lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
    }
  );
}

/** Whether the user has confirmed two-step sign-in. */
export async function hasConfirmedMfa(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_mfa')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Starts (or restarts) a pending enrolment with a new secret; never replaces a confirmed one. */
export async function savePendingSecret(
  db: Kysely<DB>,
  secrets: SecretKeyRing,
  userId: number,
  secret: string,
  at: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('user_mfa')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .execute();
    const result = await trx
      .insertInto('user_mfa')
      .values({
        user_id: userId,
        secret: sealSecret(secrets, 'user_mfa.secret', secret),
        confirmed_at: null,
        last_used_step: null,
        created_at: at,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  });
}

/**
 * Confirms the pending secret with the step of its first code and replaces the user's recovery codes
 * with `codeHashes`, in one transaction; false when no enrolment was pending.
 */
export async function confirmSecret(
  db: Kysely<DB>,
  userId: number,
  step: number,
  codeHashes: readonly string[],
  at: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('user_mfa')
      .set({ confirmed_at: at, last_used_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('mfa_recovery_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
      .execute();
    return true;
  });
}

/**
 * Marks `step` used if it is later than the last step used: false for a replay (a code of that step
 * or an earlier one was already accepted). One statement, so two parallel uses cannot both win.
 */
export async function useStep(db: Kysely<DB>, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_mfa')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses up the unused recovery code with this hash; false when there is none. */
export async function useRecoveryCode(
  db: Kysely<DB>,
  userId: number,
  codeHash: string,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

/** How many recovery codes the user has left. */
export async function countRecoveryCodesLeft(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Removes the user's two-step sign-in: secret and recovery codes. */
export async function deleteUserMfa(db: Kysely<DB>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_mfa').where('user_id', '=', userId).execute();
  });
}
