import type { Device } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, envelopeOf, type TestApp, withoutLanguage } from '../../testing/test-app';
import { type DemoStore, demoStore, get, post, printerBody } from './device-test-support';

let t: TestApp;
let admin: string;
let operator: string;
let east: DemoStore;
let harbor: DemoStore;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  east = await demoStore(t, 'NW001', '华东大区');
  harbor = await demoStore(t, 'HL001', '华中大区');
});
afterAll(async () => t.close());

async function deviceCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function fieldsOf(body: { data: unknown }): Record<string, string> {
  const fields = (body.data as { fields: Array<{ field: string; message: string }> }).fields;
  return Object.fromEntries(fields.map((f) => [f.field, f.message]));
}

describe('device add', () => {
  it('adds a printer with port 161 by default and returns it', async () => {
    const res = await post(t, admin, 'add', printerBody(east));
    expect(res.status).toBe(200);
    const device = res.body.data as unknown as Device;
    expect(device).toMatchObject({ port: 161, productId: 5, shopId: east.id, parentDeviceId: east.boxId });
    expect(device.categoryName).toBe('打印设备');
    expect(device.securityKey).toBeUndefined();
  });

  it('accepts an IPv6 intranet address and an empty MAC address', async () => {
    const res = await post(t, admin, 'add', printerBody(east, { intranetIp: '::1', macAddress: '' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ intranetIp: '::1', macAddress: null });
  });

  it("refuses a malformed IP with 'Invalid IP address'", async () => {
    const before = await deviceCount();
    const res = await post(
      t,
      admin,
      'add',
      printerBody(east, { intranetIp: '127.0.0.256', extranetIp: 'abc' }),
    );
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toMatchObject({
      intranetIp: 'Invalid IP address',
      extranetIp: 'Invalid IP address',
    });
    expect(await deviceCount()).toBe(before);
  });

  it("refuses a MAC address with 5 octets with 'Invalid MAC address'", async () => {
    const res = await post(t, admin, 'add', printerBody(east, { macAddress: '00:26:ab:00:01' }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual({ macAddress: 'Invalid MAC address' });
  });

  it('names every missing required field', async () => {
    const res = await post(t, admin, 'add', { shopId: east.id });
    expect(res.status).toBe(400);
    const fields = fieldsOf(res.body);
    for (const f of [
      'hostid',
      'deviceName',
      'connectType',
      'deviceSystem',
      'deviceBrand',
      'model',
      'isPreinstallation',
      'deviceCategory',
      'deviceClass',
    ]) {
      expect(fields[f], f).toBeDefined();
    }
  });

  it('turns enableRemote on by default for Android devices only', async () => {
    const android = await post(
      t,
      admin,
      'add',
      printerBody(east, { deviceSystem: 2, productId: 8, deviceCategory: 'mobile', deviceClass: 'pda' }),
    );
    expect(android.body.data).toMatchObject({ enableRemote: 1 });
    const linux = await post(t, admin, 'add', printerBody(east, { deviceSystem: 0 }));
    expect(linux.body.data).toMatchObject({ enableRemote: 0 });
  });

  it('refuses a class that is not under the category, and an unknown category', async () => {
    const wrongClass = await post(t, admin, 'add', printerBody(east, { deviceClass: 'switch' }));
    expect(fieldsOf(wrongClass.body)).toEqual({ deviceClass: 'must be a class of category print' });
    const unknown = await post(t, admin, 'add', printerBody(east, { deviceCategory: 'toaster' }));
    expect(Object.keys(fieldsOf(unknown.body))).toEqual(['deviceCategory']);
  });

  it("refuses levels that are not the store's and a parent that is not a box of the store", async () => {
    const res = await post(
      t,
      admin,
      'add',
      printerBody(east, { cityId: harbor.city, parentDeviceId: harbor.boxId }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(fieldsOf(res.body)).sort()).toEqual(['cityId', 'parentDeviceId']);
  });

  it("answers 404 for another company's store and writes nothing", async () => {
    const before = await deviceCount();
    const res = await post(t, admin, 'add', printerBody(harbor));
    expect(res.status).toBe(404);
    expect(await deviceCount()).toBe(before);
  });
});

describe('device identifiers and class', () => {
  /** A second store of NW001 (another region), for store-wide rules. */
  let west: DemoStore;
  beforeAll(async () => {
    west = await demoStore(t, 'NW001', '华南大区');
  });

  it('refuses a hostid used by another device of the company, naming the field and the device', async () => {
    const first = (await post(t, admin, 'add', printerBody(east, { deviceName: 'Front printer' }))).body
      .data as unknown as Device;
    const before = await deviceCount();
    const again = await post(t, admin, 'add', printerBody(west, { hostid: first.hostid }));
    expect(again.status).toBe(400);
    expect(fieldsOf(again.body)).toEqual({
      hostid: 'is already used by device "Front printer" in this company',
    });
    expect(await deviceCount()).toBe(before);
  });

  it('accepts a hostid another company uses, and a device keeping its own values on update', async () => {
    const theirs = await t.ctx.db
      .selectFrom('devices')
      .select('hostid')
      .where('company_id', '=', harbor.companyId)
      .executeTakeFirstOrThrow();
    const added = await post(t, admin, 'add', printerBody(east, { hostid: theirs.hostid }));
    expect(added.status).toBe(200);
    const device = added.body.data as unknown as Device;
    const kept = await post(
      t,
      admin,
      'update',
      printerBody(east, {
        deviceId: device.deviceId,
        hostid: device.hostid,
        macAddress: device.macAddress,
        intranetIp: device.intranetIp,
        deviceName: 'Same identifiers',
      }),
    );
    expect(kept.status).toBe(200);
  });

  it('refuses a MAC or intranet IP used in the same store, in any spelling, but not in another store', async () => {
    const first = (
      await post(
        t,
        admin,
        'add',
        printerBody(east, {
          deviceName: 'Back printer',
          macAddress: '00:26:AB:7E:00:01',
          intranetIp: '127.0.7.1',
        }),
      )
    ).body.data as unknown as Device;
    const clash = await post(
      t,
      admin,
      'add',
      printerBody(east, { macAddress: '00-26-ab-7e-00-01', intranetIp: '127.0.7.1' }),
    );
    expect(clash.status).toBe(400);
    expect(fieldsOf(clash.body)).toEqual({
      macAddress: 'is already used by device "Back printer" in this store',
      intranetIp: 'is already used by device "Back printer" in this store',
    });
    const elsewhere = await post(
      t,
      admin,
      'add',
      printerBody(west, {
        macAddress: '0026.ab7e.0001',
        intranetIp: '127.0.7.1',
        parentDeviceId: west.boxId,
      }),
    );
    expect(elsewhere.status).toBe(200);
    // Moving the first printer's address onto another device of the store is refused on update too.
    const other = (await post(t, admin, 'add', printerBody(east))).body.data as unknown as Device;
    const update = await post(
      t,
      admin,
      'update',
      printerBody(east, { deviceId: other.deviceId, intranetIp: first.intranetIp }),
    );
    expect(fieldsOf(update.body)).toEqual({
      intranetIp: 'is already used by device "Back printer" in this store',
    });
  });

  it('counts a disabled device: its hostid stays taken', async () => {
    const added = (await post(t, admin, 'add', printerBody(east, { deviceName: 'Retired printer' }))).body
      .data as unknown as Device;
    await get(t, admin, `updateState/${added.deviceId}/2`);
    const again = await post(t, admin, 'add', printerBody(east, { hostid: added.hostid }));
    expect(fieldsOf(again.body)).toEqual({
      hostid: 'is already used by device "Retired printer" in this company',
    });
  });

  it('refuses a class of another product type, and words it in Chinese for the Chinese console', async () => {
    const pdaAsPrinter = printerBody(east, { deviceCategory: 'mobile', deviceClass: 'pda' });
    const res = await post(t, admin, 'add', pdaAsPrinter);
    expect(fieldsOf(res.body)).toEqual({
      deviceClass: 'belongs to product type "PDA", not the one chosen',
    });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/device-service/aibox/device/add',
      headers: withoutLanguage(bearer(admin)),
      payload: pdaAsPrinter,
    });
    expect(fieldsOf(envelopeOf(zh))).toEqual({ deviceClass: '属于产品类型“PDA”，与所选产品类型不符' });
    // A class that names no product type (an IP camera) fits any.
    const camera = await post(
      t,
      admin,
      'add',
      printerBody(east, { productId: 6, deviceCategory: 'camera', deviceClass: 'ipc' }),
    );
    expect(camera.status).toBe(200);
  });
});

describe('box keys', () => {
  it('gives a new box a random key of at least 128 bits and rotates it', async () => {
    const res = await post(
      t,
      admin,
      'add',
      printerBody(east, {
        productId: 1,
        connectType: 1,
        deviceSystem: 0,
        parentDeviceId: null,
        deviceCategory: 'box',
        deviceClass: 'aibox',
      }),
    );
    expect(res.status).toBe(200);
    const box = res.body.data as unknown as Device;
    expect(box.securityKey).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(box.securityKey ?? '', 'base64url').length).toBeGreaterThanOrEqual(16);
    const rotated = await post(t, admin, `rotateKey/${box.deviceId}`, {});
    expect(rotated.status).toBe(200);
    const key = (rotated.body.data as { securityKey: string }).securityKey;
    expect(key).not.toBe(box.securityKey);
    // Shown in full only by the calls that made it: the detail and the list show its last 4 characters.
    const detail = await get<Device>(t, admin, `detail/${box.deviceId}`);
    expect(detail.body.data.securityKey).toBe(`••••••••${key.slice(-4)}`);
    const listed = await get<Device[]>(t, admin, `getDevices/${east.id}/1`);
    const keys = listed.body.data.map((d) => d.securityKey ?? '');
    expect(keys.every((k) => k.startsWith('••••••••') && k.length === 12)).toBe(true);
    expect(keys).not.toContain(key);
  });

  it('hides keys from callers without the key or edit button', async () => {
    const asOperator = await get<Device>(t, operator, `detail/${east.boxId}`);
    expect(asOperator.status).toBe(200);
    expect(asOperator.body.data).not.toHaveProperty('securityKey');
    const rotate = await post(t, operator, `rotateKey/${east.boxId}`, {});
    expect(rotate.status).toBe(403);
  });
});

describe('device update and switches', () => {
  it('updates a device and keeps the §5 rules', async () => {
    const added = (await post(t, admin, 'add', printerBody(east))).body.data as unknown as Device;
    const res = await post(
      t,
      admin,
      'update',
      printerBody(east, { deviceId: added.deviceId, deviceName: 'Renamed', port: 1161 }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ deviceName: 'Renamed', port: 1161 });
    const bad = await post(
      t,
      admin,
      'update',
      printerBody(east, { deviceId: added.deviceId, macAddress: 'zz' }),
    );
    expect(fieldsOf(bad.body)).toEqual({ macAddress: 'Invalid MAC address' });
    const missing = await post(t, admin, 'update', printerBody(east));
    expect(Object.keys(fieldsOf(missing.body))).toEqual(['deviceId']);
  });

  it('sets state (reading A) and shows display state 3 when disabled', async () => {
    const res = await get<Device>(t, admin, `updateState/${east.boxId}/2`);
    expect(res.body.data).toMatchObject({ state: 2, displayState: 3 });
    const back = await get<Device>(t, admin, `updateState/${east.boxId}/1`);
    expect(back.body.data).toMatchObject({ state: 1, displayState: 2 });
    expect((await get(t, admin, `updateState/${east.boxId}/3`)).status).toBe(400);
  });

  it('sets the monitored flag on every named device in one go', async () => {
    const subs = await t.ctx.db
      .selectFrom('devices')
      .select('id')
      .where('parent_device_id', '=', east.boxId)
      .execute();
    const ids = subs.map((s) => s.id).join(',');
    const res = await get(t, admin, `ids?ids=${ids}&mornitored=0`);
    expect(res.status).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('devices')
      .select('monitored')
      .where('parent_device_id', '=', east.boxId)
      .execute();
    expect(rows.every((r) => r.monitored === 0)).toBe(true);
    await get(t, admin, `ids?ids=${ids}&mornitored=1`);
  });

  it("changes nothing when the batch names another company's device", async () => {
    const res = await get(t, admin, `ids?ids=${east.boxId},${harbor.boxId}&mornitored=0`);
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    const rows = await t.ctx.db
      .selectFrom('devices')
      .select('monitored')
      .where('id', 'in', [east.boxId, harbor.boxId])
      .execute();
    expect(rows.map((r) => r.monitored)).toEqual([1, 1]);
    expect((await get(t, admin, `updateState/${harbor.boxId}/2`)).status).toBe(404);
    expect((await get(t, admin, `detail/${harbor.boxId}`)).status).toBe(404);
  });

  it('marks boxes, and only boxes, as pre-configured', async () => {
    const res = await post(t, admin, 'isPreinstallation', { deviceId: east.boxId, status: 1 });
    expect(res.body.data).toMatchObject({ isPreinstallation: 1 });
    const sub = await t.ctx.db
      .selectFrom('devices')
      .select('id')
      .where('parent_device_id', '=', east.boxId)
      .executeTakeFirstOrThrow();
    const refused = await post(t, admin, 'isPreinstallation', { deviceId: sub.id, status: 1 });
    expect(refused.status).toBe(400);
  });

  it('refuses writes to the operator, who holds no device buttons', async () => {
    expect((await post(t, operator, 'add', printerBody(east))).status).toBe(403);
    expect((await get(t, operator, `updateState/${east.boxId}/2`)).status).toBe(403);
  });
});
