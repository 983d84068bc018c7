/** Failed sign-ins, kept in the database so the limits hold across restarts and server nodes. */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';

export interface FailureWindow {
  count: number;
  /** The oldest failure still inside the window: the limit lifts when it ages out. */
  oldest: number | null;
}

/** How many failures `key` has had since `since`, and when the oldest of them happened. */
export async function failuresSince(db: Kysely<DB>, key: string, since: number): Promise<FailureWindow> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number>('at').as('oldest')])
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
}

/** Records one failure under each key, dropping that key's failures older than `pruneBefore`. */
export async function recordFailure(
  db: Kysely<DB>,
  keys: string[],
  at: number,
  pruneBefore: number,
): Promise<void> {
  await db.deleteFrom('login_failures').where('key', 'in', keys).where('at', '<=', pruneBefore).execute();
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, at })))
    .execute();
}

/** Forgets the failures of `key` (after a successful sign-in to that account). */
export async function clearFailures(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
