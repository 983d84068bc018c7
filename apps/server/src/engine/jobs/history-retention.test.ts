// Retention of raw history and syslog for companies with different periods, on both databases, with
// values written through ingest. On PostgreSQL the rows sit in day partitions (history-partitions.ts):
// days past every company's period are dropped whole, a shorter period's days are deleted per company.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app';
import { reachabilityValue, syslogValue } from '../hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../hub/test-support/link-fixture.repository';
import { ingestValues, type Reporter } from '../ingest/ingest.service';
import { DAY, DAYS_AHEAD, dayPartitionName, dayStart } from './history-partitions';
import { applyHistoryRetention, prepareHistoryPartitions } from './history-retention';
import type { SettingsReader } from './monitoring-settings';

const HOUR = 3_600_000;
/** Ages of the values written for each device, oldest first. */
const AGES = [100 * DAY, 30 * DAY, 8 * DAY, 6 * DAY, HOUR];

let t: TestApp;
let fixture: LinkFixture;
let box: Reporter;
let foreign: Reporter;
let foreignCompany: number;
let seq = Date.now() * 1000;
const now = Date.now();
/** Retention days per company id; the other demo companies keep the defaults. */
const periods = new Map<number, number>();

const settings: SettingsReader = async (db, companyId) => {
  const own = await t.ctx.jobs.settings(db, companyId);
  const days = periods.get(companyId);
  return days === undefined ? own : { ...own, historyRetentionDays: days, syslogRetentionDays: days };
};

/** A ping result and a syslog line of `deviceId` at `at`. */
async function writeAt(reporter: Reporter, deviceId: number, at: number): Promise<void> {
  await ingestValues(t.parts, reporter, [
    reachabilityValue({ deviceId, seq: ++seq, at, delayMs: 3 }),
    syslogValue({ deviceId, seq: ++seq, at }),
  ]);
}

/** Ages (relative to `now`) of the device's raw samples and syslog lines, oldest first. */
async function agesOf(deviceId: number): Promise<{ metrics: number[]; syslogs: number[] }> {
  const metrics = await t.ctx.db
    .selectFrom('device_metrics')
    .select('clock')
    .distinct()
    .where('device_id', '=', deviceId)
    .orderBy('clock')
    .execute();
  const syslogs = await t.ctx.db
    .selectFrom('device_syslogs')
    .select('log_datetime')
    .where('device_id', '=', deviceId)
    .orderBy('log_datetime')
    .execute();
  return {
    metrics: metrics.map((row) => now - Number(row.clock)),
    syslogs: syslogs.map((row) => now - Number(row.log_datetime)),
  };
}

/** PostgreSQL: the partition holding the device's rows of `table` at `at`. */
async function partitionOf(table: 'device_metrics' | 'device_syslogs', deviceId: number, at: number) {
  const key = table === 'device_metrics' ? 'clock' : 'log_datetime';
  const { rows } = await sql<{ name: string }>`select distinct tableoid::regclass::text as name
    from ${sql.table(table)} where device_id = ${deviceId} and ${sql.ref(key)} = ${at}`.execute(t.ctx.db);
  return rows.map((row) => row.name);
}

const postgres = () => t.database.dialect === 'postgres';

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' };
  const other = await t.ctx.db
    .selectFrom('devices')
    .select(['company_id', 'shop_id'])
    .where('id', '=', fixture.foreignId)
    .executeTakeFirstOrThrow();
  foreignCompany = other.company_id;
  foreign = { deviceId: fixture.foreignId, shopId: other.shop_id ?? 0, mode: 'device' };
  periods.set(fixture.companyId, 7);
  periods.set(foreignCompany, 90);
  // As if the database had run for a while: day partitions back past the oldest value (PostgreSQL).
  await prepareHistoryPartitions(t.database, now, now - 101 * DAY);
  for (const age of AGES) {
    await writeAt(box, fixture.posId, now - age);
    await writeAt(foreign, fixture.foreignId, now - age);
  }
});
afterAll(() => t.close());

