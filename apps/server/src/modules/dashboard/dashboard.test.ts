// The dashboard and monitor screen figures as a manager reads them: for the whole scope and for each
// region, province, city and store, the monitored devices, boxes and open alerts equal what the device
// list's counts (getDeviceStatus, getGatewayStatus) and the alert overview's counts say for the same place;
// a common user sees its region only; the stores overview's per-store figures agree too.
import {
  type AlertRecordCounts,
  AlertRecordEndpoints,
  type DashboardFigures,
  type DashboardOverview,
  DeviceEndpoints,
  type DeviceStatusCounts,
  DashboardEndpoints as E,
  type GatewayStatusCounts,
  type StoreFigures,
  type UsageTrendPoint,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, envelopeOf, type TestApp, withoutLanguage } from '../../testing/test-app';
import { type AlertPlaces, alertPlaces, insertRecord } from '../alerts/alert-records-test-support';
import { addDays, dayOf, upsertDeviceUsageDays } from '../usage/device-usage.repository';

let t: TestApp;
let p: AlertPlaces;
let admin: string;
let operator: string;
const T0 = new Date(2026, 0, 10, 8, 0, 0).getTime();

beforeAll(async () => {
  t = await createTestApp();
  p = await alertPlaces(t);
  [admin, operator] = await Promise.all([t.signIn('admin'), t.signIn('operator')]);
  await t.ctx.db.deleteFrom('alert_records').execute();
  await insertRecord(t, p.east, p.northwind, { name: 'East critical', severity: 5, at: T0 });
  await insertRecord(t, p.east, p.northwind, { name: 'East warning', severity: 2, at: T0 + 1 });
  await insertRecord(t, p.east, p.northwind, {
    name: 'East ended',
    severity: 2,
    at: T0,
    recoveredAt: T0 + 9,
  });
  await insertRecord(t, p.west, p.northwind, { name: 'West', severity: 3, at: T0 + 2 });
  await insertRecord(t, p.other, p.harbor, { name: 'Harbor', severity: 4, at: T0 + 3 });
});
afterAll(() => t.close());

async function get<T>(token: string, url: string, query: Record<string, string | number> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: bearer(token),
  });
  return { status: res.statusCode, data: res.statusCode === 200 ? envelopeOf<T>(res).data : undefined };
}
const overview = async (token: string, query: Record<string, number> = {}) =>
  (await get<DashboardOverview>(token, E.getDashboardOverview.path, query)).data as DashboardOverview;

/** What the device and alert calls say about a place (device filter / alert filter of the same place). */
async function expected(
  token: string,
  devices: Record<string, string | number>,
  alerts: Record<string, string | number>,
): Promise<Omit<DashboardFigures, 'onlineRate'>> {
  const [status, gateway, counts] = await Promise.all([
    get<DeviceStatusCounts>(token, DeviceEndpoints.getDeviceStatus.path, { ...devices, monitored: 1 }),
    get<GatewayStatusCounts>(token, DeviceEndpoints.getGatewayStatus.path, { ...devices, monitored: 1 }),
    get<AlertRecordCounts>(token, AlertRecordEndpoints.getAlertRecordCounts.path, { ...alerts, status: 0 }),
  ]);
  const s = status.data as DeviceStatusCounts;
  const g = gateway.data as GatewayStatusCounts;
  const a = counts.data as AlertRecordCounts;
  return {
    deviceNum: s.deviceNum,
    onlineNum: s.onlineNum,
    offlineNum: s.offlineNum,
    boxNum: g.onlineNum + g.offlineNum,
    boxOnlineNum: g.onlineNum,
    boxOfflineNum: g.offlineNum,
    openAlertNum: a.unresolved,
    alertsBySeverity: a.bySeverity,
  };
}

function expectFigures(
  shown: DashboardFigures & { id?: number; name?: string },
  want: Omit<DashboardFigures, 'onlineRate'>,
) {
  const { onlineRate, id: _id, name: _name, ...rest } = shown;
  expect(rest).toEqual(want);
  expect(onlineRate).toBe(
    want.deviceNum === 0 ? 0 : Math.round((want.onlineNum / want.deviceNum) * 10_000) / 100,
  );
}

