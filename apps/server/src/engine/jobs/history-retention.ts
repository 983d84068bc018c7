/**
 * Retention, per company from its settings: raw history `historyRetentionDays` (default 90), syslog
 * `syslogRetentionDays`, hourly roll-ups `hourlyRetentionDays` (default a year).
 */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { deleteExpiredHistory, listCompanyIds } from './monitoring-jobs.repository';
import type { SettingsReader } from './monitoring-settings';

const DAY = 86_400_000;

/** Deletes what is past retention at `now`; returns the rows removed per table, all companies together. */
export async function applyHistoryRetention(
  db: Kysely<DB>,
  now: number,
  settings: SettingsReader,
): Promise<{ metrics: number; syslogs: number; hourly: number }> {
  const total = { metrics: 0, syslogs: 0, hourly: 0 };
  for (const companyId of await listCompanyIds(db)) {
    const s = await settings(db, companyId);
    const removed = await deleteExpiredHistory(db, companyId, {
      metrics: now - s.historyRetentionDays * DAY,
      syslogs: now - s.syslogRetentionDays * DAY,
      hourly: now - s.hourlyRetentionDays * DAY,
    });
    total.metrics += removed.metrics;
    total.syslogs += removed.syslogs;
    total.hourly += removed.hourly;
  }
  return total;
}