describe('history retention with companies of different periods', () => {
  it('deletes each company’s raw history and syslog a whole day past its own period, and keeps the rest', async () => {
    expect(await agesOf(fixture.posId)).toEqual({ metrics: AGES, syslogs: AGES });
    const outcome = await applyHistoryRetention(t.database, now, settings);
    // 7 days: the 100-, 30- and 8-day-old rows go; 90 days: only the 100-day-old ones.
    expect(await agesOf(fixture.posId)).toEqual({ metrics: [6 * DAY, HOUR], syslogs: [6 * DAY, HOUR] });
    const kept = [30 * DAY, 8 * DAY, 6 * DAY, HOUR];
    expect(await agesOf(fixture.foreignId)).toEqual({ metrics: kept, syslogs: kept });
    if (postgres()) {
      // The day 100 days back is past every company's period: dropped whole, not deleted row by row.
      expect(outcome.dropped).toContain(dayPartitionName('device_metrics', dayStart(now - 100 * DAY)));
      expect(outcome.dropped).toContain(dayPartitionName('device_syslogs', dayStart(now - 100 * DAY)));
    } else {
      expect(outcome.dropped).toEqual([]);
    }
    expect(outcome.deferred).toEqual([]);
  });

  it('keeps raw history and syslog in day partitions on PostgreSQL, from the longest period’s day to a week ahead', async () => {
    if (!postgres()) {
      const { rows } = await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name like 'device\\_%' escape '\\' order by name`.execute(t.ctx.db);
      expect(rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['device_metrics', 'device_syslogs']),
      );
      expect(rows.filter((row) => /_p\d{8}$|_default$/.test(row.name))).toEqual([]);
      return;
    }
    const first = dayStart(now - 90 * DAY);
    const last = dayStart(now) + DAYS_AHEAD * DAY;
    for (const table of ['device_metrics', 'device_syslogs'] as const) {
      const { rows } = await sql<{ name: string; bound: string }>`
        select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
        from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        where p.relname = ${table} and p.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        order by c.relname`.execute(t.ctx.db);
      const days: string[] = [];
      for (let day = first; day <= last; day += DAY) days.push(dayPartitionName(table, day));
      expect(rows.map((row) => row.name)).toEqual([...days, `${table}_default`].sort());
      expect(rows.find((row) => row.name === `${table}_default`)?.bound).toBe('DEFAULT');
      expect(rows.find((row) => row.name === dayPartitionName(table, first))?.bound).toBe(
        `FOR VALUES FROM ('${first}') TO ('${first + DAY}')`,
      );
      // The primary key holds the partition key (PostgreSQL requires it of a partitioned table).
      const pk = await sql<{ columns: string }>`
        select string_agg(a.attname, ',' order by k.n) as columns
        from pg_constraint c cross join unnest(c.conkey) with ordinality as k(attnum, n)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
        where c.conrelid = ${table}::regclass and c.contype = 'p'`.execute(t.ctx.db);
      expect(pk.rows[0]?.columns).toBe(table === 'device_metrics' ? 'clock,id' : 'log_datetime,id');
    }
  });

  it('deletes nothing more when run again', async () => {
    const before = { pos: await agesOf(fixture.posId), foreign: await agesOf(fixture.foreignId) };
    const outcome = await applyHistoryRetention(t.database, now, settings);
    expect(outcome).toMatchObject({ metrics: 0, syslogs: 0, dropped: [], deferred: [] });
    expect({ pos: await agesOf(fixture.posId), foreign: await agesOf(fixture.foreignId) }).toEqual(before);
  });

  it('deletes the days a company no longer keeps once its period is shortened', async () => {
    // The other company now keeps 90 days, so those days stay as partitions: this company's own
    // delete has to reach back to the days it kept until now.
    periods.set(fixture.companyId, 90);
    periods.set(foreignCompany, 7);
    try {
      const outcome = await applyHistoryRetention(t.database, now, settings);
      expect(outcome.dropped).toEqual([]);
      expect(outcome.metrics).toBeGreaterThan(0);
    } finally {
      periods.set(fixture.companyId, 7);
      periods.set(foreignCompany, 90);
    }
    const kept = [6 * DAY, HOUR];
    expect(await agesOf(fixture.foreignId)).toEqual({ metrics: kept, syslogs: kept });
    expect(await agesOf(fixture.posId)).toEqual({ metrics: kept, syslogs: kept });
  });

  it('stores values of the next day after the job ran, in that day’s partition on PostgreSQL', async () => {
    const tomorrow = dayStart(now) + DAY + 5 * HOUR;
    await writeAt(box, fixture.posId, tomorrow);
    expect((await agesOf(fixture.posId)).metrics).toContain(now - tomorrow);
    expect((await agesOf(fixture.posId)).syslogs).toContain(now - tomorrow);
    if (postgres()) {
      expect(await partitionOf('device_metrics', fixture.posId, tomorrow)).toEqual([
        dayPartitionName('device_metrics', dayStart(tomorrow)),
      ]);
      expect(await partitionOf('device_syslogs', fixture.posId, tomorrow)).toEqual([
        dayPartitionName('device_syslogs', dayStart(tomorrow)),
      ]);
    }
  });

  it('keeps values that came before their day’s partition, which then holds them', async () => {
    // Beyond the week of partitions made ahead: such a row goes to the DEFAULT partition on PostgreSQL.
    const later = dayStart(now) + (DAYS_AHEAD + 3) * DAY + HOUR;
    await writeAt(box, fixture.posId, later);
    if (postgres()) {
      expect(await partitionOf('device_metrics', fixture.posId, later)).toEqual(['device_metrics_default']);
    }
    // Four days on, the partitions reach that day: the rows move into it.
    const outcome = await applyHistoryRetention(t.database, now + 4 * DAY, settings);
    expect(outcome.deferred).toEqual([]);
    expect((await agesOf(fixture.posId)).metrics).toContain(now - later);
    expect((await agesOf(fixture.posId)).syslogs).toEqual(expect.arrayContaining([now - later]));
    if (postgres()) {
      expect(await partitionOf('device_metrics', fixture.posId, later)).toEqual([
        dayPartitionName('device_metrics', dayStart(later)),
      ]);
      expect(await partitionOf('device_syslogs', fixture.posId, later)).toEqual([
        dayPartitionName('device_syslogs', dayStart(later)),
      ]);
    }
  });
});
