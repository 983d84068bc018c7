import { AuthEndpoints, DeviceEndpoints, fillPath } from '@storefleet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CONTENT_TYPES,
  deflatedPart,
  measured,
  workbookOf,
  zerosBomb,
  zipOf,
} from '../../http/spreadsheet-test-support';
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

describe('device import of hostile or oversized workbooks', () => {
  // The bounds for refusing a hostile file; generous for a loaded machine, far below a bomb.
  const REFUSED_WITHIN_MS = 2000;
  const REFUSED_WITHIN_BYTES = 64 * 1024 * 1024;

  function me(token: string) {
    return t.app.inject({ method: 'GET', url: AuthEndpoints.me.path, headers: bearer(token) });
  }

  /** Template rows (from row 3) for `count` printers with host ids `<prefix>-<n>`. */
  function printerRows(count: number, prefix: string): string[][] {
    const header = TEMPLATE_COLUMNS.map((c) => c.key);
    const rows = Array.from({ length: count }, (_, i) =>
      TEMPLATE_COLUMNS.map((c) => {
        if (c.key === 'hostid') return `${prefix}-${i}`;
        const value = printer[c.key as keyof typeof printer];
        return value ?? '';
      }),
    );
    return [header, header.map(() => ''), ...rows];
  }

  it('refuses a 2 GB zip bomb in under 2 s and 64 MB while other requests keep answering', async () => {
    const before = await storeDeviceCount(east.id);
    const { result, peakBytes, ms } = await measured(async () => {
      const [bomb, ...others] = await Promise.all([
        upload(admin, east.id, zerosBomb(1900)),
        me(admin),
        me(operator),
      ]);
      return { bomb, others };
    });
    expect(result.bomb.statusCode).toBe(413);
    expect(envelopeOf(result.bomb)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      ok: false,
      message: expect.stringMatching(/^file: unpacks to 1\.9 GiB, more than the 16 MiB/),
    });
    expect(result.others.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
    expect(peakBytes).toBeLessThan(REFUSED_WITHIN_BYTES);
    expect(await storeDeviceCount(east.id)).toBe(before);
  });

  it('stops a workbook whose header lies about its size, within the same bounds', async () => {
    const { result, peakBytes, ms } = await measured(() => upload(admin, east.id, zerosBomb(1900, 40_000)));
    expect(result.statusCode).toBe(400);
    expect(envelopeOf(result).message).toMatch(
      /^file: is damaged: part xl\/worksheets\/sheet1\.xml does not unpack/,
    );
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
    expect(peakBytes).toBeLessThan(REFUSED_WITHIN_BYTES);
  });

  it('refuses a zip that is not a spreadsheet, saying what to upload instead', async () => {
    const document = zipOf([
      deflatedPart('[Content_Types].xml', CONTENT_TYPES),
      deflatedPart('word/document.xml', '<w:document/>'),
    ]);
    const res = await upload(admin, east.id, document);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'file: is a zip archive but not an Excel workbook (it has no xl/workbook.xml, xl/_rels/workbook.xml.rels); open it in Excel or WPS, save it as "Excel Workbook (*.xlsx)" and upload that file',
      data: { fields: [{ field: 'file' }] },
    });
  });

  it('refuses more than 1000 device rows and writes none of them', async () => {
    const before = await storeDeviceCount(east.id);
    const res = await upload(admin, east.id, workbookOf(printerRows(1001, 'cap')));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf<{ rows: unknown[] }>(res).data.rows).toEqual([
      { row: 1003, field: 'file', message: 'must hold at most 1000 device rows' },
    ]);
    expect(await storeDeviceCount(east.id)).toBe(before);
  });

  it('parses before its transaction, so other requests answer during a 1000-row import', async () => {
    const before = await storeDeviceCount(east.id);
    let importing = true;
    const imported = upload(admin, east.id, workbookOf(printerRows(1000, 'bulk'))).finally(() => {
      importing = false;
    });
    // On SQLite a transaction holds the one connection: had parsing run inside it, these would wait.
    let answeredDuringImport = 0;
    while (importing) {
      const res = await me(admin);
      expect(res.statusCode).toBe(200);
      if (importing) answeredDuringImport++;
    }
    const res = await imported;
    expect(res.statusCode, res.body).toBe(200);
    expect(envelopeOf<{ imported: number }>(res).data.imported).toBe(1000);
    expect(await storeDeviceCount(east.id)).toBe(before + 1000);
    expect(answeredDuringImport).toBeGreaterThanOrEqual(5);
  });
});
