/**
 * What the engine's own parts (hub, ingest, jobs, notifier, node) are built from: the database, the
 * log, the secrets' keys and the shared monitoring pieces that createEngine (engine.ts) makes first.
 * The parts declare `Pick<EngineParts, …>` of it rather than of the application context, so the engine
 * does not depend on context.ts (which depends on the engine's interface).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { Database, DB } from '../db/database';
import type { SecretKeyRing } from '../secrets/secret-keys';
import type { AlertRulesCache } from './alerting/rules-cache';
import type { EngineMetrics } from './engine-metrics';
import type { DeviceStatusBus } from './ingest/status-bus';

export interface EngineParts {
  /** The database handle: its dialect and the write watches. */
  database: Database;
  /** The query builder, `database.db`. */
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** The keys of the secrets sealed at rest (box keys, communities, notification settings). */
  secrets: SecretKeyRing;
  /** Device status changes and alert record changes, published after their transaction commits. */
  statusBus: DeviceStatusBus;
  /** Enabled alert rules per company. */
  rulesCache: AlertRulesCache;
  /** What the engine counts for `/metrics`. */
  metrics: EngineMetrics;
}
