/**
 * One or several server nodes on one database, each the real server as a child process
 * (server-child.ts). Several nodes form a cluster as in production (README "Running in production"):
 * the same `DATABASE_URL` (PostgreSQL), `JWT_SECRET`, `DATA_DIR` and `REDIS_URL` (Redis on
 * 127.0.0.1:6379); the first node starts alone (on an empty database it migrates and seeds), the
 * others once it is up. One node gets no Redis: a single node does not need it.
 */
import { randomBytes } from 'node:crypto';

import { type ServerChild, startServer } from './server-child';

/** The Redis every machine of this project runs (loopback). */
export const BENCH_REDIS_URL = 'redis://127.0.0.1:6379';

export interface ServerNodes {
  nodes: ServerChild[];
  /** Resident set size of each node now, bytes. */
  rss(): number[];
  /** Stops every node (SIGTERM, SIGKILL after the grace). */
  stop(): Promise<void>;
}

/** Starts `count` nodes on `databaseUrl`; `extraArgs` go to node's `node` command line (profiles). */
export async function startServerNodes(
  databaseUrl: string,
  dataDir: string,
  count: number,
  extraArgs: readonly string[] = [],
): Promise<ServerNodes> {
  if (count > 1 && !databaseUrl.startsWith('postgres')) {
    throw new Error('several server nodes need PostgreSQL (SQLite is one process’s file)');
  }
  const env: Record<string, string> =
    count > 1 ? { JWT_SECRET: randomBytes(32).toString('base64url'), REDIS_URL: BENCH_REDIS_URL } : {};
  const nodes: ServerChild[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
  };
  try {
    for (let i = 0; i < count; i++) nodes.push(await startServer(databaseUrl, dataDir, extraArgs, env));
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes, rss: () => nodes.map((node) => node.rss()), stop };
}
