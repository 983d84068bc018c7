// Migration 20261127_0200 on a database with usage rows from before it: the rows get the run columns,
// their days a mark and their city sums exactly as the repository works them out (a rebuild after the
// migration changes nothing). SQLite by default, PostgreSQL with TEST_DB=postgres (a schema of its own).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rebuildCompanyUsageRuns } from '../../modules/usage/jobs/usage-days.repository';
import { TEST_POSTGRES_URL, testDialect } from '../../testing/test-database';
import { type Database, openDatabase } from '../database';
import { up } from './20261127_0200_usage_city_days';
import { MIGRATIONS } from './index';

const THIS = '20261127_0200_usage_city_days';
const dialect = testDialect();
const schema = `t_usage_${randomBytes(5).toString('hex')}`;
let folder = '';
let database: Database;

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

beforeAll(async () => {
  if (dialect === 'postgres') {
    await admin(`create schema ${schema}`);
    database = openDatabase(TEST_POSTGRES_URL, { pgSchema: schema });
  } else {
    folder = mkdtempSync(join(tmpdir(), 'storefleet-usage-migration-'));
    database = openDatabase(`sqlite:${join(folder, 'test.db')}`);
  }
  const db = database.db as unknown as Kysely<unknown>;
  for (const [name, migration] of MIGRATIONS) {
    if (name === THIS) break;
    await migration.up(db, dialect);
  }
});
afterAll(async () => {
  await database.close();
  if (dialect === 'postgres') await admin(`drop schema if exists ${schema} cascade`);
  else rmSync(folder, { recursive: true, force: true });
});

const DAY_MS = 86_400_000;

describe('migration 20261127_0200 on stored usage rows', () => {
  it('gives them the run columns, marks and city sums the repository works out', async () => {
    const db = database.db;
    const company = await db
      .insertInto('companies')
      .values({ company_no: 'MIG', name: 'Migration', created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const level = async (name: string, depth: number, pid: number | null) =>
      (
        await db
          .insertInto('level_configs')
          .values({ company_id: company.id, pid, name, level: depth, created_at: 0, updated_at: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const region = await level('East', 1, null);
    const province = await level('Zhejiang', 2, region);
    const cities = [await level('Hangzhou', 3, province), await level('Ningbo', 3, province)];
    const store = (no: string, city: number) =>
      db
        .insertInto('stores')
        .values({
          company_id: company.id,
          store_no: no,
          store_name: no,
          status: 0,
          area_level: region,
          province_level: province,
          city_level: city,
          created_at: 0,
          updated_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const a = await store('A', cities[0] as number);
    const b = await store('B', cities[1] as number);
    // Device 1: five days at A, online every other day; device 2: A, then a gap, then B; device 3: B.
    const days = ['2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04', '2024-05-05'];
    const row = (device: number, day: string, shop: number, online: number) =>
      sql`(${device}, ${day}, ${company.id}, ${shop}, 4, 'terminal', 'pos', ${online}, ${DAY_MS - online},
        ${DAY_MS}, 0, 0)`;
    const rows = [
      ...days.map((day, i) => row(1, day, a.id, i % 2 === 0 ? 3_600_000 : 0)),
      row(2, days[0] as string, a.id, 60_000),
      row(2, days[1] as string, a.id, 0),
      row(2, days[3] as string, b.id, 0),
      row(2, days[4] as string, b.id, 120_000),
      ...days.map((day) => row(3, day, b.id, 0)),
    ];
    await sql`insert into device_usage_days (device_id, statistics_date, company_id, shop_id, product_id,
      device_category, device_class, online_ms, offline_ms, base_ms, usage_rate, computed_at)
      values ${sql.join(rows)}`.execute(db);

    await up(db as unknown as Kysely<unknown>, dialect);

    const snapshot = async () => ({
      rows: await db
        .selectFrom('device_usage_days')
        .select(['device_id', 'statistics_date', 'run_start', 'used_since'])
        .orderBy('device_id')
        .orderBy('statistics_date')
        .execute(),
      sums: (
        await db
          .selectFrom('usage_city_days')
          .selectAll()
          .orderBy('statistics_date')
          .orderBy('city_level')
          .orderBy('used_since')
          .execute()
      ).map((s) => ({ ...s, online_ms: Number(s.online_ms), base_ms: Number(s.base_ms) })),
    });
    const migrated = await snapshot();
    expect(migrated.rows.filter((r) => r.device_id === 2).map((r) => [r.run_start, r.used_since])).toEqual([
      [1, ''],
      [0, '2024-05-01'],
      [2, ''],
      [0, ''],
    ]);
    expect(migrated.rows.filter((r) => r.device_id === 1).map((r) => r.used_since)).toEqual([
      '',
      '2024-05-01',
      '2024-05-01',
      '2024-05-03',
      '2024-05-03',
    ]);
    const marks = await db
      .selectFrom('usage_days_computed')
      .select('statistics_date')
      .orderBy('statistics_date')
      .execute();
    expect(marks.map((m) => m.statistics_date)).toEqual(days);

    await rebuildCompanyUsageRuns(db, dialect, company.id);
    expect(await snapshot()).toEqual(migrated);
  });
});
