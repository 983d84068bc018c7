/**
 * DDL of the day partitions of `device_metrics` and `device_syslogs` (PostgreSQL only; the plan is
 * history-partitions.ts). Partition structure is retention's: this file, with history-retention.repository.ts,
 * owns what retention does to these tables; ingest and the readers only see the parent tables.
 *
 * Locks: a new day is created as a table of its own and then ATTACHed, which takes SHARE UPDATE
 * EXCLUSIVE on the parent (ingest and reads go on) and ACCESS EXCLUSIVE on the DEFAULT partition only.
 * Dropping a day takes ACCESS EXCLUSIVE on the parent. Each step waits at most LOCK_TIMEOUT for its
 * locks and otherwise gives up until the next run (the partitions are made a week ahead, and a day
 * dropped an hour late costs nothing), so ingest never queues behind it for longer. Steps of two nodes
 * (start-up, the retention job) take turns through an advisory lock.
 */
import { type Kysely, sql, type Transaction } from 'kysely';

import type { DB } from '../../db/database';
import {
  DAY,
  type DayPartition,
  dayPartitionName,
  defaultPartitionName,
  HISTORY_TABLES,
  type HistoryTable,
  parseDayPartition,
} from './history-partitions';

const LOCK_TIMEOUT = '2s';

/** The day partitions of `table` in the connection's schema (DEFAULT and open ranges left out). */
export async function listDayPartitions(db: Kysely<DB>, table: HistoryTable): Promise<DayPartition[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = ${table} and p.relnamespace = (select oid from pg_namespace where nspname = current_schema())
    order by c.relname`.execute(db);
  return rows
    .map((row) => parseDayPartition(row.name, row.bound))
    .filter((p): p is DayPartition => p !== null)
    .sort((a, b) => a.from - b.from);
}

/** Opens a partition step: one node at a time, never waiting long for a lock. */
async function beginStep(trx: Transaction<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.history_partitions'))`.execute(trx);
  await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
}

/** Whether `name` is a table of the connection's schema (read inside the step, after the lock). */
async function tableExists(trx: Transaction<DB>, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from pg_class
      where relname = ${name}
        and relnamespace = (select oid from pg_namespace where nspname = current_schema())) as found`.execute(
    trx,
  );
  return rows[0]?.found === true;
}

/**
 * Creates the partition of the day starting at `day` unless it is there already; rows of that day
 * that went to the DEFAULT partition meanwhile move into it. Returns whether it created one.
 */
export async function createDayPartition(db: Kysely<DB>, table: HistoryTable, day: number): Promise<boolean> {
  const name = dayPartitionName(table, day);
  const key = sql.ref(HISTORY_TABLES[table]);
  return db.transaction().execute(async (trx) => {
    await beginStep(trx);
    if (await tableExists(trx, name)) return false;
    await sql`create table ${sql.table(name)} (like ${sql.table(table)})`.execute(trx);
    await sql`with moved as (
        delete from ${sql.table(defaultPartitionName(table))}
        where ${key} >= ${day} and ${key} < ${day + DAY} returning *)
      insert into ${sql.table(name)} select * from moved`.execute(trx);
    await sql`alter table ${sql.table(table)} attach partition ${sql.table(name)}
      for values from (${sql.lit(day)}) to (${sql.lit(day + DAY)})`.execute(trx);
    return true;
  });
}

/** Drops a day partition with every row in it (all of them past every company's retention). */
export async function dropDayPartition(db: Kysely<DB>, partition: DayPartition): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await beginStep(trx);
    await sql`drop table if exists ${sql.table(partition.name)}`.execute(trx);
  });
}
