/** The embedded default: one SQLite file through better-sqlite3. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';

import type { DB } from './database';

/** Opens (creating if needed) the SQLite file at `path`, or an in-memory database for `:memory:`. */
export function openSqlite(path: string): Kysely<DB> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SqliteDatabase(path);
  // WAL lets readers work while one writer commits; busy_timeout makes a second process wait, not fail.
  if (path !== ':memory:') database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}
