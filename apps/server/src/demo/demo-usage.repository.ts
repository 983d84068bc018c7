/** SQL of the demo usage history (demo-usage.ts): the devices it plays, and their transitions. */
import { type Insertable, type Kysely, sql } from 'kysely';

import type { DB } from '../db/database';
import type { DeviceOnlineEventsTable } from '../db/tables/monitoring';

/** Every demo device with what its daily rhythm depends on, in id order. */
export async function listDemoUsageDevices(db: Kysely<DB>) {
  return db
    .selectFrom('devices')
    .select(['id', 'shop_id', 'company_id', 'product_id', 'monitored'])
    .orderBy('id')
    .execute();
}

/** The demo devices were added `at` (before their history starts). */
export async function backdateDemoDevices(db: Kysely<DB>, at: number): Promise<void> {
  await db.updateTable('devices').set({ created_at: at, register_time: at }).execute();
}

/** Stores transitions, 500 a statement. */
export async function insertDemoTransitions(
  db: Kysely<DB>,
  rows: readonly Insertable<DeviceOnlineEventsTable>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('device_online_events')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/**
 * The devices' first online and latest offline instants from their demo history, so device details
 * agree with it (the simulator's first report would otherwise stamp "first online" at start-up).
 */
export async function stampDemoOnlineTimes(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable('devices')
    .set((eb) => ({
      first_online_time: eb
        .selectFrom('device_online_events as e')
        .select((e) => e.fn.min('e.at').as('at'))
        .whereRef('e.device_id', '=', 'devices.id')
        .where('e.status', '=', 1),
      latest_offline_time: eb
        .selectFrom('device_online_events as e')
        .select((e) => e.fn.max('e.at').as('at'))
        .whereRef('e.device_id', '=', 'devices.id')
        .where('e.status', '=', 0),
    }))
    .where((eb) =>
      eb.exists(
        eb.selectFrom('device_online_events as e').select('e.id').whereRef('e.device_id', '=', 'devices.id'),
      ),
    )
    .execute();
}

/** Per day: how many usage rows, their mean rate, and how many boxes were down all day (demo checks). */
export async function summariseUsageDays(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('device_usage_days')
    .select((eb) => [
      'statistics_date',
      eb.fn.countAll<number>().as('rows'),
      eb.fn.avg<number>('usage_rate').as('mean_rate'),
      eb.fn
        .sum<number>(sql<number>`case when product_id = 1 and usage_rate = 0 then 1 else 0 end`)
        .as('boxes_down'),
    ])
    .groupBy('statistics_date')
    .orderBy('statistics_date')
    .execute();
  return rows.map((r) => ({
    date: r.statistics_date,
    rows: Number(r.rows),
    meanRate: Number(r.mean_rate),
    boxesDown: Number(r.boxes_down),
  }));
}
