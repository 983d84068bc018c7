// Partition steps that cannot have their lock in time wait for the next run instead of holding ingest
// and readers up (history-partitions.repository.ts). Day partitions exist on PostgreSQL only, so this
// file uses PostgreSQL in both test runs (a schema of its own).
import { randomBytes } from 'node:crypto';

import { defaultConfigValues, toMonitoringSettings } from '@storefleet/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Database, openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { TEST_POSTGRES_URL } from '../../testing/test-database';
import { DAY, dayPartitionName, dayStart } from './history-partitions';
import { listDayPartitions } from './history-partitions.repository';
import { applyHistoryRetention, prepareHistoryPartitions } from './history-retention';
import type { SettingsReader } from './monitoring-settings';

const schema = `t_locks_${randomBytes(5).toString('hex')}`;
const now = Date.now();
const threeDays: SettingsReader = async () => ({
  ...toMonitoringSettings(defaultConfigValues()),
  historyRetentionDays: 3,
  syslogRetentionDays: 3,
});
let database: Database;

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

/** Another session reading raw history in an open transaction, as a long report would. */
async function longReader(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query('begin');
  await client.query('select count(*) from device_metrics');
  return client;
}

beforeAll(async () => {
  await admin(`create schema ${schema}`);
  database = openDatabase(TEST_POSTGRES_URL, { pgSchema: schema });
  await migrateToLatest(database);
  await database.db
    .insertInto('companies')
    .values({ company_no: 'LOCKS', name: 'Locks', created_at: now, updated_at: now })
    .execute();
  await prepareHistoryPartitions(database, now, now - 5 * DAY);
});

afterAll(async () => {
  await database?.close();
  await admin(`drop schema if exists ${schema} cascade`);
});

describe('history partition steps and other sessions’ locks', () => {
  it('defers dropping a day while a reader holds the table, and drops it at the next run', async () => {
    const expired = [-5, -4].map((offset) =>
      dayPartitionName('device_metrics', dayStart(now) + offset * DAY),
    );
    const reader = await longReader();
    let outcome: Awaited<ReturnType<typeof applyHistoryRetention>>;
    try {
      outcome = await applyHistoryRetention(database, now, threeDays);
    } finally {
      await reader.query('rollback');
      await reader.end();
    }
    expect(outcome.deferred).toEqual(expired);
    // Syslog was not held: its days went.
    expect(outcome.dropped).toEqual(
      [-5, -4].map((offset) => dayPartitionName('device_syslogs', dayStart(now) + offset * DAY)),
    );
    const names = (await listDayPartitions(database.db, 'device_metrics')).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(expired));

    const again = await applyHistoryRetention(database, now, threeDays);
    expect(again).toMatchObject({ dropped: expired, deferred: [] });
    const left = (await listDayPartitions(database.db, 'device_metrics')).map((p) => p.name);
    expect(left.filter((name) => expired.includes(name))).toEqual([]);
  });

  it('defers making a day while a reader holds the DEFAULT partition, and makes it at the next run', async () => {
    const ahead = dayStart(now) + 8 * DAY;
    const name = dayPartitionName('device_metrics', ahead);
    const reader = await longReader();
    let deferred: string[];
    try {
      deferred = await prepareHistoryPartitions(database, now + DAY);
    } finally {
      await reader.query('rollback');
      await reader.end();
    }
    expect(deferred).toEqual([name]);
    expect(await prepareHistoryPartitions(database, now + DAY)).toEqual([]);
    const names = (await listDayPartitions(database.db, 'device_metrics')).map((p) => p.name);
    expect(names).toContain(name);
  });
});
