// The operation log's chain added to a database with entries from before: the migration chains them
// once, oldest first, and entries written afterwards continue that chain. On the test run's database
// (SQLite by default, PostgreSQL with TEST_DB=postgres), in a fresh unmigrated database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { insertOperationLogs } from '../../modules/audit/audit.repository';
import { verifyOperationLog } from '../../modules/audit/operation-log-verify';
import { postgresAdmin } from '../../testing/child-server';
import { TEST_POSTGRES_URL, testDialect } from '../../testing/test-database';
import { type Database, openDatabase } from '../database';
import { MIGRATIONS } from './index';

const THIS = '20261207_0700_operation_log_chain';
const schema = `t_chain_${randomBytes(5).toString('hex')}`;
let dir: string | null = null;
let database: Database;

beforeAll(async () => {
  if (testDialect() === 'postgres') {
    await postgresAdmin(`create schema ${schema}`);
    database = openDatabase(TEST_POSTGRES_URL, { pgSchema: schema });
  } else {
    dir = mkdtempSync(join(tmpdir(), 'storefleet-chain-'));
    database = openDatabase(`sqlite:${join(dir, 'test.db')}`);
  }
});
afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  else await postgresAdmin(`drop schema if exists ${schema} cascade`);
});

it('chains the entries written before it, and later entries continue the chain', async () => {
  const db = database.db as unknown as Kysely<unknown>;
  const steps = MIGRATIONS.findIndex(([name]) => name === THIS);
  for (const [, step] of MIGRATIONS.slice(0, steps)) await step.up(db, database.dialect);
  // 2,500 entries from before (more than one page of the migration), one with non-ASCII text.
  for (let start = 0; start < 2500; start += 500) {
    const values = Array.from({ length: 500 }, (_, i) => ({
      company_id: (start + i) % 2 === 0 ? 1 : null,
      api_name: 'Sign in',
      class_method: 'auth.login',
      req_data: JSON.stringify({ body: { username: `账号-${start + i}` } }),
      req_url: '/api/user-service/auth/login',
      status: 200,
      error_msg: null,
      ip_address: '127.0.0.1',
      user_id: null,
      user_name: `user-${start + i}`,
      module_name: 'auth',
      operation_time: 1_700_000_000_000 + start + i,
    }));
    await sql`insert into operation_logs ${sql.raw('(company_id, api_name, class_method, req_data, req_url, status, error_msg, ip_address, user_id, user_name, module_name, operation_time)')} values ${sql.join(
      values.map(
        (v) =>
          sql`(${v.company_id}, ${v.api_name}, ${v.class_method}, ${v.req_data}, ${v.req_url}, ${v.status}, ${v.error_msg}, ${v.ip_address}, ${v.user_id}, ${v.user_name}, ${v.module_name}, ${v.operation_time})`,
      ),
    )}`.execute(database.db);
  }
  for (const [, step] of MIGRATIONS.slice(steps)) await step.up(db, database.dialect);

  expect(await verifyOperationLog(database.db)).toEqual({ checked: 2500, broken: null, anchor: null });
  await insertOperationLogs(database.db, [
    {
      api_name: 'Sign out',
      class_method: 'auth.logout',
      req_data: '{}',
      req_url: '/api/user-service/auth/logout',
      status: 200,
      ip_address: '127.0.0.1',
      module_name: 'auth',
      operation_time: 1_700_000_010_000,
    },
  ]);
  expect(await verifyOperationLog(database.db)).toEqual({ checked: 2501, broken: null, anchor: null });
  await sql`update operation_logs set status = 500 where id = 1200`.execute(database.db);
  expect((await verifyOperationLog(database.db)).broken).toMatchObject({ id: 1200 });
});