describe('dashboard overview', () => {
  it('shows the whole company as the device and alert calls count it, region by region', async () => {
    const view = await overview(admin);
    expect(view.grouping).toBe('area');
    expect(view.placeId).toBeNull();
    expectFigures(view.totals, await expected(admin, {}, {}));
    expect(view.totals.openAlertNum).toBe(3);
    expect(view.totals.deviceNum).toBeGreaterThan(0);
    expect(view.groups.length).toBeGreaterThan(1);
    for (const group of view.groups)
      expectFigures(group, await expected(admin, { areaLevel: group.id }, { areaLevelListStr: group.id }));
    expect(view.groups.reduce((n, g) => n + g.deviceNum, 0)).toBe(view.totals.deviceNum);
  });

  it('drills down from a region to its provinces, cities and stores with the same figures', async () => {
    const region = (await overview(admin)).groups.find((g) => g.deviceNum > 0);
    if (!region) throw new Error('the demo has a region with devices');
    const provinces = await overview(admin, { areaLevel: region.id });
    expect(provinces).toMatchObject({
      grouping: 'province',
      placeId: region.id,
      placeName: region.name,
      parentId: null,
    });
    const { id: _id, name: _name, ...regionFigures } = region;
    expect(provinces.totals).toEqual(regionFigures);
    const province = provinces.groups.find((g) => g.deviceNum > 0);
    if (!province) throw new Error('the region has a province with devices');
    const cities = await overview(admin, { provinceLevel: province.id });
    expect(cities).toMatchObject({ grouping: 'city', parentId: region.id });
    for (const city of cities.groups)
      expectFigures(city, await expected(admin, { cityLevel: city.id }, { cityLevelListStr: city.id }));
    const city = cities.groups.find((g) => g.deviceNum > 0);
    if (!city) throw new Error('the province has a city with devices');
    const stores = await overview(admin, { cityLevel: city.id });
    expect(stores.grouping).toBe('store');
    expect(stores.storeNum).toBe(stores.groups.length);
    for (const store of stores.groups)
      expectFigures(store, await expected(admin, { shopId: store.id }, { shopId: store.id }));
  });

  it("names the places in the reader's language: a region's English name to an English reader", async () => {
    const levels = await t.ctx.db
      .selectFrom('level_configs')
      .select(['id', 'name', 'ename'])
      .where('company_id', '=', 1)
      .execute();
    const byId = new Map(levels.map((l) => [l.id, l]));
    const chinese = await t.app.inject({
      method: 'GET',
      url: E.getDashboardOverview.path,
      headers: withoutLanguage(bearer(admin)),
    });
    const zh = envelopeOf<DashboardOverview>(chinese).data;
    const en = await overview(admin); // the tests' requests read English
    expect(zh.groups.map((g) => g.name)).toEqual(zh.groups.map((g) => byId.get(g.id)?.name));
    expect(en.groups.map((g) => g.name)).toEqual(en.groups.map((g) => byId.get(g.id)?.ename));
    expect(en.groups.some((g) => g.name !== byId.get(g.id)?.name)).toBe(true);
    const region = en.groups[0];
    if (!region) throw new Error('the demo has regions');
    expect((await overview(admin, { areaLevel: region.id })).placeName).toBe(byId.get(region.id)?.ename);
  });

  it("shows a common user its own region only and refuses another region's figures", async () => {
    const mine = await overview(operator);
    const all = await overview(admin);
    expectFigures(mine.totals, await expected(operator, {}, {}));
    expect(mine.totals.openAlertNum).toBe(2);
    expect(mine.totals.deviceNum).toBeLessThan(all.totals.deviceNum);
    const mineIds = mine.groups.map((g) => g.id);
    const outside = all.groups.find((g) => !mineIds.includes(g.id));
    if (!outside) throw new Error('the operator does not see every region');
    const refused = await get(operator, E.getDashboardOverview.path, { areaLevel: outside.id });
    expect(refused.status).toBe(404);
  });

  it('refuses a city id given as a region', async () => {
    const region = (await overview(admin)).groups[0];
    const province = region ? (await overview(admin, { areaLevel: region.id })).groups[0] : undefined;
    if (!province) throw new Error('the demo has provinces');
    expect((await get(admin, E.getDashboardOverview.path, { areaLevel: province.id })).status).toBe(404);
  });
});

describe('store figures', () => {
  it("gives each listed store's figures as the device and alert calls count them, leaving out others' stores", async () => {
    const asked = [p.east.shopId, p.west.shopId, p.other.shopId];
    const res = await get<StoreFigures[]>(admin, E.getStoreFigures.path, { shopIdStr: asked.join(',') });
    const rows = res.data as StoreFigures[];
    expect(rows.map((r) => r.shopId)).toEqual([p.east.shopId, p.west.shopId]);
    for (const row of rows) {
      const { shopId, usageRate: _usage, ...figures } = row;
      expectFigures(figures, await expected(admin, { shopId }, { shopId }));
    }
    expect(rows[0]?.openAlertNum).toBe(2);
  });

  it("leaves out the stores outside a common user's region", async () => {
    const res = await get<StoreFigures[]>(operator, E.getStoreFigures.path, {
      shopIdStr: `${p.east.shopId},${p.west.shopId}`,
    });
    expect((res.data as StoreFigures[]).map((r) => r.shopId)).toEqual([p.east.shopId]);
  });
});

