/**
 * The per-city sums (usage_city_days) against the rows they cover, on random histories: the area and
 * city reports' sums read from them (usage-city-sums.repository.ts) equal the sums over the device rows
 * (device-usage.repository.ts sumUsage) for any range, scope and filter, however the rows were written
 * — out of order, with gaps, devices moving between stores, changing category or class, days written
 * again or removed — and after a store moves to another city or is deleted.
 */
import { type AreaUsage, UsageEndpoints as E, StoreEndpoints } from '@storefleet/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Scope } from '../../auth/caller';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import {
  addDays,
  type DeviceUsageDay,
  sumUsage,
  type UsageReportFilter,
  upsertDeviceUsageDays,
} from './device-usage.repository';
import { deleteUsageDay } from './jobs/usage-days.repository';
import { sumUsageByCity } from './usage-city-sums.repository';

const DAYS = [
  '2021-06-01',
  '2021-06-02',
  '2021-06-03',
  '2021-06-04',
  '2021-06-05',
  '2021-06-06',
  '2021-06-07',
];
const DAY_MS = 86_400_000;
const CELLS = [
  ['terminal', 'pos'],
  ['terminal', 'pc'],
  ['network', 'switch'],
  [null, null],
] as const;

interface Place {
  id: number;
  area_level: number | null;
  province_level: number | null;
  city_level: number | null;
}

let t: TestApp;
let admin: string;
let companyId: number;
let stores: Place[];
let deviceIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  const company = await t.ctx.db
    .selectFrom('companies')
    .select('id')
    .where('company_no', '=', 'NW001')
    .executeTakeFirstOrThrow();
  companyId = company.id;
  stores = await t.ctx.db
    .selectFrom('stores')
    .select(['id', 'area_level', 'province_level', 'city_level'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const devices = await t.ctx.db
    .selectFrom('devices')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(8)
    .execute();
  deviceIds = devices.map((d) => d.id);
}, 120_000);
afterAll(async () => t.close());

/** One device-day of a random history: present or not, its store and cell, online or not. */
const dayArb = fc.record({
  present: fc.double({ min: 0, max: 1, noNaN: true }),
  store: fc.nat(),
  moves: fc.double({ min: 0, max: 1, noNaN: true }),
  cell: fc.nat(),
  recategorised: fc.double({ min: 0, max: 1, noNaN: true }),
  onlineHours: fc.integer({ min: -8, max: 24 }),
});
const historyArb = fc.array(fc.array(dayArb, { minLength: DAYS.length, maxLength: DAYS.length }), {
  minLength: 3,
  maxLength: 8,
});

/** The rows of a random history: per device, days present, a store that sometimes changes, a cell too. */
type HistoryDay = typeof dayArb extends fc.Arbitrary<infer T> ? T : never;

function rowsOf(history: ReadonlyArray<ReadonlyArray<HistoryDay>>): DeviceUsageDay[] {
  const rows: DeviceUsageDay[] = [];
  history.forEach((days, i) => {
    const deviceId = deviceIds[i % deviceIds.length] as number;
    let store = stores[(days[0]?.store ?? 0) % stores.length] as Place;
    let cell = CELLS[(days[0]?.cell ?? 0) % CELLS.length] as (typeof CELLS)[number];
    days.forEach((d, n) => {
      if (d.moves < 0.15) store = stores[d.store % stores.length] as Place;
      if (d.recategorised < 0.1) cell = CELLS[d.cell % CELLS.length] as (typeof CELLS)[number];
      if (d.present < 0.15) return;
      const online = Math.max(0, d.onlineHours) * 3_600_000;
      rows.push({
        device_id: deviceId,
        statistics_date: DAYS[n] as string,
        company_id: companyId,
        shop_id: store.id,
        product_id: 4,
        device_category: cell[0],
        device_class: cell[1],
        online_ms: online,
        offline_ms: DAY_MS - online,
        base_ms: DAY_MS,
        usage_rate: Math.round((online * 10_000) / DAY_MS) / 100,
        computed_at: 0,
      });
    });
  });
  // One row per device and day (a device listed twice in the history keeps its last days).
  return [...new Map(rows.map((r) => [`${r.device_id}/${r.statistics_date}`, r])).values()];
}

const byKey = (sums: Awaited<ReturnType<typeof sumUsage>>) =>
  [...sums].sort((a, b) => a.groupId - b.groupId || String(a.category).localeCompare(String(b.category)));

/** Every report shape over every range: the city sums give what the rows give. */
async function expectSumsEqualRows(scopes: Scope[]): Promise<void> {
  const db = t.ctx.db;
  const filters: UsageReportFilter[] = [
    { level: 'area' },
    { level: 'area', deviceClass: 'pos' },
    { level: 'city', cityIds: stores.map((s) => s.city_level).filter((c): c is number => c !== null) },
    { level: 'city', provinceIds: stores.slice(0, 2).map((s) => s.province_level ?? 0) },
  ];
  for (let a = 0; a < DAYS.length; a++) {
    for (let b = a; b < DAYS.length; b += 2) {
      const days = { start: DAYS[a] as string, end: DAYS[b] as string };
      for (const scope of scopes) {
        for (const f of filters) {
          for (const byCategory of [false, true]) {
            const got = await sumUsageByCity(db, scope, days, f, byCategory);
            const rows = await sumUsage(db, scope, days, f, byCategory);
            expect(byKey(got), `${JSON.stringify({ days, scope, f, byCategory })}`).toEqual(byKey(rows));
          }
        }
      }
    }
  }
}

