/**
 * The usage reports through HTTP on a real database: every figure of `area/report`, `city/report`,
 * `stash/report` and their `/num` variants, rates and totals, equals the sums of the usage rows it
 * covers (issue 13 "done when"), per group and per category; the caller's scope; the bodies' rules.
 */
import { type AreaUsage, UsageEndpoints as E } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import {
  addDays,
  type DeviceUsageDay,
  dayOf,
  daySpan,
  upsertDeviceUsageDays,
} from './device-usage.repository';
import { runDailyUsage } from './jobs/usage-daily';
import { USAGE_DAY_COLUMNS } from './jobs/usage-days.repository';
import { FIXTURE_DAYS, type FixtureDevice, fixtureDevices, seedUsageDays } from './usage-test-support';

let t: TestApp;
let admin: string;
let operator: string;
let devices: Map<number, FixtureDevice>;
let rows: DeviceUsageDay[];
const RANGE = { startTime: FIXTURE_DAYS[0], endTime: FIXTURE_DAYS[2] };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  const all = await fixtureDevices(t);
  devices = new Map(all.map((d) => [d.id, d]));
  const stored = await seedUsageDays(t, all);
  const company = all.find((d) => d.company_no === 'NW001')?.company_id;
  rows = stored.filter((r) => r.company_id === company);
}, 120_000);
afterAll(async () => t.close());

