/**
 * Accounts as sign-in sees them: look-up by account name, password updates (the credential columns
 * of `users`, which user management never selects), and the owner of `revoked_tokens`.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';

export interface AccountRow {
  id: number;
  accountName: string;
  passwordHash: string;
  status: string;
  tokenVersion: number;
}

/** The account signing in, by its exact account name. */
export async function findAccountByName(
  db: Kysely<DB>,
  accountName: string,
): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'account_name', 'password_hash', 'status', 'token_version'])
    .where('account_name', '=', accountName)
    .executeTakeFirst();
  return row && toAccount(row);
}

/**
 * The company of the account named `accountName` (null for a platform user); undefined when no account
 * has that name. The operation log files a failed sign-in under it.
 */
export async function findAccountCompany(
  db: Kysely<DB>,
  accountName: string,
): Promise<{ companyId: number | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select('company_id')
    .where('account_name', '=', accountName)
    .executeTakeFirst();
  return row && { companyId: row.company_id };
}

/** The account of a signed-in user, by id. */
export async function findAccountById(db: Kysely<DB>, userId: number): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'account_name', 'password_hash', 'status', 'token_version'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && toAccount(row);
}

/** A users row's credential columns, named as sign-in uses them. */
function toAccount(row: {
  id: number;
  account_name: string;
  password_hash: string;
  status: string;
  token_version: number;
}): AccountRow {
  return {
    id: row.id,
    accountName: row.account_name,
    passwordHash: row.password_hash,
    status: row.status,
    tokenVersion: row.token_version,
  };
}

/** Stores a new password hash and bumps the token version, which ends every session of the user. */
export async function replacePassword(
  db: Kysely<DB>,
  userId: number,
  passwordHash: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      password_changed_at: at,
      token_version: eb('token_version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', userId)
    .execute();
}

/** Revokes one token until it would have expired anyway, pruning revocations that no longer matter. */
export async function revokeToken(
  db: Kysely<DB>,
  tokenId: string,
  expiresAt: number,
  now: number,
): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
  await db
    .insertInto('revoked_tokens')
    .values({ jti: tokenId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}
