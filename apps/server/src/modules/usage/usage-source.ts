/**
 * Which days a usage read covers (docs/decisions/usage.md "Date range" and "Today"): the stored days
 * of the range, and — when the range reaches today and the caller acts in one company — today so far,
 * computed inside the same statement from the transitions (the daily job stores days up to yesterday;
 * today is never stored). The spans are those of usage-compute.ts `usageForToday`.
 */
import type { Scope } from '../../auth/caller';
import type { Database } from '../../db/database';
import type { UsageSource } from './device-usage.repository';
import { companySpans, readOpeningHours } from './jobs/usage-daily';
import { spansUntil } from './jobs/usage-days';
import { ALL_DEVICES } from './jobs/usage-days.repository';
import { type UsageRange, usageRange } from './usage-range';

/** The range of `input` and the source of its rows, as of `now`. */
export async function usageSourceOf(
  database: Pick<Database, 'db' | 'dialect'>,
  scope: Scope,
  input: { startTime?: string; endTime?: string },
  now: Date = new Date(),
): Promise<{ range: UsageRange; source: UsageSource }> {
  const range = usageRange(input, now);
  const source: UsageSource = { start: range.start, end: range.end };
  if (range.includesToday && scope.companyId !== null) {
    const hours = await readOpeningHours(database.db);
    const spans = spansUntil(companySpans(hours, scope.companyId, range.today), now.getTime());
    if (spans.length > 0)
      source.today = {
        dialect: database.dialect,
        companyId: scope.companyId,
        date: range.today,
        spans,
        devices: ALL_DEVICES,
        now: now.getTime(),
      };
  }
  return { range, source };
}
