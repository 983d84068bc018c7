/**
 * What services and repositories need from the running server, built once in app.ts and handed to
 * every module's route registration (`(app, ctx) => void`). The monitoring engine's parts are created
 * by engine/engine.ts `createEngine` before the routes and are members here; nothing is looked up
 * elsewhere.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { PasswordHasher } from './auth/passwords';
import type { SessionEvents } from './auth/session-events';
import type { StreamTickets } from './auth/stream-tickets';
import type { TokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { Database, DB } from './db/database';
import type { AlertRulesCache } from './engine/alerting/rules-cache';
import type { ClusterBus } from './engine/cluster/cluster-bus';
import type { ServerNode } from './engine/cluster/server-node';
import type { EngineMetrics } from './engine/engine-metrics';
import type { BoxHub } from './engine/hub/box-hub';
import type { DeviceStatusBus } from './engine/ingest/status-bus';
import type { JobScheduler } from './engine/jobs/job-scheduler';
import type { MonitoringJobs } from './engine/jobs/monitoring-jobs';
import type { Notifier } from './engine/notifications/notifier';
import type { DeviceCaches } from './modules/devices/device-caches';
import type { UsageSumsCache } from './modules/usage/usage-sums-cache';
import type { OutboundPolicy } from './outbound/outbound-policy';

export interface AppContext {
  config: Config;
  /** The database handle: its dialect (for the few dialect-specific statements) and close(). */
  database: Database;
  /** The query builder, `database.db`: what services and repositories use for queries. */
  db: Kysely<DB>;
  passwords: PasswordHasher;
  tokens: TokenSigner;
  /** Single-use tickets that open a live-updates stream without the access token in the URL. */
  streamTickets: StreamTickets;
  /** "This user's sessions changed" (sign-out, disable, password, edit): open streams re-check theirs. */
  sessionEvents: SessionEvents;
  log: FastifyBaseLogger;
  /** Where the server may send on a user's behalf (outbound/outbound-policy.ts): every typed destination goes through it. */
  outbound: OutboundPolicy;
  /**
   * The device lists' exact totals and status counts, recent pages and dictionary names, each kept
   * until a committed write could change it (modules/devices/device-caches.ts).
   */
  deviceCaches: DeviceCaches;
  /** The usage reports' sums, kept until a committed write could change them (modules/usage/usage-sums-cache.ts). */
  usageSums: UsageSumsCache;
  /**
   * The box hub: live agent links, commands to a store's box (`hub.command`), config pushes after
   * device writes (`hub.notifyDevicesChanged` / `notifyStoreChanged`), `hub.notifyKeyRevoked`.
   */
  hub: BoxHub;
  /** Device status changes, published after the transaction that made them commits (live updates). */
  statusBus: DeviceStatusBus;
  /** Enabled alert rules per company; rule writes call `rulesCache.invalidate(companyId)` after commit. */
  rulesCache: AlertRulesCache;
  /** The monitoring jobs' passes (offline sweep, roll-up, retention) and the settings reader they use. */
  jobs: MonitoringJobs;
  /** Every periodic job, the engine's and the modules' (engine/jobs/job-scheduler.ts): timers and leases. */
  scheduler: JobScheduler;
  /** Alert notifications: queues deliveries for opened/recovered records and sends them. */
  notifier: Notifier;
  /** The figures `/metrics` serves (engine/engine-metrics.ts); routes add their latency in http/operations.ts. */
  metrics: EngineMetrics;
  /** The bus to the other server nodes (REDIS_URL), or null on a single node. */
  cluster: ClusterBus | null;
  /**
   * This server node (engine/cluster/server-node.ts): `node.id` names it everywhere (bus, job leases,
   * `runner_node` of the runs it carries out); its heartbeat lets another node take over its runs when
   * it is gone; runs `track` their execution and call `checkRunning` before each step.
   */
  node: ServerNode;
}
