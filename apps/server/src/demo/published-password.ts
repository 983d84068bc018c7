/**
 * The demo accounts are seeded once, so a database seeded on loopback with the published password keeps
 * it after a restart with another HOST, whatever DEMO_PASSWORD or DEMO now say. The server checks the
 * stored accounts before it listens on a non-loopback address.
 */
import type { PasswordHasher } from '../auth/passwords';
import { PUBLISHED_DEMO_PASSWORD } from '../config';
import type { Database } from '../db/database';
import { findAccountByName } from '../modules/auth/auth.repository';
import { DEMO_ACCOUNTS } from './demo-data';

/** The active demo accounts whose password is still the published one (empty when none). */
export async function accountsWithPublishedPassword(
  database: Database,
  passwords: PasswordHasher,
): Promise<string[]> {
  const found: string[] = [];
  for (const { username } of DEMO_ACCOUNTS) {
    const account = await findAccountByName(database.db, username);
    // A disabled account cannot sign in even with the right password.
    if (account?.status !== 'ACTIVE') continue;
    if (await passwords.verify(account.passwordHash, PUBLISHED_DEMO_PASSWORD)) found.push(username);
  }
  return found;
}
