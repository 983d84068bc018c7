// The demo's usage history: 60+ days with a weekly rhythm, store closures and failing devices, and the
// offline reasons entered for the failing devices' drops; seeded only when asked for in tests.
import {
  type Device,
  DeviceEndpoints,
  fillPath,
  OFFLINE_REASON_TYPES,
  type OfflineReason,
  OfflineReasonEndpoints as R,
  type TopReasons,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addDays, clockOn, dayOf } from '../modules/usage/jobs/usage-days';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../testing/test-app';
import { summariseUsageDays } from './demo-usage.repository';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ demoHistory: true });
  admin = await t.signIn('admin');
}, 120_000);
afterAll(() => t.close());

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

  it("dates a device's first online time from its history, not from the simulator's first report", async () => {
    const db = t.database.db;
    const first = await db
      .selectFrom('device_online_events')
      .select(['device_id', (eb) => eb.fn.min('at').as('at')])
      .where('status', '=', 1)
      .where('device_id', 'in', (eb) => eb.selectFrom('devices').select('id').where('company_id', '=', 1))
      .groupBy('device_id')
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'GET',
      url: fillPath(DeviceEndpoints.detail.path, { deviceId: first.device_id }),
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = envelopeOf<Device>(res).data.firstOnlineTime;
    expect(shown?.slice(0, 10)).toBe(dayOf(Number(first.at)));
    // The history's first day, weeks before the seed (and the simulator's first report).
    expect(Number(first.at)).toBeLessThan(Date.now() - 50 * 86_400_000);
  });

  it('closes a few stores for some days (their box down all day) and not most', async () => {
    const days = await summariseUsageDays(t.database.db);
    const closureDays = days.filter((d) => d.boxesDown > 0);
    expect(closureDays.length).toBeGreaterThan(0);
    expect(closureDays.length).toBeLessThan(days.length / 2);
  });
});

describe('demo offline reasons', () => {
  const records = () =>
    t.database.db.selectFrom('device_offline_reasons').selectAll().orderBy('id').execute();

  it('holds a few dozen records of the built-in types, each on a real drop of its device in its store', async () => {
    const all = await records();
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(all.length).toBeLessThanOrEqual(80);
    const builtIn = new Set(OFFLINE_REASON_TYPES.map((type) => type.code));
    for (const r of all) expect(builtIn.has(r.reason_type_code), r.reason_type_code).toBe(true);
    expect(new Set(all.map((r) => r.reason_type_code)).size).toBeGreaterThanOrEqual(4);
    for (const r of all) {
      const drop = await t.database.db
        .selectFrom('device_online_events')
        .select('status')
        .where('device_id', '=', r.device_id)
        .where('at', '=', r.drop_at)
        .executeTakeFirst();
      expect(drop?.status, `record ${r.id}: an offline transition at its drop time`).toBe(0);
      const device = await t.database.db
        .selectFrom('devices')
        .select(['shop_id', 'company_id'])
        .where('id', '=', r.device_id)
        .executeTakeFirstOrThrow();
      expect({ shop: r.shop_id, company: r.company_id }).toEqual({
        shop: device.shop_id,
        company: device.company_id,
      });
      expect(r.reason).not.toBe('');
      expect(r.drop_at).toBeLessThan(Date.now());
    }
  });

  it('shows in the top-reasons report of the last 60 days and on the device', async () => {
    const today = dayOf(Date.now());
    const res = await t.app.inject({
      method: 'POST',
      url: R.topReasons.path,
      headers: bearer(admin),
      payload: { startTime: addDays(today, -60), endTime: today },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = envelopeOf<TopReasons>(res).data;
    const counted = report.regions.reduce((sum, region) => sum + region.total, 0);
    const mine = (await records()).filter((r) => r.company_id === 1);
    expect(mine.length).toBeGreaterThan(0);
    expect(counted).toBe(mine.length);

    const first = mine[0];
    if (!first) throw new Error('no record');
    const device = await t.app.inject({
      method: 'GET',
      url: R.deviceOfflineReasons.path.replace(':deviceId', String(first.device_id)),
      headers: bearer(admin),
    });
    expect(device.statusCode, device.body).toBe(200);
    const listed = envelopeOf<OfflineReason[]>(device).data;
    expect(listed.map((r) => r.id)).toContain(first.id);
  });
});

describe('test apps without the history', () => {
  it('seed the demo without usage rows, transitions of the history or offline reasons unless asked', async () => {
    const plain = await createTestApp();
    try {
      const count = async (table: 'device_usage_days' | 'device_offline_reasons' | 'device_online_events') =>
        Number(
          (
            await plain.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('device_usage_days')).toBe(0);
      expect(await count('device_offline_reasons')).toBe(0);
      expect(await count('device_online_events')).toBe(0);
      expect(await plain.signIn('admin')).not.toBe('');
    } finally {
      await plain.close();
    }
  }, 120_000);
});
