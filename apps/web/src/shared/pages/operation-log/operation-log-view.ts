/**
 * The pure half of the operation-log page: how an entry ended, in words, and the time-range filter
 * between the URL (`startTime`/`endTime` text) and the form's range picker.
 */
import dayjs, { type Dayjs } from 'dayjs';

/** How a recorded call ended: done, refused (no session, no permission, throttled) or failed. */
export type Outcome = 'success' | 'refused' | 'failed';

const REFUSED = new Set([401, 403, 429]);

export function outcomeOf(status: number): Outcome {
  if (status < 400) return 'success';
  return REFUSED.has(status) ? 'refused' : 'failed';
}

export const OUTCOME_COLOR: Record<Outcome, string> = {
  success: 'success',
  refused: 'warning',
  failed: 'error',
};

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type Range = [Dayjs | null, Dayjs | null] | null | undefined;

/** URL filters → form values: `startTime`/`endTime` become the picker's `range`. */
export function toRangeForm(filters: Record<string, unknown>): Record<string, unknown> {
  const { startTime, endTime, ...rest } = filters;
  const read = (v: unknown) => (typeof v === 'string' && dayjs(v).isValid() ? dayjs(v) : null);
  const start = read(startTime);
  const end = read(endTime);
  return { ...rest, range: start || end ? [start, end] : undefined };
}

/** Form values → URL filters: the picker's `range` becomes `startTime`/`endTime` (seconds included). */
export function fromRangeForm(values: Record<string, unknown>): Record<string, unknown> {
  const { range, ...rest } = values as { range?: Range } & Record<string, unknown>;
  return {
    ...rest,
    startTime: range?.[0]?.format(DATE_TIME_FORMAT),
    endTime: range?.[1]?.format(DATE_TIME_FORMAT),
  };
}
