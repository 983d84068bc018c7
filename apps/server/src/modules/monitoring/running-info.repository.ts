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

/** The newest `limit` raw samples of one item, newest first. */
export async function listRecentSamples(
  db: Kysely<DB>,
  deviceId: number,
  item: string,
  limit: number,
): Promise<Array<{ clock: number; value_num: number | null; value_text: string | null }>> {
  return db
    .selectFrom('device_metrics')
    .select(['clock', 'value_num', 'value_text'])
    .where('device_id', '=', deviceId)
    .where('item', '=', item)
    .orderBy('clock', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
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
