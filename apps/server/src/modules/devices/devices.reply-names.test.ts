// Device replies show dictionary names (category, class, property type) from an in-process copy of
// the dictionary (device-dictionary-names.ts) instead of joins; the copy must follow every committed
// dictionary write, in lists and in the detail alike, and never show an uncommitted one.
import type { Device, PagedResult } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app';
import { type DemoStore, demoStore, get, post, printerBody } from './device-test-support';

let t: TestApp;
let admin: string;
let east: DemoStore;
let printerId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  east = await demoStore(t, 'NW001', '华东大区');
  const added = await post(
    t,
    admin,
    'add',
    printerBody(east, {
      hostid: 'reply-names-1',
      intranetIp: '127.0.7.1',
      macAddress: '00:26:ab:07:00:01',
      propertyType: 'owned',
    }),
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  printerId = Number(added.body.data.deviceId);
});
afterAll(async () => t.close());

/** The printer as the list shows it (its store's devices, newest first) and as the detail shows it. */
async function printerViews(): Promise<Device[]> {
  const listed = await get<PagedResult<Device>>(t, admin, `listDevices?pageSize=1000&shopId=${east.id}`);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  const inList = listed.body.data.list.find((d) => d.deviceId === printerId);
  const detail = await get<Device>(t, admin, `detail/${printerId}`);
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  expect(inList).toBeDefined();
  return [inList as Device, detail.body.data];
}

async function renameItem(type: string, code: string, name: string, nameEn: string): Promise<void> {
  await t.ctx.db
    .updateTable('dictionary_items')
    .set({ name, name_en: nameEn })
    .where('type', '=', type)
    .where('code', '=', code)
    .execute();
}

describe('dictionary names in device replies', () => {
  it('shows the names of the device category, class and property type', async () => {
    const device = (await printerViews())[0] as Device;
    const item = (type: string, code: string | null) =>
      t.ctx.db
        .selectFrom('dictionary_items')
        .select(['name', 'name_en'])
        .where('type', '=', type)
        .where('code', '=', code ?? '')
        .executeTakeFirstOrThrow();
    const category = await item('CATEGORY_TYPE', device.deviceCategory);
    const deviceClass = await item('SUBCLASS_TYPE', device.deviceClass);
    expect(device).toMatchObject({
      categoryName: category.name,
      categoryNameEn: category.name_en,
      className: deviceClass.name,
      classNameEn: deviceClass.name_en,
    });
  });

  it('follows a renamed category and class at once, in the list and the detail', async () => {
    const [before] = await printerViews();
    const category = before?.deviceCategory as string;
    const deviceClass = before?.deviceClass as string;
    await renameItem('CATEGORY_TYPE', category, '打印设备（新）', 'Printing (new)');
    await renameItem('SUBCLASS_TYPE', deviceClass, '小票打印机（新）', 'Receipt printer (new)');
    for (const view of await printerViews()) {
      expect(view).toMatchObject({
        categoryName: '打印设备（新）',
        categoryNameEn: 'Printing (new)',
        className: '小票打印机（新）',
        classNameEn: 'Receipt printer (new)',
      });
    }
  });

  it('shows a property type renamed in a transaction only once it commits', async () => {
    const [before] = await printerViews();
    const property = before?.propertyType as string;
    const oldName = before?.propertyTypeName;
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('dictionary_items')
        .set({ name: '自有（改）' })
        .where('type', '=', 'PROPERTY_TYPE')
        .where('code', '=', property)
        .execute();
      // PostgreSQL: another pooled connection answers the reads and must not see the change yet.
      if (t.ctx.database.dialect === 'postgres') {
        for (const view of await printerViews()) expect(view.propertyTypeName).toBe(oldName);
      }
    });
    for (const view of await printerViews()) expect(view.propertyTypeName).toBe('自有（改）');
  });
});
