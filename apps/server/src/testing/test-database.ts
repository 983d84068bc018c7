/**
 * A fresh, migrated database for one test file: SQLite in a temporary folder by default; with
 * TEST_DB=postgres, a new schema `t_<random>` in the PostgreSQL at TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), dropped again by `cleanup()`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { type Database, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

export interface TestDatabase {
  database: Database;
  /** Closes the database and removes it (temporary folder or schema). */
  cleanup(): Promise<void>;
}

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Which database the server tests run on. */
export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export async function openTestDatabase(): Promise<TestDatabase> {
  return testDialect() === 'postgres' ? openPostgresSchema() : openSqliteFile();
}

async function openSqliteFile(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'storefleet-test-'));
  const database = openDatabase(`sqlite:${join(dir, 'test.db')}`);
  await migrateToLatest(database);
  return {
    database,
    cleanup: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openPostgresSchema(): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const database = openDatabase(TEST_POSTGRES_URL, { pgSchema: schema });
  await migrateToLatest(database);
  return {
    database,
    cleanup: async () => {
      await database.close();
      await adminQuery(`drop schema if exists ${schema} cascade`);
    },
  };
}
