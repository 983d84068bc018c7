/**
 * SQL of bench/retention.ts (PostgreSQL): a company with bulk devices, raw history rows generated in
 * the database (INSERT … SELECT generate_series), and the figures around them.
 */
import { type Kysely, sql } from 'kysely';

import type { DB } from '../../apps/server/src/db/database';

const ITEMS = ['icmp.delay', 'icmp.jitter', 'icmp.loss', 'online', 'cpu.load', 'memory.used'];

export interface BenchFleet {
  companyId: number;
  firstDeviceId: number;
  devices: number;
}

/** A company with one store and `devices` devices with consecutive ids. */
export async function insertFleet(db: Kysely<DB>, devices: number, now: number): Promise<BenchFleet> {
  const company = await sql<{ id: number }>`insert into companies (company_no, name, created_at, updated_at)
    values ('BENCH-RETENTION', 'Retention bench', ${now}, ${now}) returning id`.execute(db);
  const companyId = Number(company.rows[0]?.id);
  const store = await sql<{
    id: number;
  }>`insert into stores (company_id, store_no, store_name, created_at, updated_at)
    values (${companyId}, 'S1', 'Bench store', ${now}, ${now}) returning id`.execute(db);
  await sql`insert into devices (company_id, shop_id, product_id, hostid, device_name, connect_type, created_at, updated_at)
    select ${companyId}, ${Number(store.rows[0]?.id)}, 4, 'bench-' || g, 'device ' || g, 4, ${now}, ${now}
    from generate_series(1, ${devices}) g`.execute(db);
  const ids = await sql<{ first: number; last: number; n: number }>`
    select min(id) as first, max(id) as last, count(*)::int as n from devices where company_id = ${companyId}`.execute(
    db,
  );
  const row = ids.rows[0];
  if (!row || Number(row.last) - Number(row.first) + 1 !== row.n)
    throw new Error('device ids are not consecutive');
  return { companyId, firstDeviceId: Number(row.first), devices };
}

/**
 * Inserts rows number `from` … `to - 1` of `count` spread evenly over [start, start + span): row g at
 * start + ⌊g × span / count⌋, device g mod the fleet, six items in turn.
 */
export async function insertMetricRows(
  db: Kysely<DB>,
  fleet: BenchFleet,
  rows: { from: number; to: number; count: number; start: number; span: number },
): Promise<void> {
  const items = sql.raw(`array[${ITEMS.map((item) => `'${item}'`).join(',')}]`);
  await sql`insert into device_metrics (device_id, reporter_id, seq, item, clock, value_num, value_text)
    select ${fleet.firstDeviceId} + g % ${fleet.devices}, ${fleet.firstDeviceId} + g % ${fleet.devices}, g,
      (${items})[1 + (g / ${fleet.devices}) % ${ITEMS.length}],
      ${rows.start}::bigint + floor(g::numeric * ${rows.span} / ${rows.count})::bigint,
      (g % 1000) / 10.0, null
    from generate_series(${rows.from}::bigint, ${rows.to - 1}::bigint) g`.execute(db);
}

/** Raw history rows with clock in [from, to). */
export async function countMetricRows(db: Kysely<DB>, from: number, to: number): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from device_metrics
    where clock >= ${from} and clock < ${to}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Disk used by raw history, partitions and indexes included. */
export async function metricBytes(db: Kysely<DB>): Promise<number> {
  // pg_partition_tree lists a plain table as itself; a partitioned parent holds nothing of its own.
  const { rows } = await sql<{
    bytes: string | number;
  }>`select coalesce(sum(pg_total_relation_size(relid)), 0) as bytes
    from pg_partition_tree('device_metrics')`.execute(db);
  const plain = await sql<{
    bytes: string | number;
  }>`select pg_total_relation_size('device_metrics') as bytes`.execute(db);
  return Math.max(Number(rows[0]?.bytes ?? 0), Number(plain.rows[0]?.bytes ?? 0));
}

/**
 * Drops the unpartitioned table's primary key and indexes (20251122_0330_monitoring), so the bulk fill
 * writes the table alone; `buildOldMetricIndexes` builds them again, as that migration made them.
 */
export async function dropOldMetricIndexes(db: Kysely<DB>): Promise<void> {
  await sql`alter table device_metrics drop constraint device_metrics_pkey`.execute(db);
  await sql`drop index device_metrics_device_item_clock`.execute(db);
  await sql`drop index device_metrics_clock`.execute(db);
}

export async function buildOldMetricIndexes(db: Kysely<DB>): Promise<void> {
  await sql`alter table device_metrics add constraint device_metrics_pkey primary key (id)`.execute(db);
  await sql`create index device_metrics_device_item_clock on device_metrics (device_id, item, clock)`.execute(
    db,
  );
  await sql`create index device_metrics_clock on device_metrics (clock)`.execute(db);
}

/** How many partitions raw history has (0: a plain table). */
export async function countMetricPartitions(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_inherits
    where inhparent = 'device_metrics'::regclass`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function analyzeMetrics(db: Kysely<DB>): Promise<void> {
  await sql`analyze device_metrics`.execute(db);
}

export async function vacuumMetrics(db: Kysely<DB>): Promise<void> {
  await sql`vacuum device_metrics`.execute(db);
}

/** Writes everything out, so the next timing does not pay for what came before. */
export async function checkpoint(db: Kysely<DB>): Promise<void> {
  await sql`checkpoint`.execute(db);
}
