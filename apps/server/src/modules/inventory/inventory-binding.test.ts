// Binding inventory records to monitored devices (issue 12): matching by MAC in any notation, the
// 409s that name the binding in the way, the store and scope limits, racing binds, and unbinding that
// stops monitoring.
import {
  type Device,
  InventoryEndpoints as E,
  type InventoryMatchRow,
  type InventoryRecord,
  type PagedResult,
} from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import {
  bind,
  call,
  device,
  eastStores,
  list,
  match,
  newRecord,
  northStore,
  ok,
  operator,
  record,
  refused,
  t,
  unbind,
  unboundDevice,
  useInventoryApp,
} from './inventory-test-support';

useInventoryApp();

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
