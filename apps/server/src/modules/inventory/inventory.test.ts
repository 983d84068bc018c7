// The inventory as an operator meets it (issue 12): the list with its filters and the summary cards
// that must agree with it, a common user's scope and another company's ids, binding by MAC (any
// notation) with the 409s that name the binding in the way, unbinding that stops monitoring,
// non-network assets, deletes refused while bound, edits, and images through a real upload.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  BUTTON,
  type Device,
  InventoryEndpoints as E,
  fillPath,
  type InventoryImageUploadResult,
  type InventoryMatchRow,
  type InventoryRecord,
  type InventorySummary,
  type PagedResult,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { writeList } from '../../db/json';
import { bearer, createTestApp, envelopeOf, type TestApp, withoutLanguage } from '../../testing/test-app';
import { pngImage } from '../../testing/test-images';

let t: TestApp;
let dataDir: string;
let admin: string;
let operator: string;
let northwind = 0;
let harbor = 0;
/** The operator's East China stores and one Northwind store outside them. */
let eastStores: number[] = [];
let northStore = 0;
let harborRecord = 0;

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token = admin,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Res> =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

function ok<T>(res: Res): T {
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<T>(res).data;
}

function refused(res: Res, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  return envelopeOf(res).message;
}

const list = async (body: Record<string, unknown>, token = admin) =>
  ok<PagedResult<InventoryRecord>>(await call('POST', E.listInventoryDevices.path, token, body));
const summary = async (body: Record<string, unknown>, token = admin) =>
  ok<InventorySummary>(await call('POST', E.listInventoryDevicesData.path, token, body));
const record = async (id: number, token = admin) =>
  ok<InventoryRecord>(await call('GET', fillPath(E.get.path, { id }), token));
const match = (query: string, token = admin) => call('POST', `${E.matchMacDevices.path}?${query}`, token);
const bind = (inventoryDeviceId: number, targetDeviceId: number, token = admin) =>
  call(
    'POST',
    `${E.bindInventoryDevice.path}?inventoryDeviceId=${inventoryDeviceId}&targetDeviceId=${targetDeviceId}`,
    token,
  );
const unbind = (id: number, token = admin) =>
  call('POST', fillPath(E.unbind.path, { inventoryId: id }), token);

async function device(id: number): Promise<Device> {
  return ok<Device>(await call('GET', `/api/device-service/aibox/device/detail/${id}`));
}

