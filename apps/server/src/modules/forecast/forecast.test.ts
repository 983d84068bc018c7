// The anomaly and forecast calls over seeded daily usage rows (SQLite, and PostgreSQL with
// TEST_DB=postgres): one store's devices get 56 days with a weekly rhythm, one of them failing in the
// last week; the lists rank it first, the charts average exactly the rows, the forecast has a band,
// and scope, place and category filters hold.
import {
  type AnomalyChart,
  type AnomalyItem,
  type ForecastChart,
  ForecastEndpoints,
  type ForecastItem,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { levelId, type OrgFixture, openOrgFixture } from '../../testing/org-fixture';
import { envelopeOf } from '../../testing/test-app';
import { addDays, type DeviceUsageDay, dayOf, upsertDeviceUsageDays } from '../usage/device-usage.repository';

const DAYS = 56;
let f: OrgFixture;
let store: number;
let harborStore: number;
let devices: { id: number; company_id: number; shop_id: number; product_id: number }[];
let failing: number;
let camera: number;
const yesterday = addDays(dayOf(Date.now()), -1);
/** What was seeded: date → usage rates of the store's devices. */
const seeded = new Map<string, number[]>();

function rate(deviceIndex: number, dayIndex: number, date: string): number {
  const weekday = new Date(`${date}T12:00:00`).getDay();
  const base = 60 + deviceIndex * 3 + (weekday === 0 || weekday === 6 ? 20 : 0);
  const wobble = ((dayIndex * 7 + deviceIndex * 13) % 5) - 2;
  return Math.min(100, Math.max(0, base + wobble));
}

async function seedStore(shopId: number, failingIndex: number | null) {
  const list = await f.t.ctx.db
    .selectFrom('devices')
    .select(['id', 'company_id', 'shop_id', 'product_id'])
    .where('shop_id', '=', shopId)
    .orderBy('id')
    .limit(5)
    .execute();
  const rows: DeviceUsageDay[] = [];
  list.forEach((d, i) => {
    for (let k = 0; k < DAYS; k++) {
      const date = addDays(yesterday, k - DAYS + 1);
      let usage = rate(i, k, date);
      if (i === failingIndex && k >= DAYS - 5) usage = 5;
      const base = 8 * 3_600_000;
      const online = Math.round((base * usage) / 100);
      rows.push({
        device_id: d.id,
        statistics_date: date,
        company_id: d.company_id,
        shop_id: d.shop_id,
        product_id: d.product_id,
        device_category: i === 1 ? 'camera' : 'terminal',
        device_class: i === 1 ? 'ipc' : 'pos',
        online_ms: online,
        offline_ms: base - online,
        base_ms: base,
        usage_rate: Math.round((online / base) * 10000) / 100,
        computed_at: Date.now(),
      });
      if (shopId === store)
        seeded.set(date, [...(seeded.get(date) ?? []), Math.round((online / base) * 10000) / 100]);
    }
  });
  await upsertDeviceUsageDays(f.t.ctx.db, rows);
  return list;
}

beforeAll(async () => {
  f = await openOrgFixture();
  const east = await levelId(f.t, f.northwind, '华东大区');
  const storeRow = await f.t.ctx.db
    .selectFrom('stores')
    .innerJoin('devices', 'devices.shop_id', 'stores.id')
    .select(['stores.id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('stores.area_level', '=', east)
    .groupBy('stores.id')
    .having((eb) => eb.fn.countAll(), '>=', 4)
    .orderBy('stores.id')
    .executeTakeFirstOrThrow();
  store = storeRow.id;
  harborStore = (
    await f.t.ctx.db
      .selectFrom('stores')
      .innerJoin('devices', 'devices.shop_id', 'stores.id')
      .select('stores.id')
      .where('stores.company_id', '=', f.harbor)
      .orderBy('stores.id')
      .executeTakeFirstOrThrow()
  ).id;
  // Only the seeded rows in the window: drop whatever the demo computed for these stores.
  await f.t.ctx.db.deleteFrom('device_usage_days').where('shop_id', 'in', [store, harborStore]).execute();
  devices = await seedStore(store, 3);
  await seedStore(harborStore, 0);
  failing = devices[3]?.id ?? 0;
  camera = devices[1]?.id ?? 0;
});
afterAll(() => f.t.close());

type ForecastCall = (typeof ForecastEndpoints)[keyof typeof ForecastEndpoints];
const post = (endpoint: ForecastCall, body: object, token = f.admin) => f.t.send(endpoint, { body }, token);

describe('anomaly', () => {
  it('ranks the failing device first among its store, with names and a reason to score', async () => {
    const res = await post(ForecastEndpoints.findDeviceOrShopAnomaly, {
      queryType: 0,
      shopIdStr: String(store),
    });
    expect(res.statusCode).toBe(200);
    const items = envelopeOf<AnomalyItem[]>(res).data;
    expect(items.map((i) => i.deviceId).sort()).toEqual(devices.map((d) => d.id).sort());
    expect(items[0]).toMatchObject({ deviceId: failing, shopId: store });
    expect(items[0]?.recentRate).toBeLessThan(items[0]?.expectedRate ?? 0);
    expect(items[0]?.score).toBeGreaterThan(items[1]?.score ?? 100);
    expect(items[0]?.deviceName).toBeTruthy();
    expect(items.find((i) => i.deviceId === camera)?.categoryType).toBe(3);
  });

  it('requires queryType on the list (spec §5) but not on the chart', async () => {
    const res = await post(ForecastEndpoints.findDeviceOrShopAnomaly, { shopIdStr: String(store) });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf<{ fields: { field: string }[] }>(res).data.fields.map((p) => p.field)).toContain(
      'queryType',
    );
    expect((await post(ForecastEndpoints.findDeviceOrShopAnomaly, { queryType: 2 })).statusCode).toBe(400);
    expect((await post(ForecastEndpoints.findDeviceOrShopAnomalyChart, { categoryType: 9 })).statusCode).toBe(
      400,
    );
    expect(
      (await post(ForecastEndpoints.findDeviceOrShopAnomalyChart, { shopIdStr: String(store) })).statusCode,
    ).toBe(200);
  });

  it('charts the daily mean of exactly the seeded rows and flags the failing days of one device', async () => {
    const chart = envelopeOf<AnomalyChart>(
      await post(ForecastEndpoints.findDeviceOrShopAnomalyChart, { shopIdStr: String(store) }),
    ).data;
    expect(chart.dates).toHaveLength(DAYS);
    expect(chart.dates.at(-1)).toBe(yesterday);
    chart.dates.forEach((date, i) => {
      const rates = seeded.get(date) ?? [];
      expect(chart.actual[i]).toBeCloseTo(rates.reduce((s, r) => s + r, 0) / rates.length, 1);
    });
    expect(chart.members).toBe(devices.length);
    const one = envelopeOf<AnomalyChart>(
      await post(ForecastEndpoints.findDeviceOrShopAnomalyChart, { deviceId: failing }),
    ).data;
    expect(one.anomalyDates).toEqual(chart.dates.slice(-5));
  });

  it('scores stores in scope only: not another company, not outside the operator region', async () => {
    const stores = envelopeOf<AnomalyItem[]>(
      await post(ForecastEndpoints.findDeviceOrShopAnomaly, { queryType: 1 }),
    ).data;
    expect(stores.map((s) => s.shopId)).toContain(store);
    expect(stores.map((s) => s.shopId)).not.toContain(harborStore);
    expect(stores.every((s) => s.deviceId === null)).toBe(true);
    const asOperator = envelopeOf<AnomalyItem[]>(
      await post(
        ForecastEndpoints.findDeviceOrShopAnomaly,
        { queryType: 1, shopIdStr: String(harborStore) },
        f.operator,
      ),
    ).data;
    expect(asOperator).toEqual([]);
  });

  it('filters by categoryType (3: surveillance devices)', async () => {
    const items = envelopeOf<AnomalyItem[]>(
      await post(ForecastEndpoints.findDeviceOrShopAnomaly, {
        queryType: 0,
        categoryType: 3,
        shopIdStr: String(store),
      }),
    ).data;
    expect(items.map((i) => i.deviceId)).toEqual([camera]);
  });
});

describe('forecast', () => {
  it('forecasts 14 days after yesterday with an 80% band around the point', async () => {
    const chart = envelopeOf<ForecastChart>(
      await post(ForecastEndpoints.findDeviceOrShopForecastChart, { shopIdStr: String(store) }),
    ).data;
    expect(chart.history).toHaveLength(28);
    expect(chart.history.at(-1)?.date).toBe(yesterday);
    expect(chart.forecast).toHaveLength(14);
    expect(chart.forecast[0]?.date).toBe(addDays(yesterday, 1));
    for (const p of chart.forecast) {
      expect(p.usageLower).toBeLessThanOrEqual(p.usageRate);
      expect(p.usageUpper).toBeGreaterThanOrEqual(p.usageRate);
      expect(p.usageUpper).toBeLessThanOrEqual(100);
      expect(p.onlineRate).toBeGreaterThanOrEqual(0);
    }
    // Weekends were 20 points busier: the forecast keeps the rhythm.
    const weekend = chart.forecast.filter((p) => [0, 6].includes(new Date(`${p.date}T12:00:00`).getDay()));
    const weekday = chart.forecast.filter((p) => ![0, 6].includes(new Date(`${p.date}T12:00:00`).getDay()));
    const mean = (xs: { usageRate: number }[]) => xs.reduce((s, x) => s + x.usageRate, 0) / xs.length;
    expect(mean(weekend) - mean(weekday)).toBeGreaterThan(10);
  });

  it('lists devices by next-week usage, the failing one first', async () => {
    const items = envelopeOf<ForecastItem[]>(
      await post(ForecastEndpoints.findDeviceOrShopForecast, { queryType: 0, shopIdStr: String(store) }),
    ).data;
    expect(items).toHaveLength(devices.length);
    expect(items[0]?.deviceId).toBe(failing);
    expect(items.map((i) => i.usageRate)).toEqual([...items.map((i) => i.usageRate)].sort((a, b) => a - b));
    for (const i of items) expect(i.usageLower).toBeLessThanOrEqual(i.usageUpper);
    const stores = envelopeOf<ForecastItem[]>(
      await post(ForecastEndpoints.findDeviceOrShopForecast, {
        queryType: 1,
        shopIdStr: `${store},${harborStore}`,
      }),
    ).data;
    expect(stores.map((s) => s.shopId)).toEqual([store]);
    expect((await post(ForecastEndpoints.findDeviceOrShopForecast, {})).statusCode).toBe(400);
  });
});
