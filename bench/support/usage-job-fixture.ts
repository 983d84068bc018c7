/**
 * The usage job bench's fixture (bench/usage.ts): `devices` devices bulk-inserted into `companyId` and
 * backdated, each with a transition the evening before and 0–6 during yesterday, and the day before
 * computed by the job — as the nightly run finds it.
 */
import type { Kysely } from 'kysely';

import type { DB, DialectName } from '../../apps/server/src/db/database';
import { runDailyUsage } from '../../apps/server/src/engine/jobs/usage-daily';
import { addDays, dayOf, daySpan } from '../../apps/server/src/engine/jobs/usage-days';
import { insertBulkDevices } from './device-fixtures.repository';
import { fmt } from './report';
import { analyze, backdateCompanyDevices, insertDayTransitions } from './usage-fixture.repository';

/** The measured day (yesterday) and how many transitions it holds. */
export interface JobFixture {
  day: string;
  start: number;
  end: number;
  transitions: number;
}

export async function prepareJobFixture(
  db: Kysely<DB>,
  dialect: DialectName,
  companyId: number,
  devices: number,
  now: number,
): Promise<JobFixture> {
  const day = addDays(dayOf(now), -1);
  const { start, end } = daySpan(day);
  process.stdout.write(`[${dialect}] inserting ${fmt(devices)} devices and their transitions of ${day}…\n`);
  await insertBulkDevices(db, dialect, companyId, devices);
  await backdateCompanyDevices(db, companyId, start - 7 * 86_400_000);
  const transitions = await insertDayTransitions(db, companyId, start);
  if (dialect === 'postgres') await analyze(db);
  // The day before, as the nightly job finds it (its rows give each device's run).
  await runDailyUsage(db, now, { from: addDays(day, -1), to: addDays(day, -1), dialect });
  return { day, start, end, transitions };
}
