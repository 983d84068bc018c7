// Killing the server in the middle of an import leaves every row or none: the real server process is
// SIGKILLed while the import's write transaction is open (seen from outside: SQLite's write lock is
// held, or PostgreSQL shows the import's insert), then the database is opened again and counted.
import { AuthEndpoints, InventoryEndpoints as E, fillPath } from '@storefleet/contracts';
import BetterSqlite from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';

import { workbookOf } from '../../files/spreadsheet-test-support';
import { type ChildServerSite, childServerSite, postgresAdmin } from '../../testing/child-server';
import { DEMO_PASSWORD } from '../../testing/test-app';

const ROWS = 30_000;
let site: ChildServerSite | null = null;

afterAll(async () => site?.cleanup());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('leaves every row or none when the server is killed mid-import', async () => {
  const server = await childServerSite('storefleet-inventory-kill-');
  site = server;
  const { sqliteFile, baseUrl: base } = server;
  await server.start(180_000);
  const login = await fetch(`${base}${AuthEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;

  const store = await server
    .database()
    .db.selectFrom('stores')
    .innerJoin('companies', 'companies.id', 'stores.company_id')
    .select('stores.id')
    .where('companies.company_no', '=', 'NW001')
    .orderBy('stores.id')
    .executeTakeFirstOrThrow();
  await server.closeDatabase();

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
    if (!sqliteFile) {
      const active = await postgresAdmin(
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
  const outcome = await importing;
  expect(outcome).toHaveProperty('error'); // the reply never came

  const counted = await server
    .database()
    .db.selectFrom('inventory_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('asset_no', 'like', 'K-%')
    .executeTakeFirstOrThrow();
  expect([0, ROWS]).toContain(Number(counted.n));
}, 600_000);
