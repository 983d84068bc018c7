/**
 * Test support: a site for the real server as a child process (engine/hub/test-support/server-process.ts)
 * on the test's database kind: a temporary folder (data folder, SQLite file) or a fresh PostgreSQL
 * schema, a free loopback port, the server's environment (demo data, no simulator, a fresh JWT secret,
 * no shutdown grace), and the same database opened from the test to look inside. Crash tests SIGKILL
 * the server mid-write and start it again on the same data:
 *
 *   const site = await childServerSite('storefleet-restart-');
 *   afterAll(() => site.cleanup());
 *   await site.start();
 *   const db = site.database().db;
 *   await site.kill();      // like a crash: no shutdown code runs
 *   await site.start();     // same database, data folder and port
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { type Database, openDatabase } from '../db/database';
import { type ServerProcess, startServerProcess } from '../engine/hub/test-support/server-process';
import { TEST_SECRETS_KEY } from './test-app';
import { TEST_POSTGRES_URL, testDialect } from './test-database';

export interface ChildServerSite {
  /** The temporary folder: the data folder and the SQLite file live under it. */
  dir: string;
  /** The SQLite database file (null on PostgreSQL). */
  sqliteFile: string | null;
  /** The PostgreSQL schema (null on SQLite). */
  pgSchema: string | null;
  /** The server's environment (PORT and HOST are added at start). */
  env: Record<string, string>;
  port: number;
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string;
  /** Starts the server (again, after `kill`) on the site's port and data; resolves once it listens. */
  start(startTimeoutMs?: number): Promise<ServerProcess>;
  /** SIGKILLs the running server, if any, and waits for its exit. */
  kill(): Promise<void>;
  /** The site's database opened in the test process (opened on first use, shared until closed). */
  database(): Database;
  closeDatabase(): Promise<void>;
  /** Kills the server, closes the database, removes the folder and the schema. */
  cleanup(): Promise<void>;
}

/** Runs `text` on the PostgreSQL test server outside any test schema (create/drop schema, pg_stat_activity). */
export async function postgresAdmin(text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A new site (folder named after `prefix`, schema, port); nothing runs until `start`. `dialect`
 * overrides the test run's database kind (several server nodes need PostgreSQL in either run).
 */
export async function childServerSite(
  prefix: string,
  options: { dialect?: 'sqlite' | 'postgres' } = {},
): Promise<ChildServerSite> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const postgres = (options.dialect ?? testDialect()) === 'postgres';
  const pgSchema = postgres ? `t_${randomBytes(6).toString('hex')}` : null;
  const sqliteFile = postgres ? null : join(dir, 'storefleet.db');
  if (pgSchema) await postgresAdmin(`create schema ${pgSchema}`);
  const databaseUrl = pgSchema
    ? `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${pgSchema}`)}`
    : `sqlite:${sqliteFile}`;
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(dir, 'data'),
    DEMO: '1',
    SIMULATOR: '0',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    // The tests' key: fixtures written straight to the database are sealed as this server reads them.
    SECRETS_KEY: TEST_SECRETS_KEY,
    SHUTDOWN_GRACE_MS: '0',
  };
  const port = await freePort();
  let server: ServerProcess | null = null;
  let database: Database | null = null;

  const site: ChildServerSite = {
    dir,
    sqliteFile,
    pgSchema,
    env,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    async start(startTimeoutMs) {
      if (server) throw new Error('the server is running: kill it first');
      server = await startServerProcess(env, port, startTimeoutMs);
      return server;
    },
    async kill() {
      const running = server;
      server = null;
      await running?.kill();
    },
    database() {
      database ??= pgSchema ? openDatabase(TEST_POSTGRES_URL, { pgSchema }) : openDatabase(databaseUrl);
      return database;
    },
    async closeDatabase() {
      const open = database;
      database = null;
      await open?.close();
    },
    async cleanup() {
      await site.kill();
      await site.closeDatabase();
      if (pgSchema) await postgresAdmin(`drop schema if exists ${pgSchema} cascade`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return site;
}