async function clear(): Promise<void> {
  for (const day of DAYS) await deleteUsageDay(t.ctx.db, t.ctx.database.dialect, companyId, day);
  const left = await t.ctx.db
    .selectFrom('usage_city_days')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('statistics_date', '>=', DAYS[0] as string)
    .where('statistics_date', '<=', addDays(DAYS[DAYS.length - 1] as string, 1))
    .executeTakeFirstOrThrow();
  expect(Number(left.n)).toBe(0);
}

describe('per-city sums equal the rows they cover', () => {
  it('for random histories written in any order, rewritten and with days removed', async () => {
    const region = stores[0]?.area_level ?? 0;
    const scopes: Scope[] = [
      { companyId, storeIds: null, levelIds: null },
      { companyId, storeIds: null, levelIds: [region] },
    ];
    await fc.assert(
      fc.asyncProperty(
        historyArb,
        fc.array(fc.nat(DAYS.length - 1), { minLength: 1, maxLength: 3 }),
        historyArb,
        async (history, splits, rewrite) => {
          try {
            const rows = rowsOf(history);
            // Written in slices of days, later slices first: earlier rows arrive after later ones.
            const cuts = [...new Set([0, ...splits, DAYS.length])].sort((x, y) => x - y);
            for (let i = cuts.length - 2; i >= 0; i--) {
              const from = DAYS[cuts[i] as number] as string;
              const to = DAYS[(cuts[i + 1] as number) - 1] as string;
              await upsertDeviceUsageDays(
                t.ctx.db,
                rows.filter((r) => r.statistics_date >= from && r.statistics_date <= to),
              );
            }
            await expectSumsEqualRows(scopes);
            // A day written again with other rows, another removed.
            const day = DAYS[(splits[0] ?? 0) % DAYS.length] as string;
            await upsertDeviceUsageDays(
              t.ctx.db,
              rowsOf(rewrite).filter((r) => r.statistics_date === day),
            );
            await deleteUsageDay(
              t.ctx.db,
              t.ctx.database.dialect,
              companyId,
              DAYS[(splits.at(-1) ?? 1) % DAYS.length] as string,
            );
            await expectSumsEqualRows(scopes.slice(0, 1));
          } finally {
            await clear();
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 600_000);
});

describe('a store that moves or goes', () => {
  async function report(body: object): Promise<AreaUsage[]> {
    const res = await t.app.inject({
      method: 'POST',
      url: E.cityReport.path,
      headers: bearer(admin),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return envelopeOf<AreaUsage[]>(res).data;
  }

  it('takes its rows to its new city, in the reports and the sums', async () => {
    const history = deviceIds.map((_, i) =>
      DAYS.map((_d, n) => ({
        present: 1,
        store: i,
        moves: 1,
        cell: i + n,
        recategorised: 1,
        onlineHours: (i + n) % 7,
      })),
    );
    const rows = rowsOf(history);
    await upsertDeviceUsageDays(t.ctx.db, rows);
    const mover = stores.find((s) => rows.some((r) => r.shop_id === s.id)) as Place;
    const target = stores.find((s) => s.city_level !== mover.city_level && s.city_level !== null) as Place;
    const store = await t.ctx.db
      .selectFrom('stores')
      .select(['store_no', 'store_name'])
      .where('id', '=', mover.id)
      .executeTakeFirstOrThrow();
    const body = {
      startTime: DAYS[0],
      endTime: DAYS[DAYS.length - 1],
      cityLevelList: [target.city_level],
      provinceLevelList: [],
    };
    const before = await report(body);
    const moved = await t.app.inject({
      method: 'POST',
      url: StoreEndpoints.updateStore.path,
      headers: bearer(admin),
      payload: {
        id: mover.id,
        storeNo: store.store_no,
        storeName: store.store_name,
        areaLevel: target.area_level,
        provinceLevel: target.province_level,
        cityLevel: target.city_level,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await report(body);
    const devicesAt = (r: AreaUsage[]) => r.find((g) => g.areaId === target.city_level)?.num ?? 0;
    const moverDevices = new Set(rows.filter((r) => r.shop_id === mover.id).map((r) => r.device_id)).size;
    expect(devicesAt(after)).toBe(devicesAt(before) + moverDevices);
    const company: Scope = { companyId, storeIds: null, levelIds: null };
    await expectSumsEqualRows([company]);

    // A new store with rows of its own (of devices since gone), then deleted: its rows stop counting.
    const created = await t.app.inject({
      method: StoreEndpoints.addStore.method,
      url: StoreEndpoints.addStore.path,
      headers: bearer(admin),
      payload: {
        storeNo: 'USAGE-GONE',
        storeName: 'Closed store',
        areaLevel: target.area_level,
        provinceLevel: target.province_level,
        cityLevel: target.city_level,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const closed = envelopeOf<{ id: number }>(created).data.id;
    await upsertDeviceUsageDays(
      t.ctx.db,
      rows.filter((r) => r.device_id === deviceIds[0]).map((r) => ({ ...r, shop_id: closed })),
    );
    stores.push({ ...target, id: closed });
    await expectSumsEqualRows([company]);
    const gone = await t.app.inject({
      method: 'POST',
      url: StoreEndpoints.deleteStore.path.replace(':id', String(closed)),
      headers: bearer(admin),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    stores = stores.filter((s) => s.id !== closed);
    await expectSumsEqualRows([company]);
  }, 120_000);
});
