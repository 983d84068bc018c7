import type { Device, DeviceStatusCounts, GatewayStatusCounts, PagedResult } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app';
import { type DemoStore, demoStore, get } from './device-test-support';

let t: TestApp;
let admin: string;
let operator: string;
let east: DemoStore;
let north: DemoStore;

type Page = PagedResult<Device>;

async function list(query: string, token = admin) {
  return get<Page>(t, token, `listDevices?pageSize=1000&${query}`);
}

async function listed(query: string, token = admin): Promise<Device[]> {
  const res = await list(query, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  east = await demoStore(t, 'NW001', '华东大区');
  north = await demoStore(t, 'NW001', '华北大区');
  // Some devices online, one store moved, so the online and store-status filters have both kinds.
  await t.ctx.db.updateTable('devices').set({ online_status: 1 }).where('shop_id', '=', east.id).execute();
  await t.ctx.db.updateTable('stores').set({ status: 1 }).where('id', '=', north.id).execute();
});
afterAll(async () => t.close());

describe('listDevices filters', () => {
  it('lists only the caller company devices, problems first (offline), then newest first by default', async () => {
    const all = await listed('');
    expect(all.length).toBeGreaterThan(0);
    const companies = await t.ctx.db
      .selectFrom('devices')
      .select('company_id')
      .where(
        'id',
        'in',
        all.map((d) => d.deviceId),
      )
      .distinct()
      .execute();
    expect(companies.map((c) => c.company_id)).toEqual([east.companyId]);
    // No alert is open here: offline (monitored, not disabled) devices first, then the rest, newest first in each.
    const offline = (d: Device) => d.monitored === 1 && d.state !== 2 && d.deviceOnlineStatus === 0;
    const ids = all.map((d) => d.deviceId);
    const expected = [...all]
      .sort((a, b) => Number(offline(b)) - Number(offline(a)) || b.deviceId - a.deviceId)
      .map((d) => d.deviceId);
    expect(all.some(offline) && all.some((d) => !offline(d))).toBe(true);
    expect(ids).toEqual(expected);
    expect(all[0]?.index).toBe(1);
  });

  it.each([
    ['onlineStatus=1', (d: Device) => d.deviceOnlineStatus === 1],
    ['onlineStatus=0', (d: Device) => d.deviceOnlineStatus === 0],
    ['monitored=0', (d: Device) => d.monitored === 0],
    ['productId=5', (d: Device) => d.productId === 5],
    ['queryType=1', (d: Device) => d.productId === 1],
    ['queryType=0', (d: Device) => d.productId !== 1],
    ['isPreinstallation=1', (d: Device) => d.isPreinstallation === 1],
    ['deviceCategory=network', (d: Device) => d.deviceCategory === 'network'],
    ['deviceClass=pos', (d: Device) => d.deviceClass === 'pos' && d.className === 'POS机'],
    ['propertyType=owned', (d: Device) => d.propertyType === 'owned' && d.propertyTypeName === '自有'],
    ['model=tm-t88', (d: Device) => d.model === 'TM-T88VI'],
    ['deviceSn=SFB', (d: Device) => (d.deviceSn ?? '').startsWith('SFB')],
    ['intranetIp=127.1.0.', (d: Device) => (d.intranetIp ?? '').startsWith('127.1.0.')],
    ['macAddress=02:5f:00:00', (d: Device) => (d.macAddress ?? '').startsWith('02:5F:00:00')],
    ['assetNo=ZC', (d: Device) => (d.assetNo ?? '').startsWith('ZC')],
  ])('%s keeps exactly the matching devices', async (query, matches) => {
    const all = await listed('');
    const kept = await listed(query);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.map((d) => d.deviceId)).toEqual(all.filter(matches).map((d) => d.deviceId));
  });

  it('filters by store, store lists and hierarchy levels (single and comma-joined)', async () => {
    const all = await listed('');
    const inShops = (shops: number[]) => all.filter((d) => shops.includes(d.shopId)).map((d) => d.deviceId);
    expect((await listed(`shopId=${east.id}`)).map((d) => d.deviceId)).toEqual(inShops([east.id]));
    expect((await listed(`shopIdStr=${east.id},${north.id}`)).map((d) => d.deviceId)).toEqual(
      inShops([east.id, north.id]),
    );
    const byLevel = (key: 'areaId' | 'proviceId' | 'cityId', values: Array<number | null>) =>
      all.filter((d) => values.includes(d[key])).map((d) => d.deviceId);
    expect((await listed(`areaLevel=${east.area}`)).map((d) => d.deviceId)).toEqual(
      byLevel('areaId', [east.area]),
    );
    expect((await listed(`areaLevelListStr=${east.area},${north.area}`)).map((d) => d.deviceId)).toEqual(
      byLevel('areaId', [east.area, north.area]),
    );
    expect((await listed(`provinceLevelListStr=${east.province}`)).map((d) => d.deviceId)).toEqual(
      byLevel('proviceId', [east.province]),
    );
    expect((await listed(`cityLevel=${east.city}`)).map((d) => d.deviceId)).toEqual(
      byLevel('cityId', [east.city]),
    );
    expect((await listed(`cityLevelListStr=${east.city},${north.city}`)).map((d) => d.deviceId)).toEqual(
      byLevel('cityId', [east.city, north.city]),
    );
  });

  it('filters by store status given as an array or comma-joined', async () => {
    const moved = await listed('storeStatus=1');
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((d) => d.shopId === north.id && d.shopStatusStr === '1')).toBe(true);
    const both = await listed('storeStatus[]=0&storeStatus[]=1');
    expect(both.length).toBe((await listed('')).length);
    expect((await listed('storeStatus=0,1')).length).toBe(both.length);
    expect((await listed('storeStatus[0]=0&storeStatus[1]=1')).length).toBe(both.length);
    expect((await listed('storeStatus=0&storeStatus=1')).length).toBe(both.length);
  });

  it('sorts by a whitelisted field in either direction and refuses other fields', async () => {
    const asc = (await listed('sortBy=deviceName&sortDirection=asc')).map((d) => d.deviceName);
    const desc = (await listed('sortBy=deviceName&sortDirection=desc')).map((d) => d.deviceName);
    expect(asc).toEqual([...desc].reverse());
    const refused = await list('sortBy=security_key');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('sortBy');
    expect((await list('sortBy=deviceName&sortDirection=up')).status).toBe(400);
  });

  it('pages through the list without gaps or repeats, back half included', async () => {
    const all = (await listed('sortBy=shopName&sortDirection=asc')).map((d) => d.deviceId);
    const seen: number[] = [];
    for (let pageNum = 1; seen.length < all.length; pageNum++) {
      const page = await get<Page>(
        t,
        admin,
        `listDevices?pageSize=7&pageNum=${pageNum}&sortBy=shopName&sortDirection=asc`,
      );
      expect(page.body.data.size).toBeGreaterThan(0);
      seen.push(...page.body.data.list.map((d) => d.deviceId));
    }
    expect(seen).toEqual(all);
    const past = await get<Page>(t, admin, 'listDevices?pageSize=7&pageNum=100000');
    expect(past.body.data.list).toEqual([]);
  });
});

