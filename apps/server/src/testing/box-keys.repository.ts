/**
 * Box keys for tests that link as a box: keys are sealed at rest, so a test reads a box's key opened
 * and sets one sealed and hashed, as the devices module does (TEST_SECRETS, the test apps' key ring).
 */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import { boxKeyColumns, openSecret } from '../secrets/secret-box';
import { TEST_SECRETS } from './test-app';

/** The key of device `deviceId` in clear, or null when it has none. */
export async function storedBoxKey(db: Kysely<DB>, deviceId: number): Promise<string | null> {
  const row = await db
    .selectFrom('devices')
    .select('security_key')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return row.security_key === null
    ? null
    : openSecret(TEST_SECRETS, 'devices.security_key', row.security_key);
}

/** Gives device `deviceId` the key `key` (null: none). */
export async function setBoxKey(db: Kysely<DB>, deviceId: number, key: string | null): Promise<void> {
  await db
    .updateTable('devices')
    .set(key === null ? { security_key: null, security_key_hash: null } : boxKeyColumns(TEST_SECRETS, key))
    .where('id', '=', deviceId)
    .execute();
}
