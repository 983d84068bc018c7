// Which failures mean "the database is not answering" (503, retried) and which stay failures of the
// request or the data: told from errors the real drivers raise, plus the SQLSTATEs of a PostgreSQL
// shutdown that only a live server can send.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { freePort } from '../testing/child-server';
import { DatabaseOutage, OUTAGE_MEMORY_MS } from './database-outage';
import { isDatabaseUnavailable } from './database-unavailable';

const dir = mkdtempSync(join(tmpdir(), 'storefleet-unavailable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error `run` throws (it must throw). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

async function rejectionOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function sqliteFile(name: string): SqliteDatabase.Database {
  const db = new SqliteDatabase(join(dir, name));
  db.pragma('journal_mode = WAL');
  db.exec('create table t (a text unique)');
  return db;
}

describe('SQLite failures', () => {
  it('counts a read-only file, a full disk and a lock held past the busy timeout as unavailable', () => {
    const db = sqliteFile('a.db');
    db.prepare('insert into t values (?)').run('x');
    const readOnly = new SqliteDatabase(join(dir, 'a.db'), { readonly: true });
    const refused = thrownBy(() => readOnly.prepare('insert into t values (?)').run('y'));
    expect((refused as { code: string }).code).toMatch(/^SQLITE_READONLY/);
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const other = new SqliteDatabase(join(dir, 'a.db'));
    other.pragma('busy_timeout = 0');
    db.exec('begin immediate');
    const busy = thrownBy(() => other.prepare('insert into t values (?)').run('z'));
    db.exec('rollback');
    expect((busy as { code: string }).code).toMatch(/^SQLITE_BUSY/);
    expect(isDatabaseUnavailable(busy)).toBe(true);

    db.pragma('max_page_count = 1');
    const full = thrownBy(() => {
      for (let i = 0; i < 1000; i++) db.prepare('insert into t values (?)').run(`${i}${'x'.repeat(2000)}`);
    });
    expect((full as { code: string }).code).toBe('SQLITE_FULL');
    expect(isDatabaseUnavailable(full)).toBe(true);
    for (const handle of [readOnly, other, db]) handle.close();
  });

  it('leaves a broken rule, a mistyped statement and other errors to the request', () => {
    const db = sqliteFile('b.db');
    db.prepare('insert into t values (?)').run('x');
    const duplicate = thrownBy(() => db.prepare('insert into t values (?)').run('x'));
    expect((duplicate as { code: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isDatabaseUnavailable(thrownBy(() => db.prepare('selec 1').run()))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('SQLITE_BUSY')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    db.close();
  });
});

describe('PostgreSQL failures', () => {
  const silent: Socket[] = [];
  let listener: Server | null = null;
  afterAll(async () => {
    for (const socket of silent) socket.destroy();
    await new Promise((resolve) => (listener ? listener.close(resolve) : resolve(null)));
  });

  it('counts a refused connection and a connect timeout of the pool as unavailable', async () => {
    const port = await freePort();
    const refused = await rejectionOf(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
      await client.connect();
    });
    expect(isDatabaseUnavailable(refused)).toBe(true);

    // A listener that accepts and never answers: a database behind a dead network.
    listener = createServer((socket) => silent.push(socket));
    await new Promise<void>((resolve) => listener?.listen(0, '127.0.0.1', resolve));
    const address = listener.address();
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: typeof address === 'object' && address ? address.port : 0,
      user: 'x',
      database: 'x',
      connectionTimeoutMillis: 200,
    });
    pool.on('error', () => undefined);
    const timedOut = await rejectionOf(() => pool.query('select 1'));
    await pool.end();
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
  });

  it('counts a shutdown and a connection exception as unavailable, a unique violation not', () => {
    const sqlState = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable(sqlState(code)), code).toBe(true);
    }
    for (const code of ['23505', '40P01', '42601', '22001']) {
      expect(isDatabaseUnavailable(sqlState(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('x', { cause: sqlState('57P01') }))).toBe(true);
  });
});

describe('the outage /ready reports', () => {
  const event = (sql: string, error?: unknown): LogEvent => {
    const query = CompiledQuery.raw(sql);
    return error === undefined
      ? { level: 'query', query, queryDurationMillis: 1 }
      : { level: 'error', error, query, queryDurationMillis: 1 };
  };
  const readOnly = Object.assign(new Error('attempt to write a readonly database'), {
    code: 'SQLITE_READONLY',
  });
  const terminated = Object.assign(new Error('terminating connection'), { code: '57P01' });

  it('stays while reads pass on a disk that refuses writes, and ends with the first write that passes', () => {
    let now = 0;
    const outage = new DatabaseOutage(() => now);
    outage.hear(event('insert into t values (1)', readOnly));
    outage.hear(event('select 1'));
    expect(outage.current()).toMatch(/readonly/);
    outage.hear(event('insert into t values (2)'));
    expect(outage.current()).toBeNull();
    outage.hear(event('insert into t values (3)', readOnly));
    now += OUTAGE_MEMORY_MS + 1;
    expect(outage.current()).toBeNull();
  });

  it('ends with any statement that passes after a lost connection, and ignores other failures', () => {
    const outage = new DatabaseOutage(() => 0);
    outage.hear(event('select 1', terminated));
    expect(outage.current()).toMatch(/terminating connection/);
    outage.hear(event('select 1'));
    expect(outage.current()).toBeNull();
    outage.hear(event('insert into t values (1)', Object.assign(new Error('dup'), { code: '23505' })));
    expect(outage.current()).toBeNull();
  });
});
