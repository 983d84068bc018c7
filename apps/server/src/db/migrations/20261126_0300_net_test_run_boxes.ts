/**
 * Net tests, second slice (issue 14): which boxes (and so stores) a run reaches, kept when the run starts
 * so a region-limited user sees a run before its first result; and where a run was started from
 * (`company` console or `platform` admin console).
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('net_test_runs')
    .addColumn('started_from', 'text', (c) => c.notNull().defaultTo('company'))
    .execute();
  await tableWithId(db, dialect, 'net_test_run_boxes')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('net_test_runs.id').onDelete('cascade'))
    .addColumn('box_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('net_test_run_boxes_run')
    .on('net_test_run_boxes')
    .columns(['run_id', 'shop_id'])
    .execute();
}
