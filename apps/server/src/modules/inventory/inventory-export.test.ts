/**
 * `exportInventoryDevices` through HTTP on a real database: the list's filters, names instead of
 * codes, headers in the caller's language, and a record whose name starts with `=` written as text.
 */
import { InventoryEndpoints as E } from '@storefleet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { xlsxSheetOf } from '../../testing/xlsx-reply';
import { type DemoStore, demoStore } from '../devices/device-test-support';
import { upsertImportedRecords } from './inventory-import.repository';

let t: TestApp;
let admin: string;
let east: DemoStore;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  east = await demoStore(t, 'NW001', '华东大区');
  const now = Date.now();
  const record = (assetNo: string, deviceName: string) => ({
    company_id: east.companyId,
    shop_id: east.id,
    asset_no: assetNo,
    device_name: deviceName,
    device_brand: null,
    device_sn: null,
    device_system: null,
    connect_type: null,
    intranet_ip: null,
    mac_address: null,
    mac_key: null,
    model: null,
    specifications: null,
    device_category: 'print',
    device_class: 'receipt-printer',
    property_type: 'owned',
    service_life: null,
    custodian: '@boss',
    obtain_time: null,
    vin_no: null,
    inumber: null,
    status: 3,
    remark: null,
    index_no: null,
    created_by: 'test',
    created_at: now,
    updated_by: 'test',
    updated_at: now,
  });
  await t.ctx.db
    .transaction()
    .execute((trx) =>
      upsertImportedRecords(trx, east.id, [
        record('EXP-1', '=1+1'),
        record('EXP-2', 'plain'),
        record('OTHER-1', 'x'),
      ]),
    );
});
afterAll(async () => t.close());

async function exported(query: string, lang: 'zh' | 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${E.exportInventoryDevices.path}?${query}`,
    headers: { ...bearer(admin), 'accept-language': lang === 'en' ? 'en-US' : 'zh-CN' },
  });
  return xlsxSheetOf(res);
}

it('exports the filtered records with names, a formula-like name written as text', async () => {
  const { sheet, rows } = await exported(
    `shopIdStr=${east.id}&assetNo=EXP-&sortBy=assetNo&sortDirection=asc`,
    'en',
  );
  const header = rows[0] as string[];
  expect(header.slice(0, 4)).toEqual(['Store', 'Region', 'Asset number', 'Device name']);
  expect(rows).toHaveLength(3);
  const at = (title: string) => header.indexOf(title);
  const first = rows[1] as unknown[];
  expect(first[at('Asset number')]).toBe('EXP-1');
  expect(first[at('Device name')]).toBe("'=1+1");
  expect(first[at('Custodian')]).toBe("'@boss");
  expect(first[at('Category')]).toBe('Printers');
  expect(first[at('Class')]).toBe('Receipt printer');
  expect(first[at('Property type')]).toBe('Owned');
  expect(first[at('Property status')]).toBe('Faulty');
  expect((rows[2] as unknown[])[at('Asset number')]).toBe('EXP-2');
  sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
});

it('writes the header and names in Chinese for the Chinese console', async () => {
  const { rows } = await exported(`shopIdStr=${east.id}&assetNo=EXP-1`, 'zh');
  const header = rows[0] as string[];
  expect(header).toContain('资产编号');
  const row = rows[1] as unknown[];
  expect(row[header.indexOf('设备大类')]).toBe('打印设备');
  expect(row[header.indexOf('资产状态')]).toBe('故障');
});

it('refuses a bad filter with 400 before any file is sent', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${E.exportInventoryDevices.path}?sortBy=password`,
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(400);
});
