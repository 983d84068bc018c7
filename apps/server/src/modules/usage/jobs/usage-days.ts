/**
 * Days and measured spans of the usage rate, in the server's time zone (docs/decisions/usage.md).
 * A day is 'YYYY-MM-DD'; its span is [local midnight, next local midnight) (23 or 25 h across a DST
 * change). With opening hours set, the measured spans are the parts of the opening hours inside the day:
 * 09:00–21:00 gives one span; a window past midnight (22:00–06:00) gives 00:00–06:00 and 22:00–24:00.
 */
import type { TimeWindow } from '@storefleet/contracts';

/** A measured span [start, end) in epoch ms. */
export interface UsageSpan {
  start: number;
  end: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The server-time-zone day `ms` falls in. */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 1970, (m ?? 1) - 1, d ?? 1];
}

/** Local time `hhmm` ('HH:mm', '24:00' allowed) on `day`, epoch ms. */
export function clockOn(day: string, hhmm: string): number {
  const [y, m, d] = parts(day);
  const [hh, mm] = hhmm.split(':').map(Number);
  return new Date(y, m, d, hh ?? 0, mm ?? 0).getTime();
}

/** `day` plus `n` days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  return dayOf(new Date(y, m, d + n, 12).getTime());
}

/** The days from `from` to `to`, both included (none when `from` is after `to`). */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** [start, end) of the whole day. */
export function daySpan(day: string): UsageSpan {
  const [y, m, d] = parts(day);
  return { start: new Date(y, m, d).getTime(), end: new Date(y, m, d + 1).getTime() };
}

/** What is measured on `day`: the whole day, or the opening hours inside it. */
export function measuredSpans(day: string, openingHours: TimeWindow | null): UsageSpan[] {
  const whole = daySpan(day);
  if (!openingHours) return [whole];
  const open = clockOn(day, openingHours.start);
  const close = clockOn(day, openingHours.end);
  if (open < close) return [{ start: open, end: close }];
  // Past midnight: the early-morning tail of the previous evening's window, then this evening's start.
  return [
    { start: whole.start, end: close },
    { start: open, end: whole.end },
  ].filter((span) => span.start < span.end);
}

/** The spans cut at `until` (today so far); empty spans dropped. */
export function spansUntil(spans: readonly UsageSpan[], until: number): UsageSpan[] {
  return spans
    .map((span) => ({ start: span.start, end: Math.min(span.end, until) }))
    .filter((span) => span.start < span.end);
}

/**
 * The days of `changes` (transitions) that were already over at `now`: stamped before today, so the
 * daily usage job may have stored them (usage-late-days.ts computes them again).
 */
export function pastDaysOf(
  changes: ReadonlyArray<{ deviceId: number; at: number }>,
  now: number,
): Array<{ deviceId: number; day: string }> {
  if (changes.length === 0) return [];
  const today = daySpan(dayOf(now)).start;
  return changes
    .filter((change) => change.at < today)
    .map((change) => ({ deviceId: change.deviceId, day: dayOf(change.at) }));
}
