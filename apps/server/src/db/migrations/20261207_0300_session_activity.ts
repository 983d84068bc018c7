/**
 * Idle sessions (issue 31, docs/decisions/server-core.md "Idle sessions"): `session_activity` keeps,
 * per session token (its `jti`), when the session was last used, written at most once a minute. A
 * session unused for SESSION_IDLE_MINUTES is refused. `expires_at` is the token's own expiry: rows are
 * pruned once the token would be refused anyway.
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('session_activity')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('last_active_at', instant(dialect), (c) => c.notNull())
    .addColumn('expires_at', instant(dialect), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('session_activity_expires')
    .on('session_activity')
    .column('expires_at')
    .execute();
}
