/** The challenges between a right password and the second step (`mfa_challenges`), by token hash. */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';

export type ChallengePurpose = 'code' | 'enrol';

export interface ChallengeRow {
  userId: number;
  purpose: ChallengePurpose;
  expiresAt: number;
  failures: number;
}

/** Stores a challenge, pruning every expired one. */
export async function insertChallenge(
  db: Kysely<DB>,
  tokenHash: string,
  userId: number,
  purpose: ChallengePurpose,
  expiresAt: number,
  now: number,
): Promise<void> {
  await db.deleteFrom('mfa_challenges').where('expires_at', '<=', now).execute();
  await db
    .insertInto('mfa_challenges')
    .values({ token_hash: tokenHash, user_id: userId, purpose, expires_at: expiresAt })
    .execute();
}

/** The unexpired challenge with this token hash. */
export async function findChallenge(
  db: Kysely<DB>,
  tokenHash: string,
  now: number,
): Promise<ChallengeRow | undefined> {
  const row = await db
    .selectFrom('mfa_challenges')
    .select(['user_id', 'purpose', 'expires_at', 'failures'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      purpose: row.purpose === 'enrol' ? 'enrol' : 'code',
      expiresAt: Number(row.expires_at),
      failures: Number(row.failures),
    }
  );
}

/** Counts one wrong code against the challenge. */
export async function addChallengeFailure(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db
    .updateTable('mfa_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** Ends a challenge (used, or too many wrong codes). */
export async function deleteChallenge(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.deleteFrom('mfa_challenges').where('token_hash', '=', tokenHash).execute();
}
