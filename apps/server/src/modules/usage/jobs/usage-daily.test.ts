// The daily usage job and the usage definition (docs/decisions/usage.md), on a bare database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../../testing/test-database';
import {
  countUsageRows,
  insertTransitions,
  insertUsageDevice,
  insertUsageStore,
  setOpeningHours,
} from './test-support/usage-fixture.repository';
import { runDailyUsage } from './usage-daily';
import { addDays, clockOn, dayOf, daySpan } from './usage-days';
import { latestUsageDate, listDeviceUsageDays } from './usage-days.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestDatabase;
const today = dayOf(Date.now());
/** The day the definition tests measure: three days ago (a 24 h day unless DST changes on it). */
const day = addDays(today, -3);
const start = daySpan(day).start;
let whole: { companyId: number; shopId: number };
let hours: { companyId: number; shopId: number };

const rowOf = async (deviceId: number, date = day) =>
  (await listDeviceUsageDays(t.database.db, deviceId, date, date))[0];

beforeAll(async () => {
  t = await openTestDatabase();
  const db = t.database.db;
  whole = await insertUsageStore(db, start - 30 * DAY);
  hours = await insertUsageStore(db, start - 30 * DAY);
  await setOpeningHours(db, hours.companyId, '09:00', '21:00', start - 30 * DAY);
});
afterAll(() => t.cleanup());

describe('usage rate of a day', () => {
  it('is the online share of the day: 6 h online of 24 h is 25 %; offline before the first transition', async () => {
    const db = t.database.db;
    const deviceId = await insertUsageDevice(db, whole, start - 10 * DAY);
    await insertTransitions(db, deviceId, [
      [clockOn(day, '06:00'), 1],
      [clockOn(day, '12:00'), 0],
    ]);
    await runDailyUsage(db, Date.now(), {
      dialect: t.database.dialect,
      from: day,
      to: day,
    });
    const row = await rowOf(deviceId);
    const base = daySpan(day).end - start;
    expect(row).toMatchObject({ online_ms: 6 * HOUR, offline_ms: base - 6 * HOUR, base_ms: base });
    if (base === DAY) expect(row?.usage_rate).toBe(25);
  });

  it('measures the opening hours when the company set them: online 09:00–15:00 of 09:00–21:00 is 50 %', async () => {
    const db = t.database.db;
    const deviceId = await insertUsageDevice(db, hours, start - 10 * DAY);
    await insertTransitions(db, deviceId, [
      [clockOn(day, '07:00'), 1],
      [clockOn(day, '08:00'), 0],
      [clockOn(day, '09:00'), 1],
      [clockOn(day, '15:00'), 0],
      [clockOn(day, '22:00'), 1],
    ]);
    await runDailyUsage(db, Date.now(), {
      dialect: t.database.dialect,
      from: day,
      to: day,
    });
    expect(await rowOf(deviceId)).toMatchObject({
      online_ms: 6 * HOUR,
      base_ms: 12 * HOUR,
      usage_rate: 50,
    });
  });

  it('carries the status of a transition before the day into it', async () => {
    const db = t.database.db;
    const deviceId = await insertUsageDevice(db, whole, start - 10 * DAY);
    await insertTransitions(db, deviceId, [
      [start - 2 * DAY, 1],
      [clockOn(day, '18:00'), 0],
    ]);
    await runDailyUsage(db, Date.now(), {
      dialect: t.database.dialect,
      from: day,
      to: day,
    });
    expect(await rowOf(deviceId)).toMatchObject({ online_ms: clockOn(day, '18:00') - start });
  });

  it('is 100 % for a device online all along with no transition that day, 0 % for one never seen', async () => {
    const db = t.database.db;
    const online = await insertUsageDevice(db, whole, start - 10 * DAY);
    const never = await insertUsageDevice(db, whole, start - 10 * DAY);
    await insertTransitions(db, online, [[start - 5 * DAY, 1]]);
    await runDailyUsage(db, Date.now(), {
      dialect: t.database.dialect,
      from: day,
      to: day,
    });
    expect(await rowOf(online)).toMatchObject({ usage_rate: 100, offline_ms: 0 });
    expect(await rowOf(never)).toMatchObject({ usage_rate: 0, online_ms: 0 });
  });

  it('gives no rate to a device that is not monitored: no row for the days computed meanwhile', async () => {
    const db = t.database.db;
    const watched = await insertUsageDevice(db, whole, start - 10 * DAY);
    const unwatched = await insertUsageDevice(db, whole, start - 10 * DAY);
    await insertTransitions(db, watched, [[start - 5 * DAY, 1]]);
    await insertTransitions(db, unwatched, [[start - 5 * DAY, 1]]);
    await db.updateTable('devices').set({ monitored: 0 }).where('id', '=', unwatched).execute();
    const options = { dialect: t.database.dialect, from: day, to: day };
    await runDailyUsage(db, Date.now(), options);
    expect(await rowOf(watched)).toMatchObject({ usage_rate: 100 });
    expect(await rowOf(unwatched)).toBeUndefined();
    // Monitored again: a day computed from then on has its rate (here the day before, computed late).
    await db.updateTable('devices').set({ monitored: 1 }).where('id', '=', unwatched).execute();
    await runDailyUsage(db, Date.now(), { ...options, from: addDays(day, -1), to: addDays(day, -1) });
    expect(await rowOf(unwatched, addDays(day, -1))).toMatchObject({ usage_rate: 100 });
    expect(await rowOf(unwatched)).toBeUndefined();
  });

  it('does not count days before the device was added, and the day it was added from then on', async () => {
    const db = t.database.db;
    const added = clockOn(day, '12:00');
    const deviceId = await insertUsageDevice(db, whole, added);
    await insertTransitions(db, deviceId, [
      [added, 1],
      [clockOn(day, '18:00'), 0],
    ]);
    await runDailyUsage(db, Date.now(), {
      dialect: t.database.dialect,
      from: addDays(day, -1),
      to: day,
    });
    expect(await rowOf(deviceId, addDays(day, -1))).toBeUndefined();
    expect(await rowOf(deviceId)).toMatchObject({
      online_ms: 6 * HOUR,
      base_ms: daySpan(day).end - added,
      usage_rate: 50,
    });
  });
});

