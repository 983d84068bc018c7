/**
 * Secrets at rest (issue 31 §4, docs/decisions/secrets.md): box keys are found by a keyed hash
 * (`devices.security_key_hash`, unique where set) instead of by their plain value, and every stored box
 * key, SNMP community and notification settings document is sealed with the server's secrets key, in
 * batches. Values already sealed with that key are skipped, so a rerun changes nothing.
 */
import { type Kysely, sql } from 'kysely';

import { hasSecretColumnRows, resealSecrets } from '../../secrets/secret-columns.repository';
import type { DB, DialectName } from '../database';
import type { MigrationContext } from './index';

export async function up(
  db: Kysely<unknown>,
  _dialect: DialectName,
  context: MigrationContext = {},
): Promise<void> {
  await db.schema.alterTable('devices').addColumn('security_key_hash', 'text').execute();
  await db.schema.dropIndex('devices_security_key').execute();
  await db.schema
    .createIndex('devices_security_key_hash')
    .on('devices')
    .column('security_key_hash')
    .unique()
    .where(sql.ref('security_key_hash'), 'is not', null)
    .execute();
  const typed = db as unknown as Kysely<DB>;
  if (context.secrets) {
    await resealSecrets(typed, context.secrets);
  } else if (await hasSecretColumnRows(typed)) {
    throw new Error(
      'this database holds box keys, SNMP communities or notification settings to seal: ' +
        'migrate it from the server (npm start), which has the secrets key',
    );
  }
}
