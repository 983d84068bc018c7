/**
 * Hourly roll-up of raw history into min/avg/max per device, item and hour. Each run recomputes the
 * hours since the last rolled one, and always the last few, because boxes deliver buffered values late.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { latestRolledHour, oldestMetricClock, rollUpHours } from './monitoring-jobs.repository';

const HOUR = 3_600_000;
/** Hours recomputed every run for late values (a box offline longer delivers into rolled hours only). */
const LATE_HOURS = 6;

/** Rolls up every complete hour before `now` not yet rolled, plus the last LATE_HOURS; returns [from, to). */
export async function rollUpHistory(
  db: Kysely<DB>,
  now: number,
): Promise<{ from: number; to: number } | null> {
  const to = Math.floor(now / HOUR) * HOUR;
  const rolled = await latestRolledHour(db);
  let from: number;
  if (rolled === null) {
    const oldest = await oldestMetricClock(db);
    if (oldest === null) return null;
    from = Math.floor(oldest / HOUR) * HOUR;
  } else {
    from = Math.min(rolled + HOUR, to - LATE_HOURS * HOUR);
  }
  if (from >= to) return null;
  await rollUpHours(db, from, to);
  return { from, to };
}
