/**
 * Leases of the scheduled jobs (issue 15): several server nodes on one PostgreSQL database run each
 * job once, on the node holding its lease; a node that stops or dies hands the job on when its lease
 * runs out (engine/jobs/job-leases.repository.ts).
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until', instant(dialect), (c) => c.notNull())
    .execute();
}
