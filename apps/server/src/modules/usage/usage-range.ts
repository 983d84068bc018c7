/**
 * The date range of a usage call (docs/decisions/usage.md "Date range"): `startTime`/`endTime` as
 * YYYY-MM-DD days of the server's time zone, both included. Missing end: today; missing start: a
 * week ending at the end. A range past today stops at today; a start after the end, or a range
 * longer than USAGE_MAX_RANGE_DAYS, is a 400.
 */
import { USAGE_DEFAULT_RANGE_DAYS, USAGE_MAX_RANGE_DAYS } from '@storefleet/contracts';

import { invalid } from '../../http/errors';
import { addDays, dayOf } from './device-usage.repository';

export interface UsageRange {
  /** First day, YYYY-MM-DD. */
  start: string;
  /** Last day, YYYY-MM-DD (never after today). */
  end: string;
  /** Today (server time zone), YYYY-MM-DD. */
  today: string;
  /** Whether the range reaches today (today so far is then computed on demand). */
  includesToday: boolean;
}

/** A Date's day in the server's time zone, YYYY-MM-DD (forecasts use it too). */
export function localDay(at: Date): string {
  return dayOf(at.getTime());
}

export { addDays };

/** Days from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

function validDay(day: string): boolean {
  const parsed = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(parsed) && new Date(parsed).toISOString().slice(0, 10) === day;
}

/** The call's range, checked; `now` is the request time. */
export function usageRange(
  input: { startTime?: string; endTime?: string },
  now: Date = new Date(),
): UsageRange {
  const today = dayOf(now.getTime());
  for (const field of ['startTime', 'endTime'] as const) {
    const value = input[field];
    if (value !== undefined && !validDay(value))
      throw invalid(field, { zh: '不是有效的日期', en: 'is not a valid date' });
  }
  const askedEnd = input.endTime ?? today;
  const start = input.startTime ?? addDays(askedEnd, -(USAGE_DEFAULT_RANGE_DAYS - 1));
  if (start > askedEnd)
    throw invalid('startTime', { zh: '不能晚于结束日期', en: 'must not be after endTime' });
  if (daysBetween(start, askedEnd) > USAGE_MAX_RANGE_DAYS)
    throw invalid('endTime', {
      zh: `日期范围最多 ${USAGE_MAX_RANGE_DAYS} 天`,
      en: `must be at most ${USAGE_MAX_RANGE_DAYS} days after startTime`,
    });
  const end = askedEnd > today ? today : askedEnd;
  return { start, end, today, includesToday: start <= today && end >= today };
}
