/** PostgreSQL through a pg Pool, for deployments that outgrow one SQLite file or run several nodes. */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

import type { DB } from './database';
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

/**
 * Opens a pool on `url`; with `schema`, every pooled connection works inside that schema. Committed
 * writes are reported to `writes`.
 */
/** The pool's connections: open in all, idle among them, and requests waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export function openPostgres(
  url: string,
  writes: WriteWatches,
  schema?: string,
): { db: Kysely<DB>; poolUse: () => PoolUse } {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return {
    db: new Kysely<DB>({ dialect: withWriteWatch(new PostgresDialect({ pool }), writes) }),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
