/** Failed sign-ins, kept in the database so the limits hold across restarts and server nodes. */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import type { FailureWindow } from './throttle-decision';

/** How many failures `key` has had since `since`, and when the oldest and the latest of them happened. */
export async function failuresSince(db: Kysely<DB>, key: string, since: number): Promise<FailureWindow> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number>('at').as('oldest'),
      eb.fn.max<number>('at').as('latest'),
    ])
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirst();
  return {
    count: Number(row?.count ?? 0),
    oldest: row?.oldest == null ? null : Number(row.oldest),
    latest: row?.latest == null ? null : Number(row.latest),
  };
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

/** Forgets the failures of `key` (a pair's, after a successful sign-in from that address). */
export async function clearFailures(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
