/**
 * Usage on demand (docs/decisions/usage.md): "today so far" for the list and report calls (the daily
 * job stores days up to yesterday; today is never stored).
 */
import type { Kysely } from 'kysely';

import type { DB, DialectName } from '../../db/database';
import { companySpans, readOpeningHours } from './jobs/usage-daily';
import { dayOf, spansUntil } from './jobs/usage-days';
import { ALL_DEVICES, computeUsageDays, type DeviceUsageDay } from './jobs/usage-days.repository';

/**
 * Today's usage so far (server time zone, measured spans cut at `now`) of a company's devices — all of
 * them, or `deviceIds` (a page) — in the stored row shape, not stored. Devices with nothing measured yet
 * (opening hours not begun, added later) have no row.
 */
export async function usageForToday(
  db: Kysely<DB>,
  options: { dialect: DialectName; companyId: number; now: number; deviceIds?: readonly number[] },
): Promise<DeviceUsageDay[]> {
  const day = dayOf(options.now);
  const hours = await readOpeningHours(db);
  const spans = spansUntil(companySpans(hours, options.companyId, day), options.now);
  if (spans.length === 0) return [];
  return computeUsageDays(db, {
    dialect: options.dialect,
    companyId: options.companyId,
    date: day,
    spans,
    devices: options.deviceIds ? { deviceIds: options.deviceIds } : ALL_DEVICES,
    now: options.now,
  });
}
