/**
 * What services and repositories need from the running server, built once in app.ts and handed to
 * every module's route registration (`(app, ctx) => void`). It is grouped in a few named parts: the
 * database (`db`, `database`), `config`, `log`, `outbound`, what signs people in (`auth`), the
 * monitoring engine (`engine`, created by engine/engine.ts `createEngine` before the routes) and the
 * modules' in-process caches (`caches`). Nothing is looked up elsewhere. A service that needs only a
 * few parts declares `Pick<AppContext, …>`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { PasswordHasher } from './auth/passwords';
import type { SessionEvents } from './auth/session-events';
import type { StreamTickets } from './auth/stream-tickets';
import type { TokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { Database, DB } from './db/database';
import type { Engine } from './engine/engine';
import type { JobScheduler } from './engine/jobs/job-scheduler';
import type { MonitoringJobs } from './engine/jobs/monitoring-jobs';
import type { DeviceCaches } from './modules/devices/device-caches';
import type { UsageSumsCache } from './modules/usage/usage-sums-cache';
import type { OutboundPolicy } from './outbound/outbound-policy';

/** What signs people in and keeps their sessions honest. */
export interface AuthParts {
  passwords: PasswordHasher;
  tokens: TokenSigner;
  /** Single-use tickets that open a live-updates stream without the access token in the URL. */
  streamTickets: StreamTickets;
  /** "This user's sessions changed" (sign-out, disable, password, edit): open streams re-check theirs. */
  sessionEvents: SessionEvents;
}

/** The modules' in-process caches, each kept until a committed write could change it. */
export interface CacheParts {
  /**
   * The device lists' exact totals and status counts, recent pages and dictionary names
   * (modules/devices/device-caches.ts).
   */
  devices: DeviceCaches;
  /** The usage reports' sums (modules/usage/usage-sums-cache.ts). */
  usageSums: UsageSumsCache;
}

export interface AppContext {
  config: Config;
  /** The database handle: its dialect (for the few dialect-specific statements) and close(). */
  database: Database;
  /** The query builder, `database.db`: what services and repositories use for queries. */
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** Where the server may send on a user's behalf (outbound/outbound-policy.ts): every typed destination goes through it. */
  outbound: OutboundPolicy;
  auth: AuthParts;
  /**
   * The monitoring engine (engine/engine.ts): the box hub, the status bus, the alert rules cache, the
   * notifier, the metrics, the cluster bus and this server node.
   */
  engine: Omit<Engine, 'jobs' | 'scheduler'>;
  caches: CacheParts;
  /** The monitoring jobs (offline sweep, roll-up, retention) and the settings reader they use. */
  jobs: MonitoringJobs;
  /** Every periodic job, the engine's and the modules' (engine/jobs/job-scheduler.ts): timers and leases. */
  scheduler: JobScheduler;
}
