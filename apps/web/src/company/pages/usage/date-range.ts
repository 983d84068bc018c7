/**
 * The usage pages' date range (spec §9 date-range helper): days as YYYY-MM-DD, both ends included.
 * A range of more than 300 days reads as a year, 7 days or fewer as a week, anything between as a
 * month — the period the report is labelled with.
 */

export type RangeUnit = 'week' | 'month' | 'year';
export type DayRange = readonly [string, string];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A local Date as YYYY-MM-DD. */
export function dayText(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Days from `start` to `end`, both included (0 when the range is reversed or malformed). */
export function rangeDays([start, end]: DayRange): number {
  if (!DAY.test(start) || !DAY.test(end)) return 0;
  const days =
    Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
  return days > 0 ? days : 0;
}

/** The §9 helper: over 300 days → year, 7 days or fewer → week, otherwise month. */
export function rangeUnit(range: DayRange): RangeUnit {
  const days = rangeDays(range);
  if (days > 300) return 'year';
  if (days <= 7) return 'week';
  return 'month';
}

/** The `days` days ending today (a week by default: what the server also assumes). */
export function lastDays(today: Date, days = 7): DayRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return [dayText(start), dayText(today)];
}

/** A range read from URL text, or null when either end is missing or malformed. */
export function parseRange(start: unknown, end: unknown): DayRange | null {
  return typeof start === 'string' &&
    typeof end === 'string' &&
    DAY.test(start) &&
    DAY.test(end) &&
    start <= end
    ? [start, end]
    : null;
}
