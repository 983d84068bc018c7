/** Net-test addresses (admin application), optionally per company. */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  await tableWithId(db, dialect, 'net_test_addresses')
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('ping_url', 'text', (c) => c.notNull())
    .addColumn('ping_url_name', 'text', (c) => c.notNull())
    .addColumn('upload_url', 'text')
    .addColumn('download_url', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('net_test_addresses_company')
    .on('net_test_addresses')
    .column('company_id')
    .execute();
}