/** A fresh record of `shopId` (the import's rows are H5's; these tests need a few of their own). */
async function newRecord(
  shopId: number,
  assetNo: string,
  extra: Partial<{ mac_address: string; mac_key: string; is_network_device: number; status: number }> = {},
): Promise<number> {
  const store = await t.ctx.db
    .selectFrom('stores')
    .select('company_id')
    .where('id', '=', shopId)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const row = await t.ctx.db
    .insertInto('inventory_records')
    .values({
      company_id: store.company_id,
      shop_id: shopId,
      asset_no: assetNo,
      device_name: `Test asset ${assetNo}`,
      created_at: now,
      updated_at: now,
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A device of `shopId` with a MAC (the demo's sub-devices), not bound to any record. */
async function unboundDevice(shopId: number) {
  return t.ctx.db
    .selectFrom('devices')
    .leftJoin('inventory_records', 'inventory_records.bound_device_id', 'devices.id')
    .select(['devices.id', 'devices.mac_address', 'devices.device_name', 'devices.monitored'])
    .where('devices.shop_id', '=', shopId)
    .where('devices.mac_address', 'is not', null)
    .where('inventory_records.id', 'is', null)
    .orderBy('devices.id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'storefleet-inventory-'));
  t = await createTestApp({ config: { dataDir } });
  [admin, operator] = await Promise.all([t.signIn('admin'), t.signIn('operator')]);
  const companies = await t.ctx.db.selectFrom('companies').select(['id', 'company_no']).execute();
  northwind = companies.find((c) => c.company_no === 'NW001')?.id ?? 0;
  harbor = companies.find((c) => c.company_no === 'HL001')?.id ?? 0;
  const region = async (name: string) =>
    (
      await t.ctx.db
        .selectFrom('level_configs')
        .select('id')
        .where('company_id', '=', northwind)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const storesOf = async (level: number) =>
    (
      await t.ctx.db.selectFrom('stores').select('id').where('area_level', '=', level).orderBy('id').execute()
    ).map((s) => s.id);
  eastStores = await storesOf(await region('华东大区'));
  northStore = (await storesOf(await region('华北大区')))[0] ?? 0;
  const harborStore = await t.ctx.db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', harbor)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  harborRecord = await newRecord(harborStore.id, 'HARBOR-ONLY-1');
  // The operator may write the inventory too (its scope, not its codes, is what these tests probe).
  const op = await t.ctx.db
    .selectFrom('users')
    .select('role_id')
    .where('account_name', '=', 'operator')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('roles')
    .set({
      button_authorities: writeList([
        BUTTON.inventoryBind,
        BUTTON.inventoryUnbind,
        BUTTON.inventoryDelete,
        BUTTON.inventoryNoNetwork,
        BUTTON.inventoryUpdate,
      ]),
    })
    .where('id', '=', op.role_id ?? 0)
    .execute();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the inventory list and its summary', () => {
  it('lists the demo register: bound records inventoried and managed, waiting ones not, non-network ones flagged', async () => {
    const page = await list({ pageNum: 1, pageSize: 50, shopIdStr: String(eastStores[0]) });
    expect(page.total).toBeGreaterThan(5);
    const bound = page.list.filter((r) => r.boundDeviceId !== null);
    expect(bound.length).toBeGreaterThan(0);
    for (const r of bound) {
      expect(r).toMatchObject({ isInventory: 1, isManage: 1, isNetworkDevice: 0 });
      expect(r.boundDeviceName).toBeTruthy();
      expect(r.onlineStatus).not.toBeNull();
    }
    const waiting = page.list.filter((r) => r.boundDeviceId === null && r.isNetworkDevice === 0);
    expect(waiting.length).toBeGreaterThan(0);
    for (const r of waiting) expect(r).toMatchObject({ isInventory: 0, isManage: 0, onlineStatus: null });
    const nonNetwork = page.list.filter((r) => r.isNetworkDevice === 1);
    expect(nonNetwork.map((r) => r.deviceName).sort()).toEqual(['手动叉车', '电子秤']);
    // Names in the caller's language (the tests read English).
    expect(page.list.find((r) => r.status === 1)?.statusName).toBe('Normal');
    expect(page.list.every((r) => r.shopName.length > 0 && r.areaName === 'East China')).toBe(true);
  });

  it('shows names in Chinese for a Chinese caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: E.listInventoryDevices.path,
      headers: withoutLanguage(bearer(admin)),
      payload: { pageNum: 1, pageSize: 5, status: '1' },
    });
    const page = ok<PagedResult<InventoryRecord>>(res);
    expect(page.list[0]?.statusName).toBe('正常');
    expect(page.list[0]?.areaName).toMatch(/大区$/);
  });

  it('agrees with the summary for every filter', async () => {
    const filters: Record<string, unknown>[] = [
      {},
      { shopIdStr: eastStores.slice(0, 2).join(',') },
      { isInventory: 1 },
      { isInventory: 0 },
      { isManage: 1 },
      { isManage: 0 },
      { isNetworkDevice: 1 },
      { status: '3,4' },
      { assetNo: 'ZC' },
      { deviceName: '路由' },
      { deviceCategory: 'network', deviceClass: 'switch' },
      { propertyType: 'rented' },
      { storeStatus: '0' },
    ];
    for (const filter of filters) {
      const [page, counts] = await Promise.all([
        list({ ...filter, pageNum: 1, pageSize: 1 }),
        summary(filter),
      ]);
      expect(counts.total, JSON.stringify(filter)).toBe(page.total);
      expect(counts.inventoried + counts.notInventoried).toBe(counts.total);
      expect(counts.managed + counts.notManaged).toBe(counts.total);
      expect(counts.networked + counts.nonNetwork).toBe(counts.total);
      expect(counts.byStatus.map((s) => s.status)).toEqual([1, 2, 3, 4]);
      expect(counts.byStatus.reduce((n, s) => n + s.count, 0)).toBe(counts.total);
      // Each card's count is what the list shows when also filtered by that card.
      const narrowed = async (key: string, value: unknown, expected: number | undefined) => {
        if (key in filter) return;
        const total = (await list({ ...filter, [key]: value, pageNum: 1, pageSize: 1 })).total;
        expect(total, `${JSON.stringify(filter)} + ${key}`).toBe(expected);
      };
      await narrowed('isInventory', 1, counts.inventoried);
      await narrowed('isManage', 1, counts.managed);
      await narrowed('isNetworkDevice', 1, counts.nonNetwork);
      await narrowed('status', '3', counts.byStatus[2]?.count);
    }
    const all = await summary({});
    expect(all.inventoried).toBeGreaterThan(0);
    expect(all.notInventoried).toBeGreaterThan(0);
    expect(all.nonNetwork).toBeGreaterThan(0);
    expect(all.byStatus.filter((s) => s.count > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('sorts by whitelisted fields only', async () => {
    const page = await list({ pageNum: 1, pageSize: 30, sortBy: 'assetNo', sortDirection: 'desc' });
    const numbers = page.list.map((r) => r.assetNo);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(page.orderBy).toBe('assetNo desc');
    const message = refused(
      await call('POST', E.listInventoryDevices.path, admin, { sortBy: 'password_hash' }),
      400,
    );
    expect(message).toContain('sortBy');
  });
});

describe('scope', () => {
  it('shows a common user only the stores of its region', async () => {
    const page = await list({ pageNum: 1, pageSize: 500 }, operator);
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => eastStores.includes(r.shopId))).toBe(true);
    const counts = await summary({}, operator);
    expect(counts.total).toBe(page.total);
    // Asking for a store outside the region by filter finds nothing.
    expect((await list({ shopIdStr: String(northStore) }, operator)).total).toBe(0);
  });

  it("answers 404 for a record of a store outside the user's region, and for another company's", async () => {
    const north = (await list({ shopIdStr: String(northStore), pageSize: 1 })).list[0];
    expect(north).toBeDefined();
    refused(await call('GET', fillPath(E.get.path, { id: north?.id ?? 0 }), operator), 404);
    refused(await call('DELETE', fillPath(E.remove.path, { id: north?.id ?? 0 }), operator), 404);
    refused(await unbind(north?.id ?? 0, operator), 404);
    refused(await call('GET', fillPath(E.get.path, { id: harborRecord })), 404);
    refused(await call('DELETE', fillPath(E.removeBatch.path, { ids: `${harborRecord}` })), 404);
    refused(await call('POST', E.addNoNetwork.path, admin, [harborRecord]), 404);
    expect(
      (await t.ctx.db.selectFrom('inventory_records').select('id').where('id', '=', harborRecord).execute())
        .length,
    ).toBe(1);
  });

  it('refuses writes to a user without the inventory buttons', async () => {
    const viewerToken = await t.signIn('operator');
    await t.ctx.db
      .updateTable('roles')
      .set({ button_authorities: '[]' })
      .where('name', '=', '华东运维')
      .execute();
    try {
      const id = (await list({ pageSize: 1 }, viewerToken)).list[0]?.id ?? 0;
      refused(await unbind(id, viewerToken), 403);
      refused(await call('POST', E.addNoNetwork.path, viewerToken, [id]), 403);
    } finally {
      await t.ctx.db
        .updateTable('roles')
        .set({
          button_authorities: writeList([
            BUTTON.inventoryBind,
            BUTTON.inventoryUnbind,
            BUTTON.inventoryDelete,
            BUTTON.inventoryNoNetwork,
            BUTTON.inventoryUpdate,
          ]),
        })
        .where('name', '=', '华东运维')
        .execute();
    }
  });
});

describe('matching by MAC and binding', () => {
  it('finds the store’s device whatever notation the MAC is written in', async () => {
    const shop = eastStores[1] ?? 0;
    const target = await unboundDevice(shop);
    const hex = (target.mac_address ?? '').replace(/[^0-9A-Fa-f]/g, '').toLowerCase();
    const notations = [
      hex.match(/.{2}/g)?.join(':') ?? '',
      (hex.match(/.{2}/g)?.join('-') ?? '').toUpperCase(),
      `${hex.slice(0, 4)}.${hex.slice(4, 8)}.${hex.slice(8)}`,
      hex.toUpperCase(),
    ];
    for (const mac of notations) {
      const rows = ok<InventoryMatchRow[]>(
        await match(`macAddress=${encodeURIComponent(mac)}&shopId=${shop}`),
      );
      expect(
        rows.map((r) => r.deviceId),
        mac,
      ).toEqual([target.id]);
      expect(rows[0]).toMatchObject({ boundInventoryId: null, shopId: shop });
    }
    // Another store holds no device with that MAC.
    expect(ok<InventoryMatchRow[]>(await match(`macAddress=${hex}&shopId=${eastStores[2]}`))).toEqual([]);
    expect(refused(await match(`macAddress=not-a-mac&shopId=${shop}`), 400)).toContain('Invalid MAC address');
    // A store outside the operator's region is not there for it.
    refused(await match(`macAddress=${hex}&shopId=${northStore}`, operator), 404);
  });

  it('binds a record to its device, and refuses a second binding either way with a 409 naming it', async () => {
    const shop = eastStores[2] ?? 0;
    const target = await unboundDevice(shop);
    await t.ctx.db.updateTable('devices').set({ monitored: 0 }).where('id', '=', target.id).execute();
    const first = await newRecord(shop, 'BIND-FIRST', {});
    const second = await newRecord(shop, 'BIND-SECOND', {});

    const bound = ok<InventoryRecord>(await bind(first, target.id, operator));
    expect(bound).toMatchObject({ boundDeviceId: target.id, isInventory: 1, isManage: 1 });
    // Binding joins the device to monitoring.
    expect((await device(target.id)).monitored).toBe(1);
    const matched = ok<InventoryMatchRow[]>(
      await match(`macAddress=${encodeURIComponent(target.mac_address ?? '')}&shopId=${shop}`),
    );
    expect(matched[0]).toMatchObject({
      deviceId: target.id,
      boundInventoryId: first,
      boundAssetNo: 'BIND-FIRST',
    });

    // The device is taken: the message names the record holding it.
    expect(refused(await bind(second, target.id), 409)).toContain('BIND-FIRST');
    // The record is taken: the message names its device.
    const other = await t.ctx.db
      .selectFrom('devices')
      .leftJoin('inventory_records', 'inventory_records.bound_device_id', 'devices.id')
      .select(['devices.id'])
      .where('devices.shop_id', '=', shop)
      .where('devices.id', '<>', target.id)
      .where('inventory_records.id', 'is', null)
      .executeTakeFirstOrThrow();
    const message = refused(await bind(first, other.id), 409);
    expect(message).toContain('BIND-FIRST');
    expect(message).toContain(`#${target.id}`);
    expect((await record(second)).boundDeviceId).toBeNull();
    // The bind is in the operation log like every write (the refused ones too, with their status).
    await t.app.operationLog.flush();
    const logged = await t.ctx.db
      .selectFrom('operation_logs')
      .select(['status', 'user_name'])
      .where('api_name', '=', E.bindInventoryDevice.summary)
      .execute();
    expect(logged.some((l) => l.status === 200 && l.user_name === 'operator')).toBe(true);
  });

  it('binds only a device of the record’s own store, and only inside the scope', async () => {
    const id = await newRecord(eastStores[3] ?? 0, 'BIND-STORE');
    const elsewhere = await unboundDevice(eastStores[4] ?? 0);
    expect(refused(await bind(id, elsewhere.id), 409)).toContain('store');
    const north = await unboundDevice(northStore);
    refused(await bind(id, north.id, operator), 404);
    expect((await record(id)).boundDeviceId).toBeNull();
  });

  it('lets only one of two racing binds of the same device win', async () => {
    const shop = eastStores[5] ?? eastStores[0] ?? 0;
    const target = await unboundDevice(shop);
    const a = await newRecord(shop, 'RACE-A');
    const b = await newRecord(shop, 'RACE-B');
    const results = await Promise.all([bind(a, target.id), bind(b, target.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await t.ctx.db
      .selectFrom('inventory_records')
      .select('id')
      .where('bound_device_id', '=', target.id)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('unbinds, and the device stops being monitored (the device list shows it)', async () => {
    const shop = eastStores[0] ?? 0;
    const boundRecord = (await list({ shopIdStr: String(shop), isManage: 1, pageSize: 1 })).list[0];
    const deviceId = boundRecord?.boundDeviceId ?? 0;
    expect(deviceId).toBeGreaterThan(0);
    const monitoredBefore = ok<PagedResult<Device>>(
      await call(
        'GET',
        `/api/device-service/aibox/device/listDevices?shopId=${shop}&monitored=1&pageSize=100`,
      ),
    );
    expect(monitoredBefore.list.map((d) => d.deviceId)).toContain(deviceId);

    const after = ok<InventoryRecord>(await unbind(boundRecord?.id ?? 0, operator));
    expect(after).toMatchObject({ boundDeviceId: null, isInventory: 0, isManage: 0, onlineStatus: null });
    expect((await device(deviceId)).monitored).toBe(0);
    const monitoredAfter = ok<PagedResult<Device>>(
      await call(
        'GET',
        `/api/device-service/aibox/device/listDevices?shopId=${shop}&monitored=1&pageSize=100`,
      ),
    );
    expect(monitoredAfter.list.map((d) => d.deviceId)).not.toContain(deviceId);
    expect(refused(await unbind(boundRecord?.id ?? 0), 409)).toContain('not bound');
  });
});

describe('non-network assets', () => {
  it('marks records non-network, hides them from matching, refuses binding, and takes them back', async () => {
    const shop = eastStores[1] ?? 0;
    const target = await unboundDevice(shop);
    const key = (target.mac_address ?? '').replace(/[^0-9A-Fa-f]/g, '').toLowerCase();
    const id = await newRecord(shop, 'NONNET-1', { mac_address: target.mac_address ?? '', mac_key: key });
    const before = (await summary({ isNetworkDevice: 1 })).total;

    expect(ok<{ updated: number }>(await call('POST', E.addNoNetwork.path, operator, [id]))).toEqual({
      updated: 1,
    });
    expect((await record(id)).isNetworkDevice).toBe(1);
    expect((await summary({ isNetworkDevice: 1 })).total).toBe(before + 1);
    const nonNetworkPage = await list({ isNetworkDevice: 1, pageSize: 500 });
    expect(nonNetworkPage.list.map((r) => r.id)).toContain(id);
    // Matching for it offers nothing; binding it is refused, naming why.
    expect(
      ok<InventoryMatchRow[]>(await match(`macAddress=${key}&shopId=${shop}&inventoryDeviceId=${id}`)),
    ).toEqual([]);
    expect(refused(await bind(id, target.id), 409)).toContain('non-network');

    // The way back (ours), in the same style: a body of ids or { ids }.
    expect(ok<{ updated: number }>(await call('POST', E.addNetwork.path, operator, { ids: [id] }))).toEqual({
      updated: 1,
    });
    expect(
      ok<InventoryMatchRow[]>(await match(`macAddress=${key}&shopId=${shop}&inventoryDeviceId=${id}`)),
    ).toHaveLength(1);
  });

  it('refuses to mark a bound record (409 naming its device), all or nothing', async () => {
    const boundRecord = (await list({ isInventory: 1, pageSize: 1 })).list[0];
    const free = await newRecord(eastStores[2] ?? 0, 'NONNET-FREE');
    const message = refused(await call('POST', E.addNoNetwork.path, admin, [free, boundRecord?.id]), 409);
    expect(message).toContain(boundRecord?.assetNo ?? '?');
    expect(message).toContain(boundRecord?.boundDeviceName ?? '?');
    expect((await record(free)).isNetworkDevice).toBe(0);
    refused(await call('POST', E.addNoNetwork.path, admin, []), 400);
    refused(await call('POST', E.addNoNetwork.path, admin, ['x']), 400);
  });
});

describe('deleting records', () => {
  it('refuses to delete a bound record, naming the binding', async () => {
    const boundRecord = (await list({ isInventory: 1, pageSize: 1 })).list[0];
    const message = refused(await call('DELETE', fillPath(E.remove.path, { id: boundRecord?.id ?? 0 })), 409);
    expect(message).toContain(boundRecord?.assetNo ?? '?');
    expect((await record(boundRecord?.id ?? 0)).id).toBe(boundRecord?.id);
  });

  it('deletes a batch all or nothing', async () => {
    const a = await newRecord(eastStores[0] ?? 0, 'DEL-A');
    const b = await newRecord(eastStores[0] ?? 0, 'DEL-B');
    const boundRecord = (await list({ isInventory: 1, pageSize: 1 })).list[0];
    refused(await call('DELETE', fillPath(E.removeBatch.path, { ids: `${a},${b},${boundRecord?.id}` })), 409);
    refused(await call('DELETE', fillPath(E.removeBatch.path, { ids: `${a},${b},${harborRecord}` })), 404);
    expect((await record(a)).id).toBe(a);
    expect(ok(await call('DELETE', fillPath(E.removeBatch.path, { ids: `${a},${b}` })))).toEqual({
      deleted: 2,
    });
    refused(await call('GET', fillPath(E.get.path, { id: a })), 404);
    const c = await newRecord(eastStores[0] ?? 0, 'DEL-C');
    expect(ok(await call('DELETE', fillPath(E.remove.path, { id: c })))).toBeNull();
  });

  it('keeps the record when its device is deleted, and clears the binding', async () => {
    const shop = eastStores[3] ?? 0;
    const target = await unboundDevice(shop);
    const id = await newRecord(shop, 'DEVICE-GONE');
    ok(await bind(id, target.id));
    await t.ctx.db.deleteFrom('device_latest').where('device_id', '=', target.id).execute();
    await t.ctx.db.deleteFrom('devices').where('id', '=', target.id).execute();
    expect(await record(id)).toMatchObject({ boundDeviceId: null, isInventory: 0 });
  });
});

describe('editing and images', () => {
  const upload = (bytes: Buffer, token = admin) => {
    const boundary = 'storefleet-inventory-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.txt"\r\n`),
      Buffer.from('Content-Type: text/plain\r\n\r\n'),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: E.uploadImage.path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
      payload,
    });
  };
  const update = (body: Record<string, unknown>, token = admin) => call('POST', E.update.path, token, body);
  const editable = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    deviceName: 'Front desk scale',
    status: 3,
    custodian: 'Li Lei',
    macAddress: 'AABB.CCDD.EE01',
    deviceCategory: 'network',
    deviceClass: 'switch',
    propertyType: 'leased',
    obtainTime: '2024-03-01',
    images: [],
    ...extra,
  });

  it('uploads a real image, keeps its name on the record and serves it back', async () => {
    const png = pngImage(40, 30);
    const uploaded = ok<InventoryImageUploadResult>(await upload(png));
    expect(uploaded).toMatchObject({ contentType: 'image/png', width: 40, height: 30, size: png.length });
    const id = await newRecord(eastStores[0] ?? 0, 'EDIT-1');
    const changed = ok<InventoryRecord>(await update(editable(id, { images: [uploaded.name] })));
    expect(changed).toMatchObject({
      deviceName: 'Front desk scale',
      status: 3,
      statusName: 'Faulty',
      custodian: 'Li Lei',
      macAddress: 'AABB.CCDD.EE01',
      propertyTypeName: 'Leased',
      className: 'Switch',
      images: [uploaded.name],
      assetNo: 'EDIT-1',
      updateBy: 'admin',
    });
    const file = await call('GET', fillPath(E.image.path, { name: uploaded.name }));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    // The operator of the same company reads it; a name never issued is 404.
    expect((await call('GET', fillPath(E.image.path, { name: uploaded.name }), operator)).statusCode).toBe(
      200,
    );
    refused(await call('GET', fillPath(E.image.path, { name: `${'0'.repeat(64)}.png` })), 404);
    refused(await call('GET', fillPath(E.image.path, { name: '../../etc/passwd' })), 404);
  });

  it('refuses what is not an image, an image never uploaded and an upload still running', async () => {
    expect(refused(await upload(Buffer.from('<script>alert(1)</script>')), 400)).toContain(
      'PNG, JPEG or WebP',
    );
    const id = await newRecord(eastStores[0] ?? 0, 'EDIT-2');
    const never = `${'a'.repeat(64)}.png`;
    expect(refused(await update(editable(id, { images: [never] })), 400)).toContain('images.0');
    expect(refused(await update(editable(id, { images: [''] })), 400)).toContain('Please wait uploading');
    expect(refused(await update(editable(id, { macAddress: 'zz:zz' })), 400)).toContain(
      'Invalid MAC address',
    );
    expect(refused(await update(editable(id, { deviceClass: 'pos' })), 400)).toContain('deviceClass');
    expect(refused(await update(editable(id, { status: 9 })), 400)).toContain('status');
    expect((await record(id)).deviceName).toBe('Test asset EDIT-2');
  });

  it("refuses another record's MAC in the same store (409 naming it), and another company's record (404)", async () => {
    const shop = eastStores[1] ?? 0;
    const a = await newRecord(shop, 'EDIT-MAC-A', {
      mac_address: '00:11:22:33:44:55',
      mac_key: '001122334455',
    });
    const b = await newRecord(shop, 'EDIT-MAC-B');
    expect(refused(await update(editable(b, { macAddress: '00-11-22-33-44-55' })), 409)).toContain(
      'EDIT-MAC-A',
    );
    expect((await record(a)).macAddress).toBe('00:11:22:33:44:55');
    refused(await update(editable(harborRecord)), 404);
  });
});
