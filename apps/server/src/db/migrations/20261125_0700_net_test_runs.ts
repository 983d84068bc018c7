/** Net tests run from the store boxes (issue 14): one run, and one result per box and address. */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  await tableWithId(db, dialect, 'net_test_runs')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('box_count', 'integer', (c) => c.notNull())
    .addColumn('address_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('finished_at', at)
    .execute();
  await db.schema
    .createIndex('net_test_runs_company')
    .on('net_test_runs')
    .columns(['company_id', 'created_at'])
    .execute();
  await tableWithId(db, dialect, 'net_test_results')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('net_test_runs.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('box_id', 'integer', (c) => c.notNull())
    .addColumn('address_id', 'integer', (c) => c.notNull())
    .addColumn('address_name', 'text', (c) => c.notNull())
    .addColumn('ping_url', 'text', (c) => c.notNull())
    .addColumn('tested_at', at, (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('delay_ms', 'real')
    .addColumn('jitter_ms', 'real')
    .addColumn('loss_rate', 'real')
    .addColumn('download_bps', 'real')
    .addColumn('upload_bps', 'real')
    .addColumn('error_msg', 'text')
    .execute();
  await db.schema.createIndex('net_test_results_run').on('net_test_results').column('run_id').execute();
  await db.schema
    .createIndex('net_test_results_latest')
    .on('net_test_results')
    .columns(['company_id', 'shop_id', 'address_id', 'tested_at'])
    .execute();
}
