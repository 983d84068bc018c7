/** When each session was last used (`session_activity`, owned here): the idle limit's record. */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';

/** When the session of `tokenId` was last used, or undefined when it has no record yet. */
export async function findLastActivity(db: Kysely<DB>, tokenId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('session_activity')
    .select('last_active_at')
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.last_active_at);
}

/**
 * Starts the record of a session (a parallel first request may have started it: that one stands) and
 * drops the records of tokens that have expired.
 */
export async function startActivity(
  db: Kysely<DB>,
  tokenId: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  await db.deleteFrom('session_activity').where('expires_at', '<', now).execute();
  await db
    .insertInto('session_activity')
    .values({ token_id: tokenId, last_active_at: now, expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_id').doNothing())
    .execute();
}

/** Records that the session of `tokenId` was used at `now`. */
export async function touchActivity(db: Kysely<DB>, tokenId: string, now: number): Promise<void> {
  await db
    .updateTable('session_activity')
    .set({ last_active_at: now })
    .where('token_id', '=', tokenId)
    .where('last_active_at', '<', now)
    .execute();
}
