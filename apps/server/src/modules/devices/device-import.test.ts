import { DeviceEndpoints, fillPath } from '@storefleet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { TEMPLATE_COLUMNS } from './device-template';
import { type DemoStore, demoStore } from './device-test-support';

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

async function template(): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({
    method: 'GET',
    url: DeviceEndpoints.downloadExcelTemplate.path,
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** The template with `rows` (values by column key) written from row 3 on. */
async function filled(rows: Array<Record<string, ExcelJS.CellValue>>): Promise<Buffer> {
  const workbook = await template();
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  rows.forEach((values, r) => {
    TEMPLATE_COLUMNS.forEach((column, c) => {
      const value = values[column.key];
      if (value !== undefined) sheet.getCell(3 + r, c + 1).value = value;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(token: string, shopId: number, bytes: Buffer) {
  const boundary = 'storefleet-device-import';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="devices.xlsx"\r\n`),
    Buffer.from('Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: fillPath(DeviceEndpoints.importExcel.path, { shopId }),
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const printer = {
  deviceName: 'Imported printer',
  hostid: 'imp-1',
  productId: '5-打印机',
  connectType: '4-Ping',
  deviceSystem: '3-其他',
  deviceBrand: 'Epson',
  model: 'TM-m30II',
  deviceCategory: 'print',
  deviceClass: 'receipt-printer',
  intranetIp: '127.0.9.1',
};

async function storeDeviceCount(shopId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('device import template', () => {
  it('is a workbook with the column headers, an example row and drop-down lists', async () => {
    const sheet = (await template()).worksheets[0] as ExcelJS.Worksheet;
    const headers = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
    expect(headers).toHaveLength(TEMPLATE_COLUMNS.length);
    expect(headers[0]).toContain('deviceName');
    expect(sheet.getCell(2, 1).value).toBeTruthy();
    const productColumn = TEMPLATE_COLUMNS.findIndex((c) => c.key === 'productId') + 1;
    const validation = sheet.getCell(3, productColumn).dataValidation;
    expect(validation.type).toBe('list');
    expect(String(validation.formulae?.[0])).toContain('1-AI盒子');
  });
});

describe('device import', () => {
  it('imports every row under the store box, keeping cell text as typed', async () => {
    const before = await storeDeviceCount(east.id);
    const res = await upload(
      admin,
      east.id,
      await filled([printer, { ...printer, hostid: 'imp-2', deviceName: '=1+1 label' }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(envelopeOf<{ imported: number }>(res).data.imported).toBe(2);
    expect(await storeDeviceCount(east.id)).toBe(before + 2);
    const row = await t.ctx.db
      .selectFrom('devices')
      .select(['device_name', 'parent_device_id', 'port'])
      .where('hostid', '=', 'imp-2')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ device_name: '=1+1 label', parent_device_id: east.boxId, port: 161 });
  });

  it('writes nothing and reports the row when any row is bad', async () => {
    const before = await storeDeviceCount(east.id);
    const res = await upload(
      admin,
      east.id,
      await filled([
        printer,
        { ...printer, hostid: 'imp-bad', macAddress: '00:11:22:33:44' },
        { ...printer, deviceName: { formula: '1+1' } },
      ]),
    );
    expect(res.statusCode).toBe(400);
    const rows = envelopeOf<{ rows: Array<{ row: number; field: string; message: string }> }>(res).data.rows;
    expect(rows).toEqual([
      { row: 4, field: 'macAddress', message: 'Invalid MAC address' },
      { row: 5, field: 'deviceName', message: 'must be a value, not a formula' },
    ]);
    expect(await storeDeviceCount(east.id)).toBe(before);
  });

  it("refuses another company's store and callers without the import button", async () => {
    const bytes = await filled([printer]);
    expect((await upload(admin, harbor.id, bytes)).statusCode).toBe(404);
    expect((await upload(operator, east.id, bytes)).statusCode).toBe(403);
    expect(await storeDeviceCount(harbor.id)).toBeGreaterThan(0);
  });

  it('refuses a file that is not a workbook', async () => {
    const res = await upload(admin, east.id, Buffer.from('deviceName,hostid\nx,y\n'));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('file');
  });
});
