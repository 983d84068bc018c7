// The tamper-evident operation log on a real database (SQLite by default, PostgreSQL with TEST_DB=postgres):
// entries written by the writer form one hash chain, also with two writers on one database, and
// `npm run verify-operation-log` names the first entry someone changed or removed behind its back.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Database, type DB, openDatabase } from '../../db/database';
import { openTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../../testing/test-database';
import { insertOperationLogs, type NewOperationLog } from './audit.repository';
import { OperationLogWriter } from './operation-log.writer';
import { verifyOperationLog } from './operation-log-verify';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./verify-operation-log-cli.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

let store: TestDatabase;
/**
 * The second writer's database handle. PostgreSQL: a second pool, as a second server node has. SQLite
 * serves one node only (docs/decisions/server-core.md); better-sqlite3 is synchronous, so a second
 * connection in this process would block the first one's open transaction: both writers share the
 * handle, as two writers inside one server do.
 */
let second: Database;
let databaseUrl: string;

/** The same database as the test's, as the server (or a second node) would name it. */
async function urlOf(database: Database): Promise<string> {
  if (database.dialect === 'postgres')
    return `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${database.pgSchema}`)}`;
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(database.db);
  return `sqlite:${rows[0]?.file}`;
}

const entry = (n: number, userName = `user-${n}`): NewOperationLog => ({
  company_id: n % 3 === 0 ? null : 7,
  api_name: 'Change a box',
  class_method: 'devices.update',
  req_data: JSON.stringify({ body: { n, note: 'naïve ☃ \u{1F600}' } }),
  req_url: '/api/device-service/device/update',
  status: n % 5 === 0 ? 400 : 200,
  error_msg: n % 5 === 0 ? 'bad' : null,
  ip_address: '127.0.0.1',
  user_id: n % 3 === 0 ? null : n,
  user_name: userName,
  module_name: 'device',
  operation_time: 1_780_000_000_000 + n,
});

/** Runs the command as an operator would, against the test's database. */
async function verifyCommand(): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      timeout: 60_000,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const ids = async (db: Kysely<DB>) =>
  (await db.selectFrom('operation_logs').select('id').orderBy('id').execute()).map((r) => r.id);

beforeAll(async () => {
  store = await openTestDatabase();
  databaseUrl = await urlOf(store.database);
  second =
    store.database.dialect === 'postgres'
      ? openDatabase(TEST_POSTGRES_URL, { pgSchema: store.database.pgSchema })
      : store.database;
});
afterAll(async () => {
  if (second !== store?.database) await second?.close();
  await store?.cleanup();
});

describe('the operation log hash chain', () => {
  it('stays one intact chain when two writers on one database append at the same time', async () => {
    const log = pino({ level: 'silent' });
    const writers = [new OperationLogWriter(store.database.db, log), new OperationLogWriter(second.db, log)];
    // Interleaved pushes: batches of both writers are in flight together (flushes at 100 entries and on timers).
    for (let n = 0; n < 600; n += 1) {
      writers[n % 2]?.push(entry(n));
      if (n % 37 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all([
      writers[0]?.flush(),
      writers[1]?.flush(),
      insertOperationLogs(second.db, [entry(600), entry(601)]),
      insertOperationLogs(store.database.db, [entry(602)]),
    ]);
    expect(await ids(store.database.db)).toHaveLength(603);
    expect(await verifyOperationLog(store.database.db)).toEqual({ checked: 603, broken: null, anchor: null });
    const { code, out } = await verifyCommand();
    expect(out).toContain('603 entries checked');
    expect(out).toContain('intact');
    expect(code).toBe(0);
  });

  it('names the entry whose field was changed through SQL', async () => {
    const target = (await ids(store.database.db))[100] ?? 0;
    const before = await store.database.db
      .selectFrom('operation_logs')
      .select(['user_name', 'operation_time'])
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    await sql`update operation_logs set user_name = 'someone else' where id = ${target}`.execute(
      store.database.db,
    );
    const { code, out } = await verifyCommand();
    expect(code).toBe(1);
    expect(out).toContain(`BROKEN at entry ${target} (${new Date(before.operation_time).toISOString()})`);
    expect(out).toContain('its fields do not match its hash');
    expect(out).toContain('101 entries checked');
    // Put back as it was, the chain verifies again.
    await sql`update operation_logs set user_name = ${before.user_name} where id = ${target}`.execute(
      store.database.db,
    );
    expect((await verifyOperationLog(store.database.db)).broken).toBeNull();
  });

  it('names the entry after a deleted one, and the last one kept when the newest are deleted', async () => {
    const all = await ids(store.database.db);
    const [removed, next] = [all[300] ?? 0, all[301] ?? 0];
    await sql`delete from operation_logs where id = ${removed}`.execute(store.database.db);
    const { code, out } = await verifyCommand();
    expect(code).toBe(1);
    expect(out).toContain(`BROKEN at entry ${next} `);
    expect(out).toContain(`does not match the hash of entry ${all[299]}`);

    const report = await verifyOperationLog(store.database.db);
    expect(report.broken?.id).toBe(next);
    // A fresh chain for the truncation case: the head still names the newest entry.
    await sql`delete from operation_logs`.execute(store.database.db);
    await sql`update operation_log_head set last_hash = ${'0'.repeat(64)}`.execute(store.database.db);
    await insertOperationLogs(store.database.db, [entry(1), entry(2), entry(3)]);
    expect((await verifyOperationLog(store.database.db)).broken).toBeNull();
    const [first, middle, last] = await ids(store.database.db);
    await sql`delete from operation_logs where id = ${last}`.execute(store.database.db);
    const truncated = await verifyOperationLog(store.database.db);
    expect(truncated.broken).toMatchObject({
      id: middle,
      problem: expect.stringContaining('newest entries'),
    });
    expect(first).toBeLessThan(middle ?? 0);
  });

  it('starts at the oldest entry kept when older ones were removed, and says so', async () => {
    await sql`delete from operation_logs`.execute(store.database.db);
    await sql`update operation_log_head set last_hash = ${'0'.repeat(64)}`.execute(store.database.db);
    await insertOperationLogs(store.database.db, [entry(4), entry(5), entry(6)]);
    const [oldest] = await ids(store.database.db);
    await sql`delete from operation_logs where id = ${oldest}`.execute(store.database.db);
    const report = await verifyOperationLog(store.database.db);
    expect(report).toMatchObject({ checked: 2, broken: null });
    expect(report.anchor).toMatch(/^[0-9a-f]{64}$/);
  });
});