async function report(path: string, body: object, token = admin): Promise<AreaUsage[]> {
  const res = await t.app.inject({ method: 'POST', url: path, headers: bearer(token), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<AreaUsage[]>(res).data;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const pct = (a: number, b: number) => (b > 0 ? round2((a / b) * 100) : 0);

/** num/rate of `covered` rows, computed here from the rows themselves (the report's definitions). */
function expected(covered: readonly DeviceUsageDay[], variant: 'rate' | 'num', totals: boolean) {
  const online = covered.reduce((s, r) => s + r.online_ms, 0);
  const base = covered.reduce((s, r) => s + r.base_ms, 0);
  const deviceIds = new Set(covered.map((r) => r.device_id));
  const used = new Set(covered.filter((r) => r.online_ms > 0).map((r) => r.device_id));
  const usedDays = covered.filter((r) => r.online_ms > 0).length;
  if (variant === 'rate')
    return { num: totals ? round2(online / 3_600_000) : deviceIds.size, rate: pct(online, base) };
  return totals
    ? { num: usedDays, rate: pct(usedDays, covered.length) }
    : { num: used.size, rate: pct(used.size, deviceIds.size) };
}

/** Checks every group and category of `got` against the rows, grouped by `groupOf` and `categoryOf`. */
function checkAgainstRows(
  got: AreaUsage[],
  covered: readonly DeviceUsageDay[],
  groupOf: (r: DeviceUsageDay) => number | null,
  categoryOf: (r: DeviceUsageDay) => string,
  variant: 'rate' | 'num',
  totals: boolean,
) {
  const groups = new Map<number, DeviceUsageDay[]>();
  for (const r of covered) {
    const g = groupOf(r);
    if (g !== null) groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  expect(got.map((g) => g.areaId).sort((a, b) => a - b)).toEqual([...groups.keys()].sort((a, b) => a - b));
  for (const group of got) {
    const mine = groups.get(group.areaId) ?? [];
    expect({ num: group.num, rate: group.rate }, `group ${group.areaId}`).toEqual(
      expected(mine, variant, totals),
    );
    const categories = new Map<string, DeviceUsageDay[]>();
    for (const r of mine) categories.set(categoryOf(r), [...(categories.get(categoryOf(r)) ?? []), r]);
    expect(group.categoryList.map((c) => c.categoryId).sort()).toEqual([...categories.keys()].sort());
    for (const c of group.categoryList)
      expect({ num: c.num, rate: c.rate }, `${group.areaId}/${c.categoryId}`).toEqual(
        expected(categories.get(c.categoryId) ?? [], variant, totals),
      );
    expect(group.areaName).not.toBe('');
  }
}

const area = (r: DeviceUsageDay) => devices.get(r.device_id)?.area_level ?? null;
const city = (r: DeviceUsageDay) => devices.get(r.device_id)?.city_level ?? null;
const category = (r: DeviceUsageDay) => r.device_category ?? '';
const deviceClass = (r: DeviceUsageDay) => r.device_class ?? '';

describe('reports equal the sums of the rows they cover', () => {
  for (const [variant, path, numPath] of [['rate', E.areaReport.path, E.areaReportNum.path]] as const) {
    for (const totals of [false, true]) {
      it(`by region (${totals ? 'totals' : 'rates'})`, async () => {
        const body = { ...RANGE, ...(totals ? { type: '1' } : {}) };
        checkAgainstRows(await report(path, body), rows, area, category, variant, totals);
        checkAgainstRows(await report(numPath, body), rows, area, category, 'num', totals);
      });
    }
  }

  it('by region for one small class', async () => {
    const cls = rows.find((r) => r.device_class)?.device_class as string;
    const covered = rows.filter((r) => r.device_class === cls);
    checkAgainstRows(
      await report(E.areaReport.path, { ...RANGE, deviceClass: cls }),
      covered,
      area,
      category,
      'rate',
      false,
    );
  });

  it('by city, for listed cities and the cities of listed provinces', async () => {
    const first = devices.get(rows[0]?.device_id as number) as FixtureDevice;
    const other = [...devices.values()].find(
      (d) => d.company_id === first.company_id && d.province_level !== first.province_level,
    ) as FixtureDevice;
    const body = { ...RANGE, cityLevelList: [first.city_level], provinceLevelList: [other.province_level] };
    const covered = rows.filter((r) => {
      const d = devices.get(r.device_id);
      return d?.city_level === first.city_level || d?.province_level === other.province_level;
    });
    for (const totals of [false, true]) {
      const typed = { ...body, ...(totals ? { type: 'total' } : {}) };
      checkAgainstRows(await report(E.cityReport.path, typed), covered, city, category, 'rate', totals);
      checkAgainstRows(await report(E.cityReportNum.path, typed), covered, city, category, 'num', totals);
    }
  });

  it('by store, one category broken down by small class', async () => {
    const cat = rows.find((r) => r.device_category)?.device_category as string;
    const shops = [...new Set(rows.filter((r) => r.device_category === cat).map((r) => r.shop_id))].slice(
      0,
      3,
    );
    const covered = rows.filter((r) => r.device_category === cat && shops.includes(r.shop_id));
    const body = { ...RANGE, deviceCategory: cat, shopIds: shops };
    for (const totals of [false, true]) {
      const typed = { ...body, ...(totals ? { type: 1 } : {}) };
      checkAgainstRows(
        await report(E.stashReport.path, typed),
        covered,
        (r) => r.shop_id,
        deviceClass,
        'rate',
        totals,
      );
      checkAgainstRows(
        await report(E.stashReportNum.path, typed),
        covered,
        (r) => r.shop_id,
        deviceClass,
        'num',
        totals,
      );
    }
  });

  it('sums one day when the range is one day', async () => {
    const day = FIXTURE_DAYS[1];
    const covered = rows.filter((r) => r.statistics_date === day);
    checkAgainstRows(
      await report(E.areaReport.path, { startTime: day, endTime: day }),
      covered,
      area,
      category,
      'rate',
      false,
    );
  });
});

describe('scope and rules', () => {
  it("gives a common user its region's rows only", async () => {
    const got = await report(E.areaReport.path, RANGE, operator);
    expect(got).toHaveLength(1);
    const region = got[0]?.areaId;
    checkAgainstRows(
      got,
      rows.filter((r) => area(r) === region),
      area,
      category,
      'rate',
      false,
    );
  });

  it('refuses a city report without cities or provinces and a store report without category or stores', async () => {
    const cases: Array<[string, object]> = [
      [E.cityReport.path, { ...RANGE }],
      [E.cityReport.path, { ...RANGE, cityLevelList: [], provinceLevelList: [] }],
      [E.stashReport.path, { ...RANGE, shopIds: [1] }],
      [E.stashReportNum.path, { ...RANGE, deviceCategory: 'pc', shopIds: [] }],
      [E.areaReport.path, { startTime: FIXTURE_DAYS[2], endTime: FIXTURE_DAYS[0] }],
    ];
    for (const [path, body] of cases) {
      const res = await t.app.inject({ method: 'POST', url: path, headers: bearer(admin), payload: body });
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
  });
});

describe('asked again after the rows change', () => {
  it('gives the sums of the rows as they are now, not the answer given before', async () => {
    const before = await report(E.areaReport.path, RANGE);
    checkAgainstRows(before, rows, area, category, 'rate', false);
    // The daily job recomputes a day: every row of the last day becomes fully online.
    const day = FIXTURE_DAYS[2];
    const changed = rows.map((r) =>
      r.statistics_date === day ? { ...r, online_ms: r.base_ms, offline_ms: 0, usage_rate: 100 } : r,
    );
    await upsertDeviceUsageDays(
      t.ctx.db,
      changed.filter((r) => r.statistics_date === day),
    );
    try {
      const after = await report(E.areaReport.path, RANGE);
      checkAgainstRows(after, changed, area, category, 'rate', false);
      expect(after).not.toEqual(before);
      checkAgainstRows(await report(E.areaReportNum.path, RANGE), changed, area, category, 'num', false);
    } finally {
      await upsertDeviceUsageDays(
        t.ctx.db,
        rows.filter((r) => r.statistics_date === day),
      );
    }
    checkAgainstRows(await report(E.areaReport.path, RANGE), rows, area, category, 'rate', false);
  });
});

describe('after the daily job computes a day again', () => {
  it('gives the sums of the rows the re-run wrote', async () => {
    const db = t.ctx.db;
    const dialect = t.ctx.database.dialect;
    const day = addDays(dayOf(Date.now()), -1);
    const company = rows[0]?.company_id as number;
    const stored = async () =>
      (await db
        .selectFrom('device_usage_days')
        .select(USAGE_DAY_COLUMNS)
        .where('statistics_date', '=', day)
        .where('company_id', '=', company)
        .execute()) as DeviceUsageDay[];
    const body = { startTime: day, endTime: day };
    const { start } = daySpan(day);
    // The demo's devices were added now; these were there the day before.
    await db
      .updateTable('devices')
      .set({ created_at: start - 86_400_000 })
      .where('company_id', '=', company)
      .execute();
    await runDailyUsage(db, Date.now(), { from: day, to: day, dialect });
    const first = await stored();
    expect(first.length).toBeGreaterThan(0);
    checkAgainstRows(await report(E.areaReport.path, body), first, area, category, 'rate', false);
    checkAgainstRows(await report(E.areaReportNum.path, body), first, area, category, 'num', false);

    // Transitions arrive for that day after it was computed; the job computes it again.
    const onDay = first.filter((_, i) => i % 3 === 0).map((r) => r.device_id);
    await db
      .insertInto('device_online_events')
      .values(
        onDay.flatMap((deviceId, i) => [
          { device_id: deviceId, status: 1, at: start + (i % 10) * 3_600_000, cause: 'value' },
          { device_id: deviceId, status: 0, at: start + (12 + (i % 10)) * 3_600_000, cause: 'value' },
        ]),
      )
      .execute();
    await runDailyUsage(db, Date.now(), { from: day, to: day, dialect });
    const again = await stored();
    expect(again.map((r) => r.online_ms)).not.toEqual(first.map((r) => r.online_ms));
    for (const totals of [false, true]) {
      const typed = { ...body, ...(totals ? { type: '1' } : {}) };
      checkAgainstRows(await report(E.areaReport.path, typed), again, area, category, 'rate', totals);
      checkAgainstRows(await report(E.areaReportNum.path, typed), again, area, category, 'num', totals);
    }
  });
});
