// Acknowledged means durable: the server's SQLite connection syncs every commit (synchronous=FULL), so
// values the hub acked after commit survive a power loss, not only a process crash. Read back on the
// connection the server opens (openDatabase, as server.ts does), which every query runs on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';

import { openDatabase } from './database';

const dir = mkdtempSync(join(tmpdir(), 'storefleet-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `PRAGMA synchronous` values: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
const FULL = 2;

it('commits with synchronous=FULL on the write-ahead log of the server’s connection', async () => {
  const database = openDatabase(`sqlite:${join(dir, 'storefleet.db')}`);
  try {
    const { rows: synchronous } = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
    expect(synchronous).toEqual([{ synchronous: FULL }]);
    const { rows: journal } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
    expect(journal).toEqual([{ journal_mode: 'wal' }]);
  } finally {
    await database.close();
  }
});
