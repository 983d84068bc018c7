/**
 * Heartbeats of nodes that are not apps of the test: this node's earlier incarnation (same host, a
 * process that has exited, a fresh heartbeat — as right after a crash and restart) and a live node on
 * another host.
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';

import type { Kysely } from 'kysely';

import type { DB } from '../../../db/database';
import type { NodeIdentity } from '../node-identity';
import { beatNode } from '../server-nodes.repository';

/** The id of a node that ran on this host in a process that has exited, its heartbeat written just now. */
export async function insertEarlierIncarnation(db: Kysely<DB>): Promise<string> {
  const exited = spawnSync(process.execPath, ['-e', '']);
  const now = Date.now();
  const node: NodeIdentity = {
    id: `${hostname()}:${exited.pid}:earlier`,
    host: hostname(),
    pid: exited.pid ?? 0,
    startedAt: now - 60_000,
    processStartedAt: now - 60_000,
  };
  await beatNode(db, node, now);
  return node.id;
}

/** The id of a node on another host that beats now (call again to keep it alive). */
export async function beatNodeElsewhere(db: Kysely<DB>, id = 'another-host:4242:elsewhere'): Promise<string> {
  const node: NodeIdentity = {
    id,
    host: 'another-host',
    pid: 4242,
    startedAt: Date.now() - 60_000,
    processStartedAt: Date.now() - 60_000,
  };
  await beatNode(db, node, Date.now());
  return node.id;
}
