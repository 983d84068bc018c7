// The conversion of raw history and syslog to day partitions on a database with rows from before.
// PostgreSQL only has something to convert, so this file uses PostgreSQL in both test runs (a schema
// of its own); SQLite is checked to be left as it was.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TEST_POSTGRES_URL } from '../../testing/test-database';
import { type Database, type DB, openDatabase } from '../database';
import { up } from './20261127_0300_history_partitions';
import { MIGRATIONS } from './index';

const DAY = 86_400_000;
const THIS = '20261127_0300_history_partitions';
const schema = `t_parts_${randomBytes(5).toString('hex')}`;
const now = Date.now();
const today = Math.floor(now / DAY) * DAY;
const dayName = (at: number) => new Date(at).toISOString().slice(0, 10).replaceAll('-', '');
/** Times of the rows written before the conversion; the last three are outside every day partition. */
const TIMES = {
  lastMonth: now - 40 * DAY,
  lastWeek: now - 5 * DAY,
  now,
  pastRetention: now - 100 * DAY,
  yearsAgo: now - 4000 * DAY,
  farAhead: now + 30 * DAY,
};
/** Days kept: raw history the default 90; syslog 45, set by one company (the default is 30). */
const KEPT = { device_metrics: 90, device_syslogs: 45 };

let database: Database;

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

/** Runs the migrations listed before `name` (or all of them), as they ran on an older build. */
async function migrateBefore(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres', name?: string) {
  for (const [migration, step] of MIGRATIONS) {
    if (migration === name) break;
    await step.up(db, dialect);
  }
}

const unknownDb = (db: Kysely<DB>) => db as unknown as Kysely<unknown>;

const metricRows = () =>
  sql<Record<string, unknown>>`select id, device_id, reporter_id, seq, item, clock, value_num, value_text
    from device_metrics order by id`.execute(database.db);
const syslogRows = () =>
  sql<Record<string, unknown>>`select * from device_syslogs order by id`.execute(database.db);

/** The partition each row of `table` is in, by its time. */
async function placesOf(table: 'device_metrics' | 'device_syslogs'): Promise<Map<number, string>> {
  const key = table === 'device_metrics' ? 'clock' : 'log_datetime';
  const { rows } = await sql<{ at: string | number; name: string }>`
    select ${sql.ref(key)} as at, tableoid::regclass::text as name from ${sql.table(table)}`.execute(
    database.db,
  );
  return new Map(rows.map((row) => [Number(row.at), row.name]));
}

beforeAll(async () => {
  await admin(`create schema ${schema}`);
  database = openDatabase(TEST_POSTGRES_URL, { pgSchema: schema });
  await migrateBefore(unknownDb(database.db), 'postgres', THIS);
  const company = await sql<{ id: number }>`insert into companies (company_no, name, created_at, updated_at)
    values ('C-PARTS', 'Parts', ${now}, ${now}) returning id`.execute(database.db);
  await sql`insert into config_items (company_id, code, value, created_at, updated_at)
    values (${company.rows[0]?.id}, 'syslog_retention_days', '45', ${now}, ${now})`.execute(database.db);
  let seq = 1;
  for (const at of Object.values(TIMES)) {
    await sql`insert into device_metrics (device_id, reporter_id, seq, item, clock, value_num, value_text)
      values (7, 3, ${seq++}, 'icmp.delay', ${at}, 1.5, null), (7, 3, ${seq++}, 'sysName', ${at}, null, 'pos')`.execute(
      database.db,
    );
    await sql`insert into device_syslogs (device_id, reporter_id, seq, host_ip, log_level, log_priority,
        log_datetime, log_message, log_content, log_uuid, format, app, hostname)
      values (7, 3, ${seq++}, '127.0.0.1', 'err', 11, ${at}, 'paper jam', '<11>paper jam',
        ${randomBytes(8).toString('hex')}, 'rfc3164', 'lpd', null)`.execute(database.db);
  }
});

afterAll(async () => {
  await database?.close();
  await admin(`drop schema if exists ${schema} cascade`);
});

describe('raw history and syslog into day partitions (PostgreSQL)', () => {
  it('leaves the tables as they were when the conversion fails part way', async () => {
    const before = (await metricRows()).rows;
    // A table in the way of the DEFAULT partition the conversion creates.
    await sql`create table device_syslogs_default (x integer)`.execute(database.db);
    await expect(
      database.db.transaction().execute((trx) => up(unknownDb(trx), 'postgres')),
    ).rejects.toThrow();
    await sql`drop table device_syslogs_default`.execute(database.db);
    expect((await metricRows()).rows).toEqual(before);
    const kind = await sql<{ relkind: string }>`select relkind from pg_class
      where oid = 'device_metrics'::regclass`.execute(database.db);
    expect(kind.rows[0]?.relkind).toBe('r');
  });

  it('keeps every row with its id, in the partition of its day, and counts ids on from the highest', async () => {
    const metrics = (await metricRows()).rows;
    const syslogs = (await syslogRows()).rows;
    await database.db.transaction().execute((trx) => up(unknownDb(trx), 'postgres'));
    expect((await metricRows()).rows).toEqual(metrics);
    expect((await syslogRows()).rows).toEqual(syslogs);
    for (const table of ['device_metrics', 'device_syslogs'] as const) {
      const places = await placesOf(table);
      expect(places.get(TIMES.lastMonth)).toBe(`${table}_p${dayName(TIMES.lastMonth)}`);
      expect(places.get(TIMES.lastWeek)).toBe(`${table}_p${dayName(TIMES.lastWeek)}`);
      expect(places.get(TIMES.now)).toBe(`${table}_p${dayName(now)}`);
      // Past the longest period any company keeps, or beyond the week made ahead: DEFAULT.
      expect(places.get(TIMES.pastRetention)).toBe(`${table}_default`);
      expect(places.get(TIMES.yearsAgo)).toBe(`${table}_default`);
      expect(places.get(TIMES.farAhead)).toBe(`${table}_default`);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_inherits
        where inhparent = ${table}::regclass`.execute(database.db);
      // One partition a day from the longest period's day through a week ahead, and DEFAULT.
      const first = Math.floor((now - KEPT[table] * DAY) / DAY) * DAY;
      expect(rows[0]?.n).toBe((today + 7 * DAY - first) / DAY + 1 + 1);
    }
    const highest = Math.max(...metrics.map((row) => Number(row.id)));
    const added = await sql<{ id: string | number }>`insert into device_metrics
      (device_id, reporter_id, seq, item, clock, value_num, value_text)
      values (7, 3, 99, 'icmp.delay', ${now}, 2, null) returning id`.execute(database.db);
    expect(Number(added.rows[0]?.id)).toBeGreaterThan(highest);
  });

  it('leaves SQLite as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefleet-parts-'));
    const sqlite = openDatabase(`sqlite:${join(dir, 'test.db')}`);
    try {
      await migrateBefore(unknownDb(sqlite.db), 'sqlite', THIS);
      const shape = () =>
        sql<{
          name: string;
        }>`select name from sqlite_master where tbl_name in ('device_metrics', 'device_syslogs')
          order by name`.execute(sqlite.db);
      const before = (await shape()).rows;
      await up(unknownDb(sqlite.db), 'sqlite');
      expect((await shape()).rows).toEqual(before);
      expect(before.map((row) => row.name)).toContain('device_metrics_clock');
    } finally {
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
