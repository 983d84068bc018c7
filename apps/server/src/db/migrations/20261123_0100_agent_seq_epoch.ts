/**
 * `devices.agent_epoch`: the epoch of the seq counters a reporter (box or device-mode agent) last said
 * hello with (agent protocol). When a hello names another epoch (re-imaged box, wiped data directory)
 * the hub forgets the reporter's seq marks, so its new numbers, which start again at 1, are stored.
 * Null: no epoch seen yet (taken as the legacy epoch of agents older than epochs).
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';

export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('devices').addColumn('agent_epoch', 'text').execute();
}
