// Late transitions (docs/decisions/usage.md "Late transitions"): a status change a box sends after its
// day was stored is counted in that day and the days after it, through ingest and the daily job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app';
import { reachabilityValue } from '../hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../hub/test-support/link-fixture.repository';
import { ingestValues, type Reporter } from '../ingest/ingest.service';
import { backdateDevice } from './test-support/usage-fixture.repository';
import { runDailyUsage } from './usage-daily';
import { addDays, clockOn, dayOf, daySpan } from './usage-days';
import { listDeviceUsageDays } from './usage-days.repository';

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
    await ingestValues(t.ctx, box, [reach(pos, clockOn(dayBefore, '10:00'), true)]);
    await runDailyUsage(db, now, { dialect, from: dayBefore, to: yesterday });
    expect(await days()).toMatchObject([
      { statistics_date: dayBefore, online_ms: lengthOf(dayBefore) - 10 * HOUR },
      { statistics_date: yesterday, online_ms: lengthOf(yesterday) },
    ]);

    // The store's link was down from 20:00 the day before yesterday; back now, the box sends what it
    // kept: the POS went offline at 20:00 and came back at 07:00 yesterday.
    await ingestValues(t.ctx, box, [reach(pos, clockOn(dayBefore, '20:00'), false)]);
    await ingestValues(t.ctx, box, [reach(pos, clockOn(yesterday, '07:00'), true)]);
    await t.ctx.jobs.runDailyUsage(now);
    const repaired = await days();
    expect(repaired).toMatchObject([
      { statistics_date: dayBefore, online_ms: 10 * HOUR, offline_ms: lengthOf(dayBefore) - 10 * HOUR },
      { statistics_date: yesterday, online_ms: lengthOf(yesterday) - 7 * HOUR },
    ]);

    // The marks were used up, and a change stamped today marks nothing: the next run rewrites no row.
    await ingestValues(t.ctx, box, [reach(pos, now - 60_000, false)]);
    await t.ctx.jobs.runDailyUsage(now + 60_000);
    expect((await days()).map((row) => row.computed_at)).toEqual(repaired.map((row) => row.computed_at));
  });
});
