/**
 * The owning repository of `job_leases` (issue 15, docs/decisions/operations.md): a scheduled job runs
 * on the node that holds its lease. Taking is one statement on both databases — insert the lease, or
 * take it over when it ran out or is already ours — so two nodes ticking at the same instant cannot
 * both win: the row's write lock (PostgreSQL) or the single writer (SQLite) orders them, and the loser's
 * conditional update matches nothing.
 */
import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/database';

/** Takes or renews the lease of `name` for `holder` until `until`; true when `holder` holds it now. */
export async function takeLease(
  db: Kysely<DB>,
  name: string,
  holder: string,
  now: number,
  until: number,
): Promise<boolean> {
  const result = await sql<{ name: string }>`insert into job_leases (name, holder, until)
values (${name}, ${holder}, ${until})
on conflict (name) do update set holder = excluded.holder, until = excluded.until
where job_leases.until < ${now} or job_leases.holder = excluded.holder
returning name`.execute(db);
  return result.rows.length > 0;
}

/** Gives up `holder`'s leases (a node stopping), so another node takes the jobs at its next tick. */
export async function releaseLeases(db: Kysely<DB>, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('holder', '=', holder).execute();
}

/** Who holds each lease now, and until when (tests, and an operator's look at the table). */
export async function listLeases(
  db: Kysely<DB>,
): Promise<Array<{ name: string; holder: string; until: number }>> {
  const rows = await db.selectFrom('job_leases').selectAll().orderBy('name').execute();
  return rows.map((row) => ({ ...row, until: Number(row.until) }));
}
