// The device list's usageRate is yesterday's stored usage rate (docs/decisions/usage.md), and a cached
// list page shows the daily job's new rows on the next read.
import type { Device, PagedResult } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app';
import { get } from '../devices/device-test-support';
import { addDays, dayOf, listDeviceUsageDays, upsertDeviceUsageDays } from './device-usage.repository';
import { runDailyUsagePass } from './jobs/usage-daily.job';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // The demo's usage history: its devices were added before yesterday, so they have yesterday's row.
  t = await createTestApp({ demoHistory: true });
  admin = await t.signIn('admin');
});
afterAll(async () => t.close());

async function firstPage(): Promise<Device[]> {
  const res = await get<PagedResult<Device>>(t, admin, 'listDevices?pageNum=1&pageSize=10');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list;
}

describe('device list usageRate', () => {
  it("equals the device's stored usage row of yesterday, after the daily job ran", async () => {
    await runDailyUsagePass(t.ctx, Date.now());
    const yesterday = addDays(dayOf(Date.now()), -1);
    const list = await firstPage();
    expect(list.length).toBeGreaterThan(0);
    for (const device of list) {
      const [row] = await listDeviceUsageDays(t.ctx.db, device.deviceId, yesterday, yesterday);
      expect(device.usageRate).toBe(row ? row.usage_rate : null);
    }
  });

  it('is not served stale from a cached page once a new usage row is written', async () => {
    const [first] = await firstPage();
    if (!first) throw new Error('the demo lists devices');
    const yesterday = addDays(dayOf(Date.now()), -1);
    const [stored] = await listDeviceUsageDays(t.ctx.db, first.deviceId, yesterday, yesterday);
    const rate = stored?.usage_rate === 42.5 ? 57.25 : 42.5;
    await upsertDeviceUsageDays(t.ctx.db, [
      {
        device_id: first.deviceId,
        statistics_date: yesterday,
        company_id: 1,
        shop_id: first.shopId,
        product_id: first.productId,
        device_category: first.deviceCategory,
        device_class: first.deviceClass,
        online_ms: 1,
        offline_ms: 1,
        base_ms: 2,
        usage_rate: rate,
        computed_at: Date.now(),
      },
    ]);
    expect((await firstPage()).find((d) => d.deviceId === first.deviceId)?.usageRate).toBe(rate);
  });
});
