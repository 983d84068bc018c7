/**
 * A fresh, empty database per benchmark run: a new SQLite file in a scratch folder, or a new
 * PostgreSQL database on the local server (dropped afterwards). Only loopback PostgreSQL is used.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import pg from 'pg';

import type { DialectName } from '../../apps/server/src/db/database';
import { scratchDir } from './bench-paths';

/** The PostgreSQL server the benchmarks create their databases on (BENCH_PG_URL overrides). */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface FreshDatabase {
  dialect: DialectName;
  /** DATABASE_URL for the server. */
  url: string;
  /** A scratch folder for the server's DATA_DIR and any files of the run. */
  dir: string;
  drop(): Promise<void>;
}

function checkLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`BENCH_PG_URL must point at this machine (127.0.0.1), not ${host}`);
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates an empty database of `dialect` for one run. */
export async function freshDatabase(dialect: DialectName, label: string): Promise<FreshDatabase> {
  const scratch = scratchDir(`${label}-${dialect}`);
  if (dialect === 'sqlite') {
    return {
      dialect,
      url: `sqlite:${join(scratch.path, 'storefleet.db')}`,
      dir: scratch.path,
      drop: async () => scratch.remove(),
    };
  }
  checkLoopback(PG_ADMIN_URL);
  const name = `bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    dir: scratch.path,
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      scratch.remove();
    },
  };
}

/** Which databases to run on: `--db sqlite`, `--db postgres` or both (default). */
export function dialectsFromArgs(argv: readonly string[]): DialectName[] {
  const index = argv.indexOf('--db');
  const wanted = index >= 0 ? argv[index + 1] : undefined;
  if (wanted === 'sqlite' || wanted === 'postgres') return [wanted];
  if (wanted !== undefined) throw new Error('--db must be sqlite or postgres');
  return ['sqlite', 'postgres'];
}
