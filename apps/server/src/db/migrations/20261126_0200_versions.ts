/** Box software versions (issue 14): version packages, upgrade runs and each run's boxes. */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  await tableWithId(db, dialect, 'agent_versions')
    .addColumn('version_no', 'text', (c) => c.notNull().unique())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .execute();
  await tableWithId(db, dialect, 'upgrade_runs')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('agent_versions.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('wave_size', 'integer', (c) => c.notNull())
    .addColumn('failure_threshold', 'integer', (c) => c.notNull())
    .addColumn('current_wave', 'integer', (c) => c.notNull())
    .addColumn('wave_count', 'integer', (c) => c.notNull())
    .addColumn('halt_reason', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('finished_at', at)
    .execute();
  await db.schema
    .createIndex('upgrade_runs_company')
    .on('upgrade_runs')
    .columns(['company_id', 'created_at'])
    .execute();
  await db.schema.createIndex('upgrade_runs_status').on('upgrade_runs').column('status').execute();
  await tableWithId(db, dialect, 'upgrade_run_boxes')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('upgrade_runs.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('box_id', 'integer', (c) => c.notNull())
    .addColumn('wave', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('reported_version', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upgrade_run_boxes_run')
    .on('upgrade_run_boxes')
    .columns(['run_id', 'wave'])
    .execute();
}
