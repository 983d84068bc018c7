/** SQL behind running info: last values, one item's recent history, the online points. */
import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/database';
import type { DeviceLatestTable } from '../../db/tables/monitoring';

/** Every last value of a device. */
export async function listLatestValues(db: Kysely<DB>, deviceId: number): Promise<DeviceLatestTable[]> {
  return db
    .selectFrom('device_latest')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('item')
    .execute();
}

/** The last value of one item of a device. */
export async function findLatestValue(
  db: Kysely<DB>,
  deviceId: number,
  item: string,
): Promise<DeviceLatestTable | undefined> {
  return db
    .selectFrom('device_latest')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('item', '=', item)
    .executeTakeFirst();
}

/** How far back the newest samples are looked for first (see listRecentSamples). */
const RECENT_MS = 2 * 86_400_000;

/**
 * The newest `limit` raw samples of one item, newest first. Looked for in the last two days first: on
 * PostgreSQL raw history is partitioned by day, and a bound on `clock` lets the planner open only the
 * newest partitions; only an item with fewer samples than that in two days is read across all of them.
 */
export async function listRecentSamples(
  db: Kysely<DB>,
  deviceId: number,
  item: string,
  limit: number,
  now: number = Date.now(),
): Promise<Array<{ clock: number; value_num: number | null; value_text: string | null }>> {
  const newest = (since: number | null) =>
    db
      .selectFrom('device_metrics')
      .select(['clock', 'value_num', 'value_text'])
      .where('device_id', '=', deviceId)
      .where('item', '=', item)
      .$if(since !== null, (q) => q.where('clock', '>=', since ?? 0))
      .orderBy('clock', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  const recent = await newest(now - RECENT_MS);
  return recent.length === limit ? recent : newest(null);
}

/**
 * The numeric samples of one item with clock in [from, to], averaged per `step` ms, oldest first;
 * each point's clock is the start of its step.
 */
export async function listSampleSteps(
  db: Kysely<DB>,
  deviceId: number,
  item: string,
  range: { from: number; to: number; step: number },
): Promise<Array<{ clock: number; value: number }>> {
  const start = sql<number>`(${sql.ref('clock')} / ${sql.lit(range.step)}) * ${sql.lit(range.step)}`;
  const rows = await db
    .selectFrom('device_metrics')
    .select((eb) => [start.as('start'), eb.fn.avg<number>('value_num').as('value')])
    .where('device_id', '=', deviceId)
    .where('item', '=', item)
    .where('clock', '>=', range.from)
    .where('clock', '<=', range.to)
    .where('value_num', 'is not', null)
    .groupBy(start)
    .orderBy(start)
    .execute();
  // PostgreSQL answers bigint and numeric as text.
  return rows.map((row) => ({ clock: Number(row.start), value: Number(row.value) }));
}