/** A stored usage day of a device, at `rate` percent of a 24 h day. */
function usageDay(
  device: { shopId: number; deviceId: number },
  companyId: number,
  date: string,
  rate: number,
) {
  const base = 86_400_000;
  const online = Math.round((base * rate) / 100);
  return {
    device_id: device.deviceId,
    statistics_date: date,
    company_id: companyId,
    shop_id: device.shopId,
    product_id: 2,
    device_category: null,
    device_class: null,
    online_ms: online,
    offline_ms: base - online,
    base_ms: base,
    usage_rate: rate,
    computed_at: 0,
  };
}

describe('usage figures', () => {
  const day1 = '2025-03-01';
  const day2 = '2025-03-02';
  beforeAll(async () => {
    const yesterday = addDays(dayOf(Date.now()), -1);
    await t.ctx.db
      .deleteFrom('device_usage_days')
      .where((eb) =>
        eb.or([eb('statistics_date', 'in', [day1, day2]), eb('statistics_date', '=', yesterday)]),
      )
      .where('device_id', 'in', [p.east.deviceId, p.west.deviceId, p.other.deviceId])
      .execute();
    await upsertDeviceUsageDays(t.ctx.db, [
      usageDay(p.east, p.northwind, day1, 50),
      usageDay(p.west, p.northwind, day1, 25),
      usageDay(p.east, p.northwind, day2, 80),
      usageDay(p.other, p.harbor, day1, 99),
      usageDay(p.east, p.northwind, yesterday, 40),
      usageDay(p.west, p.northwind, yesterday, 70),
    ]);
  });
  const trend = async (token: string, query: Record<string, string | number>) =>
    (await get<UsageTrendPoint[]>(token, E.getUsageTrend.path, query)).data as UsageTrendPoint[];

  /** The usage rate of the stored rows of the company's devices in a store set, per day: what the trend must say. */
  async function rowsMean(companyId: number, date: string, shopIds?: number[]) {
    let q = t.ctx.db
      .selectFrom('device_usage_days')
      .select(['online_ms', 'base_ms'])
      .where('company_id', '=', companyId)
      .where('statistics_date', '=', date);
    if (shopIds) q = q.where('shop_id', 'in', shopIds);
    const rows = await q.execute();
    return {
      n: rows.length,
      // The reports' rate: online time over measured time (docs/decisions/usage.md).
      mean:
        Math.round(
          (rows.reduce((s, r) => s + Number(r.online_ms), 0) * 10_000) /
            rows.reduce((s, r) => s + Number(r.base_ms), 0),
        ) / 100,
    };
  }

  it("gives each day's mean usage rate of the company's stored rows, other companies left out", async () => {
    const points = await trend(admin, { startTime: day1, endTime: day2 });
    expect(points.map((x) => x.statisticsDate)).toEqual([day1, day2]);
    for (const point of points) {
      const want = await rowsMean(p.northwind, point.statisticsDate);
      expect(point).toEqual({
        statisticsDate: point.statisticsDate,
        usageRate: want.mean,
        deviceNum: want.n,
      });
    }
  });

  it("narrows the trend to one store, and a common user's to its region", async () => {
    const store = await trend(admin, { startTime: day1, endTime: day2, shopId: p.west.shopId });
    const want = await rowsMean(p.northwind, day1, [p.west.shopId]);
    expect(store).toEqual([{ statisticsDate: day1, usageRate: want.mean, deviceNum: want.n }]);
    const mine = await trend(operator, { startTime: day1, endTime: day1 });
    const eastShops = (
      await t.ctx.db
        .selectFrom('device_usage_days')
        .select('shop_id')
        .where('device_id', '=', p.east.deviceId)
        .execute()
    ).map((r) => r.shop_id);
    const eastWant = await rowsMean(p.northwind, day1, eastShops);
    expect(mine).toEqual([{ statisticsDate: day1, usageRate: eastWant.mean, deviceNum: eastWant.n }]);
  });

  it('refuses a reversed or overlong range', async () => {
    expect((await get(admin, E.getUsageTrend.path, { startTime: day2, endTime: day1 })).status).toBe(400);
    expect((await get(admin, E.getUsageTrend.path, { startTime: '2024-01-01', endTime: day1 })).status).toBe(
      400,
    );
    expect((await get(admin, E.getUsageTrend.path, { startTime: '2025-02-30', endTime: day1 })).status).toBe(
      400,
    );
  });

  it("shows each store's mean usage rate of yesterday's stored rows on the stores overview", async () => {
    const yesterday = addDays(dayOf(Date.now()), -1);
    const res = await get<StoreFigures[]>(admin, E.getStoreFigures.path, {
      shopIdStr: `${p.east.shopId},${p.west.shopId}`,
    });
    for (const row of res.data as StoreFigures[]) {
      const want = await rowsMean(p.northwind, yesterday, [row.shopId]);
      expect(row.usageRate).toBe(want.mean);
    }
  });
});
