/**
 * Test data for the usage job on a bare database: a company with one store, devices added at a given
 * time, online transitions and opening hours, written directly (the job reads only these tables).
 */
import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { DB } from '../../../../db/database';

/** A company and its store; returns both ids. */
export async function insertUsageStore(
  db: Kysely<DB>,
  at: number,
): Promise<{ companyId: number; shopId: number }> {
  const no = `U${randomBytes(3).toString('hex')}`;
  const company = await db
    .insertInto('companies')
    .values({ company_no: no, name: `Usage ${no}`, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const store = await db
    .insertInto('stores')
    .values({
      company_id: company.id,
      store_no: `${no}-1`,
      store_name: 'Usage store',
      status: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: company.id, shopId: store.id };
}

/** A device of the store added at `createdAt`. */
export async function insertUsageDevice(
  db: Kysely<DB>,
  place: { companyId: number; shopId: number },
  createdAt: number,
): Promise<number> {
  const row = await db
    .insertInto('devices')
    .values({
      company_id: place.companyId,
      shop_id: place.shopId,
      product_id: 4,
      hostid: `u-${randomBytes(4).toString('hex')}`,
      device_name: 'POS',
      connect_type: 4,
      device_category: 'terminal',
      device_class: 'pos',
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Online transitions of a device: [at, 1 online | 0 offline]. */
export async function insertTransitions(
  db: Kysely<DB>,
  deviceId: number,
  transitions: ReadonlyArray<readonly [at: number, status: 0 | 1]>,
): Promise<void> {
  await db
    .insertInto('device_online_events')
    .values(transitions.map(([at, status]) => ({ device_id: deviceId, at, status, cause: 'value' })))
    .execute();
}

/** The company sets its opening hours (both config items). */
export async function setOpeningHours(
  db: Kysely<DB>,
  companyId: number,
  start: string,
  end: string,
  at: number,
) {
  await db
    .insertInto('config_items')
    .values([
      { company_id: companyId, code: 'store_open_time', value: start, created_at: at, updated_at: at },
      { company_id: companyId, code: 'store_close_time', value: end, created_at: at, updated_at: at },
    ])
    .execute();
}

/** How many usage rows are stored. */
export async function countUsageRows(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('device_usage_days')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves the device's creation back to `at` (a device made by another fixture, measured on past days). */
export async function backdateDevice(db: Kysely<DB>, deviceId: number, at: number): Promise<void> {
  await db.updateTable('devices').set({ created_at: at }).where('id', '=', deviceId).execute();
}
