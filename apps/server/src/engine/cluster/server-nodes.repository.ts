/**
 * The owning repository of `server_nodes` (issue 15): each server node's heartbeat, written by the node
 * (server-node.ts) every few seconds and read by every node to judge whether the node carrying a run
 * out is gone (node-identity.ts `runnerGone`).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';

import type { DB } from '../../db/database';
import type { NodeBeat, NodeIdentity } from './node-identity';

/** Writes `node`'s heartbeat at `now` (its row is made on the first beat, or again if it was removed). */
export async function beatNode(db: Kysely<DB>, node: NodeIdentity, now: number): Promise<void> {
  await db
    .insertInto('server_nodes')
    .values({ node: node.id, host: node.host, pid: node.pid, started_at: node.startedAt, last_seen: now })
    .onConflict((oc) => oc.column('node').doUpdateSet({ last_seen: now }))
    .execute();
}

/** Every node's heartbeat, by node id. */
export async function listNodeBeats(db: Kysely<DB>): Promise<Map<string, NodeBeat>> {
  const rows = await db.selectFrom('server_nodes').selectAll().execute();
  return new Map(
    rows.map((row) => [
      row.node,
      {
        node: row.node,
        host: row.host,
        pid: Number(row.pid),
        startedAt: Number(row.started_at),
        lastSeen: Number(row.last_seen),
      },
    ]),
  );
}

/** Removes `node`'s heartbeat (a node stopping: its runs are taken over at once). */
export async function removeNode(db: Kysely<DB>, node: string): Promise<void> {
  await db.deleteFrom('server_nodes').where('node', '=', node).execute();
}

/** Removes the heartbeats of nodes not seen since `before` (crashed long ago). */
export async function forgetNodesSeenBefore(db: Kysely<DB>, before: number): Promise<void> {
  await db.deleteFrom('server_nodes').where('last_seen', '<', before).execute();
}

/**
 * The condition "the run's `runner_node` is one of `runners`" (null: a run with none recorded), for the
 * run tables' takeover updates (net-test runs, upgrade runs). An explicit list, not a subquery on the
 * heartbeats: of two nodes claiming together, the second one's update re-reads the claimed row and no
 * longer matches it.
 */
export function runnerAmong(runners: readonly (string | null)[]): RawBuilder<boolean> {
  const named = runners.filter((runner): runner is string => runner !== null);
  const parts: RawBuilder<unknown>[] = [];
  if (named.length > 0) parts.push(sql`runner_node in (${sql.join(named)})`);
  if (runners.includes(null)) parts.push(sql`runner_node is null`);
  return parts.length > 0 ? sql<boolean>`(${sql.join(parts, sql` or `)})` : sql<boolean>`1 = 0`;
}
