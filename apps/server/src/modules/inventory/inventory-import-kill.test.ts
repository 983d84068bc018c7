// Killing the server in the middle of an import leaves every row or none: the real server process is
// SIGKILLed while the import's write transaction is open (seen from outside: SQLite's write lock is
// held, or PostgreSQL shows the import's insert), then the database is opened again and counted.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { AuthEndpoints, InventoryEndpoints as E, fillPath } from '@storefleet/contracts';
import BetterSqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';

import { type Database, openDatabase } from '../../db/database';
import { type ServerProcess, startServerProcess } from '../../engine/hub/test-support/server-process';
import { workbookOf } from '../../http/spreadsheet-test-support';
import { DEMO_PASSWORD } from '../../testing/test-app';
import { TEST_POSTGRES_URL, testDialect } from '../../testing/test-database';

const ROWS = 30_000;
const dir = mkdtempSync(join(tmpdir(), 'storefleet-inventory-kill-'));
const schema = `t_${randomBytes(6).toString('hex')}`;
let server: ServerProcess | null = null;
let database: Database | null = null;

async function admin(text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
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

afterAll(async () => {
  await server?.kill();
  await database?.close();
  if (testDialect() === 'postgres') await admin(`drop schema if exists ${schema} cascade`);
  rmSync(dir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('leaves every row or none when the server is killed mid-import', async () => {
  const sqliteFile = join(dir, 'storefleet.db');
  let databaseUrl: string;
  if (testDialect() === 'postgres') {
    await admin(`create schema ${schema}`);
    databaseUrl = `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  } else {
    databaseUrl = `sqlite:${sqliteFile}`;
  }
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(dir, 'data'),
    DEMO: '1',
    SIMULATOR: '0',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SHUTDOWN_GRACE_MS: '0',
  };
  const port = await freePort();
  server = await startServerProcess(env, port, 180_000);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}${AuthEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;

  const open = () =>
    testDialect() === 'postgres'
      ? openDatabase(TEST_POSTGRES_URL, { pgSchema: schema })
      : openDatabase(databaseUrl);
  database = open();
  const store = await database.db
    .selectFrom('stores')
    .innerJoin('companies', 'companies.id', 'stores.company_id')
    .select('stores.id')
    .where('companies.company_no', '=', 'NW001')
    .orderBy('stores.id')
    .executeTakeFirstOrThrow();
  await database.close();
  database = null;

  const rows: string[][] = [['Asset number', 'Device name', 'Category', 'Class']];
  for (let i = 0; i < ROWS; i++)
    rows.push([`K-${String(i).padStart(6, '0')}`, `Kill ${i}`, 'terminal', 'pc']);
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(workbookOf(rows))]), 'assets.xlsx');
  let settled = false;
  const importing = fetch(`${base}${fillPath(E.importExcelInventory.path, { shopId: store.id })}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(
    (res) => ({ status: res.status }),
    (error: unknown) => ({ error }),
  );
  void importing.finally(() => {
    settled = true;
  });

  // The import's write transaction, seen from outside.
  const writing = async (): Promise<boolean> => {
    if (testDialect() === 'postgres') {
      const active = await admin(
        `select 1 from pg_stat_activity where query ilike 'insert into "inventory_records"%' and state <> 'idle'`,
      );
      return active.length > 0;
    }
    const probe = new BetterSqlite(sqliteFile, { timeout: 0 });
    try {
      probe.exec('BEGIN IMMEDIATE');
      probe.exec('ROLLBACK');
      return false;
    } catch {
      return true; // another connection holds the write lock: the import's transaction
    } finally {
      probe.close();
    }
  };
  let caught = false;
  const deadline = Date.now() + 400_000;
  while (!settled && Date.now() < deadline) {
    if (await writing()) {
      caught = true;
      break;
    }
    await pause(10);
  }
  expect(caught, 'the import was seen writing before it ended').toBe(true);
  await server.kill();
  server = null;
  const outcome = await importing;
  expect(outcome).toHaveProperty('error'); // the reply never came

  database = open();
  const counted = await database.db
    .selectFrom('inventory_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('asset_no', 'like', 'K-%')
    .executeTakeFirstOrThrow();
  expect([0, ROWS]).toContain(Number(counted.n));
}, 600_000);
