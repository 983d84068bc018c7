/**
 * The ingest benchmark's baseline: the rows the hub stored, inserted again as fast as the driver
 * allows — same table layout (and indexes), same batches of 1000 values, one transaction per batch.
 * SQLite: a prepared better-sqlite3 statement per table. PostgreSQL: one multi-row INSERT per table
 * per batch (split only at the 65,535-parameter limit), and — the database's own fast path — one
 * `COPY … FROM STDIN` per table per batch (pg-copy-streams, text format).
 */
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

import {
  METRIC_COLUMNS,
  type MetricTuple,
  SYSLOG_COLUMNS,
  type SyslogTuple,
} from './ingest-check.repository';

export interface Batch {
  values: number;
  metrics: MetricTuple[];
  syslogs: SyslogTuple[];
}

const TABLES = ['device_metrics', 'device_syslogs'] as const;

/**
 * Cuts the stored rows into the batches the box sent: per reporter in seq order, `batchSize`
 * values each. Both inputs are sorted by (reporter, seq).
 */
export function batchesOf(
  metrics: readonly MetricTuple[],
  syslogs: readonly SyslogTuple[],
  batchSize: number,
): Batch[] {
  const batches: Batch[] = [];
  let current: Batch = { values: 0, metrics: [], syslogs: [] };
  let i = 0;
  let j = 0;
  let lastKey = '';
  const before = (a: MetricTuple | SyslogTuple, b: MetricTuple | SyslogTuple) =>
    a[1] < b[1] || (a[1] === b[1] && a[2] <= b[2]);
  while (i < metrics.length || j < syslogs.length) {
    const m = metrics[i];
    const s = syslogs[j];
    const row = m && (!s || before(m, s)) ? m : s;
    if (!row) break;
    const key = `${row[1]}/${row[0]}/${row[2]}`;
    if (key !== lastKey) {
      if (current.values === batchSize || (current.values > 0 && row[1] !== lastReporter(lastKey))) {
        batches.push(current);
        current = { values: 0, metrics: [], syslogs: [] };
      }
      current.values++;
      lastKey = key;
    }
    if (row === m) {
      current.metrics.push(m);
      i++;
    } else if (s) {
      current.syslogs.push(s);
      j++;
    }
  }
  if (current.values > 0) batches.push(current);
  return batches;
}

function lastReporter(key: string): number {
  return Number(key.split('/')[0]);
}

/** Each SQLite baseline gets a file of its own (one run may time the same setting twice). */
let baselineRuns = 0;

/**
 * Inserts `batches` into a new SQLite file (the server's DDL, WAL, `synchronous` as given: the server's
 * own setting for the bar, NORMAL to show what FULL costs); returns elapsed ms.
 */
export function sqliteBaseline(
  serverFile: string,
  scratch: string,
  batches: readonly Batch[],
  synchronous: 'FULL' | 'NORMAL',
): number {
  const source = new SqliteDatabase(serverFile, { readonly: true });
  const ddl = source
    .prepare<[string, string], { sql: string }>(
      `select sql from sqlite_master where tbl_name in (?, ?) and sql is not null order by type desc`,
    )
    .all(...TABLES)
    .map((row) => row.sql);
  source.close();
  baselineRuns++;
  const target = new SqliteDatabase(
    join(scratch, `baseline-${baselineRuns}-${synchronous.toLowerCase()}.db`),
  );
  try {
    target.pragma('journal_mode = WAL');
    target.pragma(`synchronous = ${synchronous}`);
    for (const statement of ddl) target.exec(statement);
    const insertMetric = target.prepare(
      `insert into device_metrics (${METRIC_COLUMNS.join(', ')}) values (${METRIC_COLUMNS.map(() => '?').join(', ')})`,
    );
    const insertSyslog = target.prepare(
      `insert into device_syslogs (${SYSLOG_COLUMNS.join(', ')}) values (${SYSLOG_COLUMNS.map(() => '?').join(', ')})`,
    );
    const commit = target.transaction((batch: Batch) => {
      for (const row of batch.metrics) insertMetric.run(row);
      for (const row of batch.syslogs) insertSyslog.run(row);
    });
    const started = performance.now();
    for (const batch of batches) commit(batch);
    return performance.now() - started;
  } finally {
    target.close();
  }
}

const PG_MAX_PARAMETERS = 65_535;

async function insertMany(
  client: pg.Client,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<void> {
  const perStatement = Math.floor(PG_MAX_PARAMETERS / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const slots = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${slots.join(', ')})`;
    });
    await client.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
  }
}

/**
 * Inserts `batches` into copies of the tables (`like … including all`) in a new schema of the
 * server's PostgreSQL database; returns elapsed ms.
 */
export async function postgresBaseline(databaseUrl: string, batches: readonly Batch[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create schema baseline');
    for (const table of TABLES) {
      await client.query(`create table baseline.${table} (like public.${table} including all)`);
    }
    const started = performance.now();
    for (const batch of batches) {
      await client.query('begin');
      await insertMany(client, 'baseline.device_metrics', METRIC_COLUMNS, batch.metrics);
      await insertMany(client, 'baseline.device_syslogs', SYSLOG_COLUMNS, batch.syslogs);
      await client.query('commit');
    }
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

/** A value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  return String(value)
    .replace(/\\/g, '\\\\')
    .replace(/\t/g, '\\t')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

async function copyRows(
  client: pg.Client,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<void> {
  if (rows.length === 0) return;
  const text = rows.map((row) => `${row.map(copyField).join('\t')}\n`).join('');
  await pipeline(
    Readable.from([text]),
    client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)),
  );
}

/**
 * The same batches through `COPY … FROM STDIN` (one per table per batch, one transaction per batch)
 * into copies of the tables in a schema of their own; returns elapsed ms.
 */
export async function postgresCopyBaseline(databaseUrl: string, batches: readonly Batch[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create schema baseline_copy');
    for (const table of TABLES) {
      await client.query(`create table baseline_copy.${table} (like public.${table} including all)`);
    }
    const started = performance.now();
    for (const batch of batches) {
      await client.query('begin');
      await copyRows(client, 'baseline_copy.device_metrics', METRIC_COLUMNS, batch.metrics);
      await copyRows(client, 'baseline_copy.device_syslogs', SYSLOG_COLUMNS, batch.syslogs);
      await client.query('commit');
    }
    return performance.now() - started;
  } finally {
    await client.end();
  }
}