describe('daily usage job', () => {
  it('is idempotent: running the same day again rewrites the same rows', async () => {
    const db = t.database.db;
    await runDailyUsage(db, Date.now(), {
      dialect: t.database.dialect,
      from: day,
      to: day,
    });
    const rows = await countUsageRows(db);
    const before = await listDeviceUsageDays(db, 1, day, day);
    const again = await runDailyUsage(db, Date.now(), {
      dialect: t.database.dialect,
      from: day,
      to: day,
    });
    expect(again?.rows).toBeGreaterThan(0);
    expect(await countUsageRows(db)).toBe(rows);
    expect((await listDeviceUsageDays(db, 1, day, day)).map(({ computed_at: _, ...r }) => r)).toEqual(
      before.map(({ computed_at: _, ...r }) => r),
    );
  });

  it('catches up the days missed after the latest stored one, up to yesterday, then has nothing due', async () => {
    const db = t.database.db;
    // Stored so far: `day` (three days ago). A run now computes the two days after it.
    expect(await latestUsageDate(db)).toBe(day);
    const run = await runDailyUsage(db, Date.now(), {
      dialect: t.database.dialect,
    });
    expect(run).toMatchObject({ from: addDays(day, 1), to: addDays(today, -1) });
    expect(await listDeviceUsageDays(db, 1, addDays(day, 1), addDays(today, -1))).toHaveLength(2);
    expect(await runDailyUsage(db, Date.now(), { dialect: t.database.dialect })).toBeNull();
    expect(await latestUsageDate(db)).toBe(addDays(today, -1));
  });

  it('bounds a first run to the catch-up window', async () => {
    const db = t.database.db;
    const run = await runDailyUsage(db, Date.now() + 100 * DAY, { dialect: t.database.dialect });
    expect(run?.from).toBe(addDays(dayOf(Date.now() + 100 * DAY), -35));
  });
});
