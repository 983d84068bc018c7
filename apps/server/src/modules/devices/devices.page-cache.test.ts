// List pages are kept in the process (device-page-cache.ts) until a committed write could change
// them: every page read here is first read once (so it is cached), then a write, then read again —
// the second read must show the write, whoever made it (a call, ingest-like updates, a transaction).
import type { Device, PagedResult } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app';
import { type DemoStore, demoStore, get, post, printerBody } from './device-test-support';

let t: TestApp;
let admin: string;
let east: DemoStore;
const added: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  east = await demoStore(t, 'NW001', '华东大区');
  for (const n of [1, 2, 3]) {
    const res = await post(
      t,
      admin,
      'add',
      printerBody(east, {
        hostid: `page-cache-${n}`,
        deviceName: `Cached printer ${n}`,
        intranetIp: `127.0.6.${n}`,
        macAddress: `00:26:ab:06:00:0${n}`,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    added.push(Number(res.body.data.deviceId));
  }
});
afterAll(async () => t.close());

/** Page 1 (10 rows unless `query` gives pageSize) of the admin's device list. */
async function firstPage(query = ''): Promise<Device[]> {
  const size = query.includes('pageSize=') ? '' : 'pageSize=10&';
  const res = await get<PagedResult<Device>>(t, admin, `listDevices?pageNum=1&${size}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list;
}

const find = (list: Device[], id: number | undefined) => list.find((d) => d.deviceId === id);

describe('cached list pages stay exact', () => {
  it('shows a renamed device and a renamed store on the next read', async () => {
    const id = added[2];
    const before = find(await firstPage(), id);
    expect(before?.deviceName).toBe('Cached printer 3');
    await firstPage();

    await t.ctx.db
      .updateTable('devices')
      .set({ device_name: 'Renamed printer' })
      .where('id', '=', id as number)
      .execute();
    expect(find(await firstPage(), id)?.deviceName).toBe('Renamed printer');

    const store = await t.ctx.db
      .selectFrom('stores')
      .select('store_name')
      .where('id', '=', east.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('stores')
      .set({ store_name: 'Renamed store' })
      .where('id', '=', east.id)
      .execute();
    expect(find(await firstPage(), id)?.shopName).toBe('Renamed store');
    await t.ctx.db
      .updateTable('stores')
      .set({ store_name: store.store_name })
      .where('id', '=', east.id)
      .execute();
    expect(find(await firstPage(), id)?.shopName).toBe(store.store_name);
  });

  it('moves a device that comes online out of the problems at the top, and back when it goes offline', async () => {
    const query = `shopId=${east.id}`;
    const id = added[2] as number;
    const before = await firstPage(query);
    expect(before[0]?.deviceId).toBe(id); // newest offline device first
    await firstPage(query);

    await t.ctx.db.updateTable('devices').set({ online_status: 1 }).where('id', '=', id).execute();
    const online = await firstPage(query);
    expect(online[0]?.deviceId).toBe(added[1]);
    // Online is no problem: it now follows every offline device of the store.
    const order = online.map((d) => d.deviceId);
    expect(order.indexOf(id)).toBeGreaterThan(order.indexOf(added[0] as number));

    await t.ctx.db.updateTable('devices').set({ online_status: 0 }).where('id', '=', id).execute();
    expect((await firstPage(query))[0]?.deviceId).toBe(id);
  });

  it('shows a change made through the API (monitoring stopped) on the next read', async () => {
    const id = added[1] as number;
    expect(find(await firstPage(), id)?.monitored).toBe(1);
    const res = await get(t, admin, `ids?ids=${id}&mornitored=0`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(find(await firstPage('pageSize=1000'), id)?.monitored).toBe(0);
    // Not monitored any more: no longer among the problems, so not on the first page of the store.
    expect((await firstPage(`shopId=${east.id}`)).slice(0, 2).map((d) => d.deviceId)).not.toContain(id);
  });

  it('shows a write made in a transaction only once it commits, and none that rolled back', async () => {
    const id = added[0] as number;
    await firstPage();
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('devices')
        .set({ device_name: 'In a transaction' })
        .where('id', '=', id)
        .execute();
      // PostgreSQL: another pooled connection answers and must not see (nor keep) the change yet.
      if (t.ctx.database.dialect === 'postgres')
        expect(find(await firstPage(), id)?.deviceName).toBe('Cached printer 1');
    });
    expect(find(await firstPage(), id)?.deviceName).toBe('In a transaction');

    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('devices').set({ device_name: 'Rolled back' }).where('id', '=', id).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(find(await firstPage(), id)?.deviceName).toBe('In a transaction');
  });
});
