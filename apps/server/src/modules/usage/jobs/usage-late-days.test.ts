// Late transitions (docs/decisions/usage.md "Late transitions"): a status change a box sends after its
// day was stored is counted in that day and the days after it, through ingest and the daily job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachabilityValue } from '../../../engine/hub/test-support/agent-values';
import {
  insertLinkFixture,
  type LinkFixture,
} from '../../../engine/hub/test-support/link-fixture.repository';
import { ingestValues, type Reporter } from '../../../engine/ingest/ingest.service';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { backdateDevice } from './test-support/usage-fixture.repository';
import { runDailyUsage } from './usage-daily';
import { runDailyUsagePass } from './usage-daily.job';
import { addDays, clockOn, dayOf, daySpan } from './usage-days';
import { listDeviceUsageDays } from './usage-days.repository';
import { LATE_ROWS_PER_STATEMENT, lateStatements } from './usage-late-days';

const HOUR = 3_600_000;
const now = Date.now();
const yesterday = addDays(dayOf(now), -1);
const dayBefore = addDays(yesterday, -1);
const lengthOf = (day: string) => daySpan(day).end - daySpan(day).start;
let t: TestApp;
let fixture: LinkFixture;
let box: Reporter;
let seq = now * 1000;

const reach = (deviceId: number, at: number, online: boolean) =>
  reachabilityValue({ deviceId, seq: ++seq, at, online });

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' };
  await backdateDevice(t.ctx.db, fixture.posId, daySpan(dayBefore).start - 5 * 24 * HOUR);
});
afterAll(() => t.close());

describe('late transitions', () => {
  it('a status change sent after its day was stored is counted in that day and the days after it', async () => {
    const { db } = t.ctx;
    const dialect = t.ctx.database.dialect;
    const pos = fixture.posId;
    const days = () => listDeviceUsageDays(db, pos, dayBefore, yesterday);
    await ingestValues(t.parts, box, [reach(pos, clockOn(dayBefore, '10:00'), true)]);
    await runDailyUsage(db, now, { dialect, from: dayBefore, to: yesterday });
    expect(await days()).toMatchObject([
      { statistics_date: dayBefore, online_ms: lengthOf(dayBefore) - 10 * HOUR },
      { statistics_date: yesterday, online_ms: lengthOf(yesterday) },
    ]);

    // The store's link was down from 20:00 the day before yesterday; back now, the box sends what it
    // kept: the POS went offline at 20:00 and came back at 07:00 yesterday.
    await ingestValues(t.parts, box, [reach(pos, clockOn(dayBefore, '20:00'), false)]);
    await ingestValues(t.parts, box, [reach(pos, clockOn(yesterday, '07:00'), true)]);
    await runDailyUsagePass(t.ctx, now);
    const repaired = await days();
    expect(repaired).toMatchObject([
      { statistics_date: dayBefore, online_ms: 10 * HOUR, offline_ms: lengthOf(dayBefore) - 10 * HOUR },
      { statistics_date: yesterday, online_ms: lengthOf(yesterday) - 7 * HOUR },
    ]);

    // The marks were used up, and a change stamped today marks nothing: the next run rewrites no row.
    await ingestValues(t.parts, box, [reach(pos, now - 60_000, false)]);
    await runDailyUsagePass(t.ctx, now + 60_000);
    expect((await days()).map((row) => row.computed_at)).toEqual(repaired.map((row) => row.computed_at));
  });

  it('computes the marked devices in statements of bounded work, earliest days first', () => {
    const latest = '2026-03-10';
    const devices = new Map<number, string>([[7, '2026-03-10']]);
    for (let id = 100; id < 300; id++) devices.set(id, '2026-03-08');
    const groups = lateStatements(devices, latest);
    // 200 devices of 3 days each, then the one of 1 day with the last of them.
    const perStatement = Math.floor(LATE_ROWS_PER_STATEMENT / 3);
    expect(groups.map((g) => [g.dates[0], g.deviceIds.length])).toEqual([
      ['2026-03-08', perStatement],
      ['2026-03-08', 200 - perStatement + 1],
    ]);
    expect(groups.flatMap((g) => g.deviceIds).sort((a, b) => a - b)).toEqual(
      [...devices.keys()].sort((a, b) => a - b),
    );
  });
});
