/** `server_nodes`: each server node's heartbeat (engine/cluster/server-nodes.repository.ts, migration 20261127_0100). */
export interface ServerNodesTable {
  /** The node's id (engine/cluster/node-identity.ts: host, process id and a random part). */
  node: string;
  /** The host name it runs on, and its process id there: a restart on the same host is recognised. */
  host: string;
  pid: number;
  /** Epoch ms the node started. */
  started_at: number;
  /** Epoch ms of its last heartbeat, by its own clock. */
  last_seen: number;
}

export interface ServerNodeTables {
  server_nodes: ServerNodesTable;
}
