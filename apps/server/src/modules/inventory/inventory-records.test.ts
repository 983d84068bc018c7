// What happens to inventory records (issue 12): marking non-network assets (never matched or bound)
// and back, and deletes refused while bound, all or nothing in a batch, or when the device goes.
import { InventoryEndpoints as E, fillPath, type InventoryMatchRow } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import {
  admin,
  bind,
  call,
  eastStores,
  harborRecord,
  list,
  match,
  newRecord,
  ok,
  operator,
  record,
  refused,
  summary,
  t,
  unboundDevice,
  useInventoryApp,
} from './inventory-test-support';

useInventoryApp();

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
