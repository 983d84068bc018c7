/** Failed sign-ins, kept in the database so the limits hold across restarts and server nodes. */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import type { FailureWindow } from './throttle-decision';

/** How many failures each of `keys` has had since `since`, and when the oldest and latest happened; one read. */
export async function failuresSince(
  db: Kysely<DB>,
  keys: readonly string[],
  since: number,
): Promise<Map<string, FailureWindow>> {
  const rows = await db
    .selectFrom('login_failures')
    .select((eb) => [
      'key',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number>('at').as('oldest'),
      eb.fn.max<number>('at').as('latest'),
    ])
    .where('key', 'in', keys)
    .where('at', '>', since)
    .groupBy('key')
    .execute();
  const windows = new Map<string, FailureWindow>();
  for (const key of keys) windows.set(key, { count: 0, oldest: null, latest: null });
  for (const row of rows) {
    windows.set(row.key, {
      count: Number(row.count),
      oldest: row.oldest == null ? null : Number(row.oldest),
      latest: row.latest == null ? null : Number(row.latest),
    });
  }
  return windows;
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