describe('counts and scoped lists', () => {
  it('getDeviceStatus agrees with the list for the same filters', async () => {
    for (const query of ['', `shopId=${east.id}`, 'queryType=0&deviceCategory=network']) {
      const rows = await listed(query);
      const counts = (await get<DeviceStatusCounts>(t, admin, `getDeviceStatus?${query}`)).body.data;
      const online = rows.filter((d) => d.deviceOnlineStatus === 1).length;
      expect(counts).toEqual({ deviceNum: rows.length, onlineNum: online, offlineNum: rows.length - online });
    }
  });

  it('getGatewayStatus counts boxes: pre-configured, online and offline', async () => {
    const boxes = await listed('queryType=1');
    const counts = (await get<GatewayStatusCounts>(t, admin, 'getGatewayStatus')).body.data;
    const online = boxes.filter((d) => d.deviceOnlineStatus === 1).length;
    expect(counts).toEqual({
      isPreNum: boxes.filter((d) => d.isPreinstallation === 1).length,
      onlineNum: online,
      offlineNum: boxes.length - online,
    });
  });

  it("limits the operator to the stores of the operator's region", async () => {
    const rows = await listed('', operator);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((d) => d.areaId === east.area)).toBe(true);
    expect(rows.length).toBe((await listed(`areaLevel=${east.area}`)).length);
    expect(rows.some((d) => 'securityKey' in d)).toBe(false);
    expect((await get(t, operator, `detail/${north.boxId}`)).status).toBe(404);
    const counts = (await get<DeviceStatusCounts>(t, operator, 'getDeviceStatus')).body.data;
    expect(counts.deviceNum).toBe(rows.length);
  });

  it("lists a box's sub-devices, and a store's devices by product type", async () => {
    const subs = (await get<Page>(t, admin, `listSubDevices?parentId=${east.boxId}&pageSize=100`)).body.data
      .list;
    expect(subs.length).toBeGreaterThanOrEqual(4);
    expect(subs.every((d) => d.parentDeviceId === east.boxId)).toBe(true);
    const boxes = (await get<Device[]>(t, admin, `getDevices/${east.id}/1`)).body.data;
    expect(boxes.map((d) => d.deviceId)).toEqual([east.boxId]);
    expect(boxes[0]?.securityKey).toBeDefined();
  });
});
