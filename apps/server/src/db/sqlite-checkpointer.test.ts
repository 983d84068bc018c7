// The server's SQLite connection leaves WAL checkpoints to a worker thread: committed rows reach the
// database file although the writer itself never checkpoints below its fallback size.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import { openDatabase } from './database';

const dir = mkdtempSync(join(tmpdir(), 'storefleet-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite WAL checkpoints', () => {
  it('copies committed pages into the database file from the worker, and closes cleanly', async () => {
    const file = join(dir, 'wal.db');
    const warnings: string[] = [];
    const database = openDatabase(`sqlite:${file}`, { onWarning: (m) => warnings.push(m) });
    await sql`create table t (id integer primary key, body text)`.execute(database.db);
    const before = statSync(file).size;
    // ~2 MB of rows: far below the writer's own fallback (10,000 pages), so only the worker checkpoints.
    const body = 'x'.repeat(1000);
    for (let batch = 0; batch < 20; batch++) {
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 100; i++) await sql`insert into t (body) values (${body})`.execute(trx);
      });
    }
    await expect
      .poll(() => statSync(file).size, { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(before + 1_500_000);
    await database.close();
    const reopened = openDatabase(`sqlite:${file}`);
    const row = await sql<{ n: number }>`select count(*) as n from t`.execute(reopened.db);
    expect(Number(row.rows[0]?.n)).toBe(2000);
    await reopened.close();
    expect(warnings).toEqual([]);
  });
  it('lets a process that closes the database finish its work and exit', () => {
    // The worker is unreferenced while it runs; closing must still keep the process alive until the
    // worker has ended, or code after `await close()` never runs.
    const module = fileURLToPath(new URL('./database.ts', import.meta.url));
    const script = `
      const { openDatabase } = await import(${JSON.stringify(module)});
      const database = openDatabase(${JSON.stringify(`sqlite:${join(dir, 'exit.db')}`)});
      await database.db.selectFrom('sqlite_master').selectAll().execute();
      await database.close();
      console.log('closed');
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(output.trim()).toBe('closed');
  });
});
