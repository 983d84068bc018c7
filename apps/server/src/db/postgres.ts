/** PostgreSQL through a pg Pool, for deployments that outgrow one SQLite file or run several nodes. */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

import type { DB } from './database';
import type { DatabaseOutage } from './database-outage';
import { type WriteWatches, withWriteWatch } from './write-watch';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * bigint (epoch-millisecond instants, counts) and numeric (averages) come back as JS numbers, as they do
 * from SQLite. Instants and counts are far below 2^53; averages of metrics tolerate double precision.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** The pool's connections: open in all, idle among them, and requests waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * How long a call waits for a connection before it fails as "database not answering" (503): a
 * database that is down or unreachable never makes a request hang (issue 31 §1).
 */
export const CONNECT_TIMEOUT_MS = 5_000;
/** TCP keepalive on every connection, so a link a failover or a dead network left half-open is found. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * Opens a pool on `url`; with `schema`, every pooled connection works inside that schema. Committed
 * writes are reported to `writes`, every statement's outcome to `outage`. A connection that breaks (a PostgreSQL restart, `pg_terminate_backend`,
 * `idle_session_timeout`, a pooler restart) is told to `onWarning` and dropped from the pool, never
 * left as an unhandled `error` event that would end the process.
 */
export function openPostgres(
  url: string,
  writes: WriteWatches,
  schema?: string,
  onWarning: (message: string) => void = () => {},
  outage?: DatabaseOutage,
): { db: Kysely<DB>; poolUse: () => PoolUse } {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const broken = (error: Error) =>
    onWarning(`PostgreSQL connection lost (${error.message}); the pool opens a new one when needed`);
  // An idle client's error reaches the pool (which drops the client); a checked-out client's reaches the
  // client itself, and its query fails and is answered 503.
  pool.on('error', broken);
  pool.on('connect', (client) => client.on('error', broken));
  return {
    db: new Kysely<DB>({
      dialect: withWriteWatch(new PostgresDialect({ pool }), writes),
      ...(outage ? { log: outage.hear } : {}),
    }),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
