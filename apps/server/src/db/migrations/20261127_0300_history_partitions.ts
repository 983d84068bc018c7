/**
 * PostgreSQL: raw history (`device_metrics`) and syslog (`device_syslogs`) in day partitions (issue 15,
 * docs/decisions/operations.md "Retention at scale"), so retention drops a whole day instead of
 * deleting its rows one by one. Each table is converted in place: the old one renamed, the partitioned
 * one created with a DEFAULT partition and one partition per UTC day from the oldest row through a
 * week ahead — but not further back than the longest retention any company has set (the default
 * when longer): older rows, past every company's period, go to DEFAULT, where the next retention run
 * deletes them. Every row is copied (ids kept), the old table dropped, then the indexes built. Kysely runs the migrations of a start-up in one transaction on PostgreSQL: a failure
 * leaves the old tables as they were.
 *
 * The primary key must hold the partition key: (clock, id) and (log_datetime, id). With the time first
 * it is the time index as well, so the separate `…_clock` / `…_datetime` indexes go (one index fewer per
 * row ingested). The per-device index gains `id`, the readers' tie-break (newest samples, a device's
 * syslog page: `order by time desc, id desc`), so each partition hands its rows over in that order and
 * the merge across partitions stops after the page. `id` becomes bigint: at fleet scale raw rows pass
 * 2^31 within days.
 *
 * `history_retention_marks` records, per company and table, the day before which retention has deleted
 * the company's rows, so each run only visits the days that expired since.
 *
 * SQLite is unchanged: it has no partitions, and a single node's database deletes row by row as before.
 */
import { type Kysely, sql } from 'kysely';

import type { DialectName } from '../database';

const DAY = 86_400_000;
const DAYS_AHEAD = 7;

interface Conversion {
  table: string;
  key: string;
  /** The config item of its retention period, and that item's default (packages/contracts). */
  retention: readonly [code: string, defaultDays: number];
  /** Columns after id, with their PostgreSQL types as created in 20251122_0330_monitoring. */
  columns: ReadonlyArray<readonly [name: string, type: string]>;
  /** Indexes kept (the time-only index is replaced by the primary key). */
  indexes: ReadonlyArray<readonly [name: string, columns: string]>;
  dropped: readonly string[];
}

const CONVERSIONS: readonly Conversion[] = [
  {
    table: 'device_metrics',
    key: 'clock',
    retention: ['history_retention_days', 90],
    columns: [
      ['device_id', 'integer not null'],
      ['reporter_id', 'integer not null'],
      ['seq', 'bigint not null'],
      ['item', 'text not null'],
      ['clock', 'bigint not null'],
      ['value_num', 'double precision'],
      ['value_text', 'text'],
    ],
    indexes: [['device_metrics_device_item_clock_id', 'device_id, item, clock, id']],
    dropped: ['device_metrics_device_item_clock', 'device_metrics_clock'],
  },
  {
    table: 'device_syslogs',
    key: 'log_datetime',
    retention: ['syslog_retention_days', 30],
    columns: [
      ['device_id', 'integer not null'],
      ['reporter_id', 'integer not null'],
      ['seq', 'bigint not null'],
      ['host_ip', 'text not null'],
      ['log_level', 'text'],
      ['log_priority', 'integer'],
      ['log_datetime', 'bigint not null'],
      ['log_message', 'text not null'],
      ['log_content', 'text not null'],
      ['log_uuid', 'text not null'],
      ['format', 'text not null'],
      ['app', 'text'],
      ['hostname', 'text'],
    ],
    indexes: [['device_syslogs_device_datetime_id', 'device_id, log_datetime, id']],
    dropped: ['device_syslogs_device_datetime', 'device_syslogs_datetime'],
  },
];

const dayName = (day: number) => new Date(day).toISOString().slice(0, 10).replaceAll('-', '');

async function convert(db: Kysely<unknown>, c: Conversion, now: number): Promise<void> {
  const old = `${c.table}_unpartitioned`;
  const { rows } = await sql<{ oldest: string | number | null }>`
    select min(${sql.ref(c.key)}) as oldest from ${sql.table(c.table)}`.execute(db);
  const [code, defaultDays] = c.retention;
  const set = await sql<{ days: number | null }>`select max(cast(value as integer)) as days
    from config_items where code = ${code} and value ~ '^[0-9]{1,4}$'`.execute(db);
  const longest = Math.max(defaultDays, Number(set.rows[0]?.days ?? 0));
  const today = Math.floor(now / DAY) * DAY;
  const oldest = rows[0]?.oldest == null ? today : Math.floor(Number(rows[0].oldest) / DAY) * DAY;
  const first = Math.max(Math.min(oldest, today), Math.floor((now - longest * DAY) / DAY) * DAY);

  await sql`alter table ${sql.table(c.table)} rename to ${sql.table(old)}`.execute(db);
  await sql`alter table ${sql.table(old)} rename constraint ${sql.ref(`${c.table}_pkey`)}
    to ${sql.ref(`${old}_pkey`)}`.execute(db);
  await sql`alter sequence ${sql.table(`${c.table}_id_seq`)} rename to ${sql.table(`${old}_id_seq`)}`.execute(
    db,
  );
  for (const index of c.dropped) await sql`drop index ${sql.table(index)}`.execute(db);

  const columns = c.columns.map(([name, type]) => `${name} ${type}`).join(', ');
  await sql`create table ${sql.table(c.table)} (id bigint generated by default as identity, ${sql.raw(columns)})
    partition by range (${sql.ref(c.key)})`.execute(db);
  await sql`create table ${sql.table(`${c.table}_default`)} partition of ${sql.table(c.table)} default`.execute(
    db,
  );
  for (let day = first; day <= today + DAYS_AHEAD * DAY; day += DAY) {
    await sql`create table ${sql.table(`${c.table}_p${dayName(day)}`)} partition of ${sql.table(c.table)}
      for values from (${sql.lit(day)}) to (${sql.lit(day + DAY)})`.execute(db);
  }

  const names = sql.raw(['id', ...c.columns.map(([name]) => name)].join(', '));
  await sql`insert into ${sql.table(c.table)} (${names}) select ${names} from ${sql.table(old)}`.execute(db);
  await sql`select setval(pg_get_serial_sequence(${c.table}, 'id'),
    coalesce((select max(id) from ${sql.table(old)}), 0) + 1, false)`.execute(db);
  await sql`drop table ${sql.table(old)}`.execute(db);

  // Built after the copy: one sorted build per partition instead of a row-by-row insert into each.
  await sql`alter table ${sql.table(c.table)} add constraint ${sql.ref(`${c.table}_pkey`)}
    primary key (${sql.ref(c.key)}, id)`.execute(db);
  for (const [name, cols] of c.indexes) {
    await sql`create index ${sql.ref(name)} on ${sql.table(c.table)} (${sql.raw(cols)})`.execute(db);
  }
  await sql`analyze ${sql.table(c.table)}`.execute(db);
}

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const now = Date.now();
  for (const conversion of CONVERSIONS) await convert(db, conversion, now);
  await db.schema
    .createTable('history_retention_marks')
    .addColumn('company_id', 'integer', (col) => col.notNull())
    .addColumn('table_name', 'text', (col) => col.notNull())
    .addColumn('done_before', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('history_retention_marks_pk', ['company_id', 'table_name'])
    .execute();
}
