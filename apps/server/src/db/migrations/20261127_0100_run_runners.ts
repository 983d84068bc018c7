/**
 * Runs on several server nodes (issue 15): each node's heartbeat (`server_nodes`, owned by
 * engine/cluster/server-nodes.repository.ts), and the node carrying out each net-test run and upgrade
 * run (`runner_node`; null for runs from before, which any node may take over). See
 * docs/decisions/operations.md "Runs on several nodes".
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);
  await db.schema
    .createTable('server_nodes')
    .addColumn('node', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', at, (c) => c.notNull())
    .addColumn('last_seen', at, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('net_test_runs').addColumn('runner_node', 'text').execute();
  await db.schema.alterTable('upgrade_runs').addColumn('runner_node', 'text').execute();
  // Every node looks for running runs at each heartbeat (upgrade_runs has its status index already).
  await db.schema.createIndex('net_test_runs_status').on('net_test_runs').column('status').execute();
}
