/**
 * What the daily usage job reads besides the usage tables (usage-daily.ts): the companies with devices
 * and their batches of device ids, the earliest input a first run starts from, and the opening hours
 * the companies set.
 */
import { type Kysely, sql } from 'kysely';

import type { DB } from '../../../db/database';

/** The companies with devices, and their id range, for the job's batches. */
export async function listCompaniesWithDevices(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom('devices').select('company_id').distinct().orderBy('company_id').execute();
  return rows.map((row) => row.company_id);
}

/** Upper id of each batch of `size` devices of the company, in id order (batch i = (bound[i-1], bound[i]]). */
export async function listDeviceBatchBounds(
  db: Kysely<DB>,
  companyId: number,
  size: number,
): Promise<number[]> {
  const bounds: number[] = [];
  let after = 0;
  for (;;) {
    const row = await db
      .selectFrom('devices')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '>', after)
      .orderBy('id')
      .offset(size - 1)
      .limit(1)
      .executeTakeFirst();
    if (!row) {
      const last = await db
        .selectFrom('devices')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('company_id', '=', companyId)
        .where('id', '>', after)
        .executeTakeFirst();
      if (last?.id != null) bounds.push(Number(last.id));
      return bounds;
    }
    bounds.push(row.id);
    after = row.id;
  }
}

/** The earliest transition or device creation, epoch ms (where a first run starts), or null. */
export async function earliestUsageInput(db: Kysely<DB>): Promise<number | null> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/**
 * Opening hours of the companies that set them (a config item row for the open or close time): the
 * usage rate measures those hours; other companies measure whole days. Missing half = built-in default.
 */
export async function listSetOpeningHours(
  db: Kysely<DB>,
): Promise<Map<number, { start: string | null; end: string | null }>> {
  const rows = await db
    .selectFrom('config_items')
    .select(['company_id', 'code', 'value'])
    .where('code', 'in', ['store_open_time', 'store_close_time'])
    .execute();
  const hours = new Map<number, { start: string | null; end: string | null }>();
  for (const row of rows) {
    const entry = hours.get(row.company_id) ?? { start: null, end: null };
    if (row.code === 'store_open_time') entry.start = row.value;
    else entry.end = row.value;
    hours.set(row.company_id, entry);
  }
  return hours;
}

/**
 * PostgreSQL: fresh statistics of what the computation reads and the job writes. For a caller that
 * writes transitions and computes their usage in one transaction (the demo seed): without them the
 * planner takes the new rows for a handful and joins the computation's window by nested loops — seconds
 * instead of milliseconds. ANALYZE runs inside the transaction and counts its own rows.
 */
export async function analyzeUsageInputs(db: Kysely<DB>): Promise<void> {
  await sql`analyze devices, device_online_events, device_usage_days, usage_city_days`.execute(db);
}
