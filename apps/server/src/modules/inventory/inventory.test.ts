// The inventory list as an operator meets it (issue 12): the list with its filters and the summary
// cards that must agree with it, a common user's scope and another company's ids. Binding, non-network
// assets and deletes, and edits with images are in the inventory-*.test.ts files beside this one.
import {
  InventoryEndpoints as E,
  fillPath,
  type InventoryRecord,
  type PagedResult,
} from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { writeList } from '../../db/json';
import { bearer, withoutLanguage } from '../../testing/test-app';
import {
  admin,
  call,
  eastStores,
  harborRecord,
  list,
  northStore,
  OPERATOR_BUTTONS,
  ok,
  operator,
  refused,
  summary,
  t,
  unbind,
  useInventoryApp,
} from './inventory-test-support';

useInventoryApp();

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
          button_authorities: writeList(OPERATOR_BUTTONS),
        })
        .where('name', '=', '华东运维')
        .execute();
    }
  });
});
