/**
 * Late transitions (docs/decisions/usage.md "Late transitions"): a box whose link was down sends the
 * values it kept once it is back, and a status change among them is stamped with its own clock — on a
 * day the daily job may have stored already. Ingest marks such a day (usage-late-days.repository.ts);
 * before the daily job computes new days, this step computes each marked device's stored days again,
 * from the marked day to the latest day done (the status a day starts with is carried from the day
 * before, so every later day may change too), then removes the marks it read. A mark written while it
 * runs stays for the next run. Marks of days not stored yet need no work: the job computes those days
 * afresh, with the transition.
 */
import type { Kysely } from 'kysely';

import type { DB, DialectName } from '../../../db/database';
import { companySpans, MAX_CATCH_UP_DAYS, readOpeningHours, restAfter } from './usage-daily';
import { addDays, daysFrom } from './usage-days';
import { replaceComputedUsageDays } from './usage-days.repository';
import { latestComputedUsageDay } from './usage-days-marks.repository';
import { type LateUsageDay, listLateUsageDays, removeLateUsageDays } from './usage-late-days.repository';

/** Marks handled per run (the next run takes the rest). */
export const LATE_MARKS_PER_RUN = 10_000;
/**
 * Rows (devices × days) computed again per statement at most: as many as one batch of the job's
 * replacing writes on SQLite (usage-daily.ts), so a statement holds the one connection about as briefly.
 * A device whose days alone are more goes alone.
 */
export const LATE_ROWS_PER_STATEMENT = 500;

/** Per company, each device's earliest marked day among the stored days (not before `floor`). */
function markedDevices(marks: readonly LateUsageDay[], latest: string, floor: string) {
  const byCompany = new Map<number, Map<number, string>>();
  for (const mark of marks) {
    if (mark.companyId === null || mark.day > latest) continue;
    const day = mark.day < floor ? floor : mark.day;
    const devices = byCompany.get(mark.companyId) ?? new Map<number, string>();
    const known = devices.get(mark.deviceId);
    if (known === undefined || day < known) devices.set(mark.deviceId, day);
    byCompany.set(mark.companyId, devices);
  }
  return byCompany;
}

/**
 * The devices (id → earliest day) in statements: earliest day first, each statement from its first
 * device's day to `latest` with as many devices as LATE_ROWS_PER_STATEMENT allows (a later device is
 * computed from that earlier day too: the same figures, its earlier days unchanged).
 */
export function lateStatements(devices: ReadonlyMap<number, string>, latest: string) {
  const order = [...devices.entries()].sort(([a, dayA], [b, dayB]) =>
    dayA === dayB ? a - b : dayA < dayB ? -1 : 1,
  );
  const groups: Array<{ dates: string[]; deviceIds: number[] }> = [];
  let current: { dates: string[]; deviceIds: number[] } | null = null;
  for (const [id, day] of order) {
    if (!current || (current.deviceIds.length + 1) * current.dates.length > LATE_ROWS_PER_STATEMENT) {
      current = { dates: daysFrom(day, latest), deviceIds: [] };
      groups.push(current);
    }
    current.deviceIds.push(id);
  }
  return groups;
}

/**
 * Computes again the stored days of the devices with late transitions and removes the marks read;
 * returns the rows written. `pause` is called between statements with the time each took.
 */
export async function recomputeLateUsageDays(
  db: Kysely<DB>,
  now: number,
  options: { dialect: DialectName; pause?: (workedMs: number) => Promise<void> },
): Promise<number> {
  const marks = await listLateUsageDays(db, LATE_MARKS_PER_RUN);
  if (marks.length === 0) return 0;
  const pause = options.pause ?? restAfter;
  const latest = await latestComputedUsageDay(db);
  let rows = 0;
  if (latest !== null) {
    const hours = await readOpeningHours(db);
    const floor = addDays(latest, 1 - MAX_CATCH_UP_DAYS);
    for (const [companyId, devices] of markedDevices(marks, latest, floor)) {
      for (const { dates, deviceIds } of lateStatements(devices, latest)) {
        const days = dates.map((date) => ({ date, spans: companySpans(hours, companyId, date) }));
        const started = performance.now();
        rows += await replaceComputedUsageDays(db, {
          dialect: options.dialect,
          companyId,
          date: dates[0] ?? latest,
          spans: days[0]?.spans ?? [],
          days,
          devices: { deviceIds },
          now,
        });
        await pause(performance.now() - started);
      }
    }
  }
  await removeLateUsageDays(
    db,
    marks.map((mark) => mark.id),
  );
  return rows;
}
