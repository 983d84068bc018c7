// The demo's usage history: 60+ days with a weekly rhythm, store closures and failing devices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PasswordHasher } from '../auth/passwords';
import { clockOn } from '../engine/jobs/usage-days';
import { TEST_HASHING, testConfig } from '../testing/test-app';
import { openTestDatabase, type TestDatabase } from '../testing/test-database';
import { summariseUsageDays } from './demo-usage.repository';
import { seedOnStart } from './seed';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  await seedOnStart(t.database, testConfig({ demo: true }), new PasswordHasher(TEST_HASHING));
});
afterAll(() => t.cleanup());

describe('demo usage history', () => {
  it('has usage rows for at least 60 days up to yesterday, Sundays lower than weekdays', async () => {
    const days = await summariseUsageDays(t.database.db);
    expect(days.length).toBeGreaterThanOrEqual(60);
    const weekday = (date: string) => new Date(clockOn(date, '12:00')).getDay();
    const mean = (list: typeof days) => list.reduce((sum, d) => sum + d.meanRate, 0) / list.length;
    const sundays = days.filter((d) => weekday(d.date) === 0);
    const workdays = days.filter((d) => weekday(d.date) >= 1 && weekday(d.date) <= 5);
    expect(mean(sundays)).toBeLessThan(mean(workdays));
    for (const day of days) expect(day.meanRate).toBeGreaterThan(0);
  });

  it('closes a few stores for some days (their box down all day) and not most', async () => {
    const days = await summariseUsageDays(t.database.db);
    const closureDays = days.filter((d) => d.boxesDown > 0);
    expect(closureDays.length).toBeGreaterThan(0);
    expect(closureDays.length).toBeLessThan(days.length / 2);
  });
});
