/**
 * The owning repository of `usage_late_days` (docs/decisions/usage.md "Late transitions"): a device's day
 * that got an online/offline transition after it was over. Ingest marks it in the transaction of the
 * transition; the daily usage job (usage-late-days.ts) computes the device's stored days from it on
 * again, then removes the marks it read.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../../../db/database';

/** A mark as the job reads it: with the device's company (null when the device is gone). */
export interface LateUsageDay {
  id: number;
  deviceId: number;
  companyId: number | null;
  day: string;
}

/** Records that each of `days` got a transition after it was over; in the writer's transaction. */
export async function markLateUsageDays(
  db: Kysely<DB>,
  days: ReadonlyArray<{ deviceId: number; day: string }>,
): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('usage_late_days')
    .values(days.map(({ deviceId, day }) => ({ device_id: deviceId, statistics_date: day })))
    .execute();
}

/** Up to `limit` marks, oldest first. */
export async function listLateUsageDays(db: Kysely<DB>, limit: number): Promise<LateUsageDay[]> {
  const rows = await db
    .selectFrom('usage_late_days as l')
    .leftJoin('devices as d', 'd.id', 'l.device_id')
    .select(['l.id', 'l.device_id', 'd.company_id', 'l.statistics_date'])
    .orderBy('l.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    deviceId: Number(row.device_id),
    companyId: row.company_id === null ? null : Number(row.company_id),
    day: row.statistics_date,
  }));
}

/** Removes the marks `ids` (those a run read: a mark written since stays for the next run). */
export async function removeLateUsageDays(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .deleteFrom('usage_late_days')
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
  }
}
