import { SearchEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HARBOR, NORTHWIND } from '../../demo/demo-data';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

interface Result {
  stores: { id: number; storeNo: string; storeName: string }[];
  devices: { deviceId: number; deviceName: string; shopId: number; macAddress: string | null }[];
}

let t: TestApp;
let admin: string;
let operator: string;
let platform: string;
let agent: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  platform = await t.signIn('platform');
  agent = await t.signIn('agent');
});
afterAll(() => t.close());

const search = async (token: string, keyword: string, companyId?: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: SearchEndpoints.globalSearch.path,
    query: { keyword, limit: '50' },
    headers: bearer(token, companyId),
  });
  expect(res.statusCode).toBe(200);
  return envelopeOf<Result>(res).data;
};

const companyId = async (companyNo: string) =>
  (
    await t.ctx.db
      .selectFrom('companies')
      .select('id')
      .where('company_no', '=', companyNo)
      .executeTakeFirstOrThrow()
  ).id;

/** A device of `companyNo` with a MAC address, in (or outside) the region named `regionZh`. */
const deviceOf = async (companyNo: string, regionZh?: string, inRegion = true) => {
  let q = t.ctx.db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .innerJoin('companies', 'companies.id', 'stores.company_id')
    .innerJoin('level_configs as region', 'region.id', 'stores.area_level')
    .select([
      'devices.id',
      'devices.hostid',
      'devices.device_name',
      'devices.mac_address',
      'devices.intranet_ip',
      'stores.id as storeId',
      'stores.store_no',
      'stores.store_name',
    ])
    .where('companies.company_no', '=', companyNo)
    .where('devices.mac_address', 'is not', null);
  if (regionZh) q = q.where('region.name', inRegion ? '=' : '<>', regionZh);
  return q.orderBy('devices.id').executeTakeFirstOrThrow();
};

/** Ids of the stores of `companyNo` (and of its region `regionZh` when given). */
const storeIds = async (companyNo: string, regionZh?: string) => {
  let q = t.ctx.db
    .selectFrom('stores')
    .innerJoin('companies', 'companies.id', 'stores.company_id')
    .innerJoin('level_configs as region', 'region.id', 'stores.area_level')
    .select('stores.id')
    .where('companies.company_no', '=', companyNo);
  if (regionZh) q = q.where('region.name', '=', regionZh);
  return new Set((await q.execute()).map((r) => r.id));
};

describe('global search', () => {
  it('finds a store by number and by name, and a device by hostid, name, IP and MAC in either form', async () => {
    const device = await deviceOf(NORTHWIND.companyNo);
    const byNo = await search(admin, device.store_no);
    expect(byNo.stores[0]).toEqual({
      id: device.storeId,
      storeNo: device.store_no,
      storeName: device.store_name,
    });
    expect((await search(admin, device.store_name)).stores.map((s) => s.id)).toContain(device.storeId);
    for (const keyword of [device.hostid, device.device_name, device.intranet_ip ?? device.hostid]) {
      expect((await search(admin, keyword)).devices.map((d) => d.deviceId)).toContain(device.id);
    }
    const mac = device.mac_address ?? '';
    const otherForm = (mac.includes(':') ? mac.replaceAll(':', '-') : mac.replaceAll('-', ':')).toLowerCase();
    expect((await search(admin, otherForm)).devices.map((d) => d.deviceId)).toContain(device.id);
  });

  it("never shows another company's stores or devices", async () => {
    const harborDevice = await deviceOf(HARBOR.companyNo);
    const northwindStores = await storeIds(NORTHWIND.companyNo);
    for (const keyword of [harborDevice.hostid, harborDevice.store_no, harborDevice.store_name, '仓', '1']) {
      const found = await search(admin, keyword);
      expect(found.stores.every((s) => northwindStores.has(s.id))).toBe(true);
      expect(found.devices.every((d) => northwindStores.has(d.shopId))).toBe(true);
    }
    expect((await search(admin, harborDevice.hostid)).devices.map((d) => d.deviceId)).not.toContain(
      harborDevice.id,
    );
    // The agent admin finds it while acting in the logistics company, not while acting in the retail chain.
    const harbor = await companyId(HARBOR.companyNo);
    const northwind = await companyId(NORTHWIND.companyNo);
    expect((await search(agent, harborDevice.hostid, harbor)).devices.map((d) => d.deviceId)).toContain(
      harborDevice.id,
    );
    expect(
      (await search(agent, harborDevice.hostid, northwind)).devices.map((d) => d.deviceId),
    ).not.toContain(harborDevice.id);
  });

  it("keeps a scoped user inside its role's region", async () => {
    const east = NORTHWIND.regions[0]?.zh ?? '';
    const eastStores = await storeIds(NORTHWIND.companyNo, east);
    const outside = await deviceOf(NORTHWIND.companyNo, east, false);
    const inside = await deviceOf(NORTHWIND.companyNo, east, true);
    expect((await search(operator, inside.hostid)).devices.map((d) => d.deviceId)).toContain(inside.id);
    const found = await search(operator, outside.hostid);
    expect(found.devices.map((d) => d.deviceId)).not.toContain(outside.id);
    expect((await search(operator, outside.store_no)).stores).toEqual([]);
    for (const keyword of ['店', '1', '.']) {
      const any = await search(operator, keyword);
      expect(any.stores.every((s) => eastStores.has(s.id))).toBe(true);
      expect(any.devices.every((d) => eastStores.has(d.shopId))).toBe(true);
    }
  });

  it('finds nothing for a platform user, whose console has no store or device pages', async () => {
    const device = await deviceOf(NORTHWIND.companyNo);
    expect(await search(platform, device.hostid)).toEqual({ stores: [], devices: [] });
  });

  it('refuses an empty keyword and a signed-out caller', async () => {
    const empty = await t.app.inject({
      method: 'GET',
      url: SearchEndpoints.globalSearch.path,
      query: { keyword: '  ' },
      headers: bearer(admin),
    });
    expect(empty.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: SearchEndpoints.globalSearch.path,
      query: { keyword: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
