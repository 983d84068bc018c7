/**
 * The owning repository of `usage_days_computed`: the days the daily usage job finished for every
 * company (usage-daily.ts), where its next run starts.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../../../db/database';

/**
 * Marks `days` done for every company (the daily job, once every batch of them is in). A normal commit
 * — waiting for the disk — so the job's batches before it are on disk too (the log is written in order).
 */
export async function markUsageDaysComputed(
  db: Kysely<DB>,
  days: readonly string[],
  now: number,
): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('usage_days_computed')
    .values(days.map((day) => ({ statistics_date: day, computed_at: now })))
    .onConflict((oc) => oc.column('statistics_date').doUpdateSet({ computed_at: now }))
    .execute();
}

/** The latest day the daily job finished, or null. */
export async function latestComputedUsageDay(db: Kysely<DB>): Promise<string | null> {
  const row = await db
    .selectFrom('usage_days_computed')
    .select((eb) => eb.fn.max('statistics_date').as('day'))
    .executeTakeFirst();
  return row?.day ?? null;
}
