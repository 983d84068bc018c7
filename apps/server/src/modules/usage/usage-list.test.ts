/**
 * `listDeviceUsages` and `exportDeviceData` through HTTP on a real database: every filter lists
 * exactly the rows of the devices it names, paging and sorting, the caller's scope (a common user
 * sees its region only), today so far, and the export opened with a formula-like name kept as text.
 */
import {
  BUTTON,
  type DeviceUsageRow,
  UsageEndpoints as E,
  type PagedResult,
  UsageRowType,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, DEMO_PASSWORD, envelopeOf, type TestApp } from '../../testing/test-app';
import { xlsxSheetOf } from '../../testing/xlsx-reply';
import { dayOf } from './device-usage.repository';
import { usageForToday } from './usage-compute';
import { FIXTURE_DAYS, type FixtureDevice, fixtureDevices, seedUsageDays } from './usage-test-support';

let t: TestApp;
let admin: string;
let operator: string;
let devices: FixtureDevice[];
let mine: FixtureDevice[];
const RANGE = `startTime=${FIXTURE_DAYS[0]}&endTime=${FIXTURE_DAYS[2]}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  // A device's own name is attacker input: the export must write it as text.
  const first = await t.ctx.db
    .selectFrom('devices')
    .innerJoin('companies', 'companies.id', 'devices.company_id')
    .select('devices.id')
    .where('companies.company_no', '=', 'NW001')
    .orderBy('devices.id')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('devices')
    .set({ device_name: '=HYPERLINK("x")' })
    .where('id', '=', first.id)
    .execute();
  devices = await fixtureDevices(t);
  await seedUsageDays(t, devices);
  mine = devices.filter((d) => d.company_no === 'NW001');
}, 120_000);
afterAll(async () => t.close());

async function list(token: string, query: string): Promise<PagedResult<DeviceUsageRow>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${E.listDeviceUsages.path}?${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<PagedResult<DeviceUsageRow>>(res).data;
}

/** Every row of the query (all pages of 500). */
async function all(token: string, query: string): Promise<DeviceUsageRow[]> {
  const rows: DeviceUsageRow[] = [];
  for (let page = 1; ; page++) {
    const got = await list(token, `${query}&pageNum=${page}&pageSize=500`);
    rows.push(...got.list);
    if (rows.length >= got.total || got.list.length === 0) return rows;
  }
}

const idsOf = (rows: readonly { deviceId: number }[]) =>
  [...new Set(rows.map((r) => r.deviceId))].sort((a, b) => a - b);
const idsWhere = (pick: (d: FixtureDevice) => boolean) =>
  mine
    .filter(pick)
    .map((d) => d.id)
    .sort((a, b) => a - b);

describe('filters', () => {
  it('lists three days of every device of the company, nothing of the other', async () => {
    const rows = await all(admin, RANGE);
    expect(rows).toHaveLength(mine.length * 3);
    expect(idsOf(rows)).toEqual(idsWhere(() => true));
    expect(new Set(rows.map((r) => r.statisticsDate))).toEqual(new Set(FIXTURE_DAYS));
    expect(rows.every((r) => r.type === UsageRowType.DAY)).toBe(true);
  });

  it('keeps to the date range', async () => {
    const rows = await all(admin, `startTime=${FIXTURE_DAYS[1]}&endTime=${FIXTURE_DAYS[1]} 23:59:59`);
    expect(rows).toHaveLength(mine.length);
    expect(rows.every((r) => r.statisticsDate === FIXTURE_DAYS[1])).toBe(true);
  });

  it('lists exactly the devices each filter names', async () => {
    const sample = mine.find(
      (d) => d.parent_device_id !== null && d.asset_no && d.mac_address && d.intranet_ip,
    ) as FixtureDevice;
    const cases: Array<[string, (d: FixtureDevice) => boolean]> = [
      [`shopId=${sample.shop_id}`, (d) => d.shop_id === sample.shop_id],
      [`shopIdStr=${sample.shop_id}`, (d) => d.shop_id === sample.shop_id],
      [`areaLevelListStr=${sample.area_level}`, (d) => d.area_level === sample.area_level],
      [`areaLevel=${sample.area_level}`, (d) => d.area_level === sample.area_level],
      [`provinceLevelListStr=${sample.province_level}`, (d) => d.province_level === sample.province_level],
      [`cityLevelListStr=${sample.city_level}`, (d) => d.city_level === sample.city_level],
      [`cityLevel=${sample.city_level}`, (d) => d.city_level === sample.city_level],
      [`deviceCategory=${sample.device_category}`, (d) => d.device_category === sample.device_category],
      [`deviceClass=${sample.device_class}`, (d) => d.device_class === sample.device_class],
      [`productId=${sample.product_id}`, (d) => d.product_id === sample.product_id],
      ['queryType=1', (d) => d.product_id === 1],
      ['queryType=0', (d) => d.product_id !== 1],
      [`parentDeviceId=${sample.parent_device_id}`, (d) => d.parent_device_id === sample.parent_device_id],
      [`assetNo=${sample.asset_no}`, (d) => (d.asset_no ?? '').includes(sample.asset_no as string)],
      [
        `macAddress=${sample.mac_address}`,
        (d) => (d.mac_address ?? '').toLowerCase().includes((sample.mac_address as string).toLowerCase()),
      ],
      [
        `intranetIp=${sample.intranet_ip}`,
        (d) => (d.intranet_ip ?? '').includes(sample.intranet_ip as string),
      ],
      [`connectType=${sample.connect_type}`, (d) => d.connect_type === sample.connect_type],
      [`onlineStatus=1`, (d) => d.online_status === 1],
      [`monitored=0`, (d) => d.monitored === 0],
      [`status=${sample.state}`, (d) => d.state === sample.state],
      [`companyId=${sample.company_id}`, () => true],
    ];
    if (sample.model)
      cases.push([
        `model=${encodeURIComponent(sample.model)}`,
        (d) => (d.model ?? '').toLowerCase().includes((sample.model as string).toLowerCase()),
      ]);
    if (sample.property_type)
      cases.push([`propertyType=${sample.property_type}`, (d) => d.property_type === sample.property_type]);
    for (const [query, pick] of cases) {
      const rows = await all(admin, `${RANGE}&${query}`);
      expect(idsOf(rows), query).toEqual(idsWhere(pick));
      expect(rows.length, query).toBe(idsWhere(pick).length * 3);
    }
  });

  it('finds a device by a part of its name', async () => {
    const named = mine.find(
      (d) => d.device_name.length > 3 && !d.device_name.startsWith('='),
    ) as FixtureDevice;
    const part = named.device_name.slice(1, 4);
    const rows = await all(admin, `${RANGE}&deviceName=${encodeURIComponent(part)}`);
    expect(idsOf(rows)).toEqual(idsWhere((d) => d.device_name.toLowerCase().includes(part.toLowerCase())));
  });
});

describe('paging and sorting', () => {
  it('pages in the asked order without repeats', async () => {
    const first = await list(admin, `${RANGE}&sortBy=usageRate&sortDirection=desc&pageNum=1&pageSize=7`);
    const second = await list(admin, `${RANGE}&sortBy=usageRate&sortDirection=desc&pageNum=2&pageSize=7`);
    expect(first.total).toBe(mine.length * 3);
    const rates = [...first.list, ...second.list].map((r) => r.usageRate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const keys = [...first.list, ...second.list].map((r) => `${r.deviceId}/${r.statisticsDate}`);
    expect(new Set(keys).size).toBe(14);
  });

  it('orders by day, newest first, by default', async () => {
    const page = await list(admin, `${RANGE}&pageSize=500`);
    const days = page.list.map((r) => r.statisticsDate);
    expect(days).toEqual([...days].sort().reverse());
  });

  it('refuses an unknown sort field and a start after the end', async () => {
    for (const query of ['sortBy=hostid', `startTime=${FIXTURE_DAYS[2]}&endTime=${FIXTURE_DAYS[0]}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${E.listDeviceUsages.path}?${query}`,
        headers: bearer(admin),
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('scope', () => {
  it('shows a common user the rows of its region only', async () => {
    const rows = await all(operator, RANGE);
    const regions = new Set(
      devices.filter((d) => rows.some((r) => r.deviceId === d.id)).map((d) => d.area_level),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(mine.length * 3);
    expect(regions.size).toBe(1);
    const region = [...regions][0];
    expect(idsOf(rows)).toEqual(idsWhere((d) => d.area_level === region));
  });
});

describe('today so far', () => {
  it('lists today as computed on demand, one row per measured device', async () => {
    const today = dayOf(Date.now());
    const rows = await all(admin, `startTime=${today}&endTime=${today}`);
    const expected = await usageForToday(t.ctx.db, {
      dialect: t.ctx.database.dialect,
      companyId: mine[0]?.company_id as number,
      now: Date.now(),
      deviceIds: mine.map((d) => d.id),
    });
    expect(idsOf(rows)).toEqual(idsOf(expected.map((r) => ({ deviceId: r.device_id }))));
    expect(rows.every((r) => r.type === UsageRowType.TODAY && r.statisticsDate === today)).toBe(true);
    expect(rows.every((r) => r.usageRate >= 0 && r.usageRate <= 100)).toBe(true);
  });
});

describe('export', () => {
  async function exported(body: Record<string, unknown>, token = admin) {
    const res = await t.app.inject({
      method: 'POST',
      url: E.exportDeviceData.path,
      headers: bearer(token),
      payload: body,
    });
    return (await xlsxSheetOf(res)).rows;
  }

  it('writes the filtered rows with English headers and a formula-like name as text', async () => {
    const rows = await exported({
      startTime: FIXTURE_DAYS[0],
      endTime: FIXTURE_DAYS[2],
      sortBy: 'deviceId',
      sortDirection: 'asc',
    });
    expect(rows[0]).toContain('Usage rate (%)');
    expect(rows).toHaveLength(1 + mine.length * 3);
    const names = rows.slice(1).map((r) => r[3]);
    expect(names).toContain('\'=HYPERLINK("x")');
    expect(names.some((n) => typeof n === 'string' && n.startsWith('='))).toBe(false);
  });

  it('exports the same rows the list shows for a filter', async () => {
    const shop = mine[0]?.shop_id as number;
    const rows = await exported({ startTime: FIXTURE_DAYS[0], endTime: FIXTURE_DAYS[2], shopId: shop });
    const listed = await all(admin, `${RANGE}&shopId=${shop}`);
    expect(rows.length - 1).toBe(listed.length);
  });

  it('answers 403 to a caller without the export button', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/auth/login',
      payload: { username: 'operator', password: DEMO_PASSWORD },
    });
    const buttons = envelopeOf<{ buttonAuthorities: string[] }>(res).data.buttonAuthorities;
    const reply = await t.app.inject({
      method: 'POST',
      url: E.exportDeviceData.path,
      headers: bearer(operator),
      payload: {},
    });
    expect(reply.statusCode).toBe(buttons.includes(BUTTON.usageExport) ? 200 : 403);
  });
});
