/** The embedded default: one SQLite file through better-sqlite3. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';

import type { DB } from './database';
import type { DatabaseOutage } from './database-outage';
import { FALLBACK_PAGES, startCheckpointer } from './sqlite-checkpointer';
import { type WriteWatches, withWriteWatch } from './write-watch';

/**
 * Every commit reaches the disk before it returns: with WAL, FULL syncs the log at each commit, NORMAL
 * only at checkpoints, so a power loss or OS crash could undo the last commits. The hub acks values
 * after commit and the agent then deletes its copy, so an ack must outlive power loss. FULL for the
 * whole connection, not only ingest: the server has one connection (Kysely's SQLite driver runs every
 * query on it). Cost under ingest: bench/README.md.
 */
export const SQLITE_SYNCHRONOUS = 'FULL';

/** How many prepared statements the connection keeps (least recently used dropped first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite dialect sees it, with prepared statements kept by SQL text.
 * Kysely prepares every query it runs; preparing a 1000-row insert costs SQLite as much as running
 * it (a tenth of ingest CPU in bench/ingest.ts), and every page of the console repeats the same few
 * texts. Safe to share: Kysely runs one query at a time on the connection and we never stream, so
 * a cached statement is never re-entered while busy.
 */
function withStatementCache(database: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteDatabase.Statement {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

export interface OpenedSqlite {
  db: Kysely<DB>;
  /** Closes the connection, then stops the checkpoint worker (file databases). */
  close(): Promise<void>;
}

/**
 * Opens (creating if needed) the SQLite file at `path`, or an in-memory database for `:memory:`. A file
 * database gets its WAL checkpoints from a worker thread (sqlite-checkpointer.ts); `onWarning` hears
 * when one fails. Committed writes are reported to `writes`, every statement's outcome to `outage`.
 */
export function openSqlite(
  path: string,
  writes: WriteWatches,
  onWarning: (message: string) => void = () => {},
  outage?: DatabaseOutage,
): OpenedSqlite {
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const database = new SqliteDatabase(path);
  // WAL lets readers work while one writer commits; busy_timeout makes a second process wait, not fail.
  if (!inMemory) {
    database.pragma('journal_mode = WAL');
    database.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  }
  database.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const checkpointer = inMemory
    ? null
    : startCheckpointer(path, (message) => onWarning(`WAL checkpoint failed: ${message}`));
  const db = new Kysely<DB>({
    dialect: withWriteWatch(new SqliteDialect({ database: withStatementCache(database) }), writes),
    ...(outage ? { log: outage.hear } : {}),
  });
  return {
    db,
    close: async () => {
      await db.destroy();
      await checkpointer?.stop();
    },
  };
}
