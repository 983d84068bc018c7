/**
 * Two-step sign-in (issue 31 §3, docs/decisions/mfa.md): each user's TOTP secret (pending until the
 * first code confirms it) and the last time step used (replay), its recovery codes (SHA-256 hashes,
 * each used once), the challenges between a right password and the code, and the policy per company
 * and for the platform (`scope_key` 'platform' or 'company:<id>', the one row of each; `company_id`
 * null for the platform's).
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('user_mfa')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', instant(dialect))
    .addColumn('last_used_step', instant(dialect))
    .addColumn('created_at', instant(dialect), (c) => c.notNull())
    .execute();
  await tableWithId(db, dialect, 'mfa_recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', instant(dialect))
    .execute();
  await db.schema
    .createIndex('mfa_recovery_codes_user')
    .on('mfa_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('mfa_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', instant(dialect), (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('mfa_policies')
    .addColumn('scope_key', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('admins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', instant(dialect), (c) => c.notNull())
    .execute();
}
