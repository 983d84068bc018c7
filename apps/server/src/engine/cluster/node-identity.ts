/**
 * Who a server node is (issue 15): one identity per app instance, made once by buildApp (app.ts) and
 * used wherever the node names itself — the cluster bus, the job leases, its heartbeat row and the runs
 * it carries out. And the pure decision the heartbeats serve: is the node that carries a run out gone,
 * so that another node may take the run over? See docs/decisions/operations.md "Runs on several nodes".
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

export interface NodeIdentity {
  /** Host, process id and a random part: two apps in one process (tests) differ. */
  id: string;
  host: string;
  pid: number;
  /** Epoch ms this node (app instance) was made. */
  startedAt: number;
  /** Epoch ms this process started (several nodes of one process share it). */
  processStartedAt: number;
}

/** A new identity for an app instance starting now. */
export function newNodeIdentity(now = Date.now()): NodeIdentity {
  const host = hostname();
  return {
    id: `${host}:${process.pid}:${randomBytes(4).toString('hex')}`,
    host,
    pid: process.pid,
    startedAt: now,
    processStartedAt: Math.floor(now - process.uptime() * 1000),
  };
}

/** A node's heartbeat as read from `server_nodes`. */
export interface NodeBeat {
  node: string;
  host: string;
  pid: number;
  startedAt: number;
  lastSeen: number;
}

export interface Liveness {
  self: NodeIdentity;
  /** Every heartbeat row, by node id. */
  beats: ReadonlyMap<string, NodeBeat>;
  now: number;
  /** A node not seen for longer than this is gone. */
  staleAfterMs: number;
  /** Whether a process with this id runs on this host (`process.kill(pid, 0)`). */
  processAlive: (pid: number) => boolean;
}

/**
 * Whether `runner`, the node recorded as carrying a run out, is gone: no runner (a run from before the
 * column), no heartbeat row (the node stopped and removed it), a heartbeat older than `staleAfterMs`, or
 * an earlier incarnation of this node on this host — its process no longer exists, or it had this
 * process's id before this process started (a restarted container is pid 1 again). This node is never
 * gone to itself, and a node on another host only by its heartbeat.
 */
export function runnerGone(runner: string | null, liveness: Liveness): boolean {
  const { self, beats, now, staleAfterMs, processAlive } = liveness;
  if (runner === null) return true;
  if (runner === self.id) return false;
  const beat = beats.get(runner);
  if (!beat || now - beat.lastSeen > staleAfterMs) return true;
  if (beat.host !== self.host) return false;
  if (beat.pid === self.pid) return beat.startedAt < self.processStartedAt;
  return !processAlive(beat.pid);
}

/** Whether process `pid` exists on this host (EPERM: it does, owned by someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
