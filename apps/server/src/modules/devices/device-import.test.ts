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
} from '../../files/spreadsheet-test-support';
import { bearer, createTestApp, envelopeOf, type TestApp, withoutLanguage } from '../../testing/test-app';
import { TEMPLATE_COLUMNS } from './device-template';
import { type DemoStore, demoStore } from './device-test-support';

let t: TestApp;
let admin: string;
let operator: string;
let east: DemoStore;
let harbor: DemoStore;
let west: DemoStore;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  east = await demoStore(t, 'NW001', '华东大区');
  harbor = await demoStore(t, 'HL001', '华中大区');
  west = await demoStore(t, 'NW001', '华南大区');
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

/**
 * The template with `rows` (values by column key) written from `firstRow` on: from row 3 the example
 * row stays as shipped; from row 2 the first row overwrites it (its other cells cleared).
 */
async function filled(rows: Array<Record<string, ExcelJS.CellValue>>, firstRow = 3): Promise<Buffer> {
  const workbook = await template();
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  rows.forEach((values, r) => {
    TEMPLATE_COLUMNS.forEach((column, c) => {
      sheet.getCell(firstRow + r, c + 1).value = values[column.key] ?? null;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface ImportReply {
  imported: number;
  deviceIds: number[];
  rejected: Array<{ row: number; cells: string[]; errors: Array<{ field: string; message: string }> }>;
  report: string | null;
}

function upload(token: string, shopId: number, bytes: Buffer, english = true) {
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
    headers: {
      ...(english ? bearer(token) : withoutLanguage(bearer(token))),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
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
      await filled([
        printer,
        { ...printer, hostid: 'imp-2', deviceName: '=1+1 label', intranetIp: '127.0.9.2' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(envelopeOf<ImportReply>(res).data).toMatchObject({ imported: 2, rejected: [], report: null });
    expect(await storeDeviceCount(east.id)).toBe(before + 2);
    const row = await t.ctx.db
      .selectFrom('devices')
      .select(['device_name', 'parent_device_id', 'port'])
      .where('hostid', '=', 'imp-2')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ device_name: '=1+1 label', parent_device_id: east.boxId, port: 161 });
  });

  it('imports the good rows and reports the rejected ones with their cells', async () => {
    const before = await storeDeviceCount(east.id);
    const res = await upload(
      admin,
      east.id,
      await filled([
        { ...printer, hostid: 'imp-ok', intranetIp: '127.0.9.3' },
        { ...printer, hostid: 'imp-bad', macAddress: '00:11:22:33:44', intranetIp: '127.0.9.4' },
        { ...printer, hostid: 'imp-formula', deviceName: { formula: '1+1' }, intranetIp: '127.0.9.5' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const reply = envelopeOf<ImportReply>(res).data;
    expect(reply.imported).toBe(1);
    expect(reply.rejected.map(({ row, errors }) => ({ row, errors }))).toEqual([
      { row: 4, errors: [{ field: 'macAddress', message: 'Invalid MAC address' }] },
      { row: 5, errors: [{ field: 'deviceName', message: 'must be a value, not a formula' }] },
    ]);
    expect(reply.rejected[0]?.cells[TEMPLATE_COLUMNS.findIndex((c) => c.key === 'hostid')]).toBe('imp-bad');
    expect(await storeDeviceCount(east.id)).toBe(before + 1);
  });

  it('takes an overwritten example row as data and skips it only when unchanged', async () => {
    const overwritten = await upload(
      admin,
      east.id,
      await filled([{ ...printer, hostid: 'imp-row2', intranetIp: '127.0.9.6' }], 2),
    );
    expect(overwritten.statusCode, overwritten.body).toBe(200);
    expect(envelopeOf<ImportReply>(overwritten).data.imported).toBe(1);
    const row = await t.ctx.db
      .selectFrom('devices')
      .select('shop_id')
      .where('hostid', '=', 'imp-row2')
      .executeTakeFirstOrThrow();
    expect(row.shop_id).toBe(east.id);
    // The shipped template alone (example row unchanged) holds no device to import.
    const untouched = await upload(admin, east.id, await filled([]));
    expect(untouched.statusCode).toBe(400);
    expect(envelopeOf(untouched).message).toContain('holds no device rows');
  });

  it('rejects a hostid, MAC or IP already registered or repeated in the file', async () => {
    const taken = await t.ctx.db
      .selectFrom('devices')
      .select(['hostid', 'device_name'])
      .where('shop_id', '=', west.id)
      .executeTakeFirstOrThrow();
    const storeDevice = await t.ctx.db
      .selectFrom('devices')
      .select(['mac_address', 'device_name'])
      .where('shop_id', '=', east.id)
      .where('mac_address', 'is not', null)
      .executeTakeFirstOrThrow();
    const before = await storeDeviceCount(east.id);
    const res = await upload(
      admin,
      east.id,
      await filled([
        { ...printer, hostid: taken.hostid, intranetIp: '127.0.9.7' },
        { ...printer, hostid: 'imp-dup', intranetIp: '127.0.9.8', macAddress: storeDevice.mac_address },
        { ...printer, hostid: 'imp-first', intranetIp: '127.0.9.9', macAddress: '02:00:00:00:09:09' },
        { ...printer, hostid: 'imp-first', intranetIp: '127.0.9.9', macAddress: '02-00-00-00-09-09' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const reply = envelopeOf<ImportReply>(res).data;
    expect(reply.imported).toBe(1);
    expect(reply.rejected.map(({ row, errors }) => ({ row, errors }))).toEqual([
      {
        row: 3,
        errors: [
          { field: 'hostid', message: `is already used by device "${taken.device_name}" in this company` },
        ],
      },
      {
        row: 4,
        errors: [
          {
            field: 'macAddress',
            message: `is already used by device "${storeDevice.device_name}" in this store`,
          },
        ],
      },
      {
        row: 6,
        errors: [
          { field: 'hostid', message: 'repeats row 5' },
          { field: 'macAddress', message: 'repeats row 5' },
          { field: 'intranetIp', message: 'repeats row 5' },
        ],
      },
    ]);
    expect(await storeDeviceCount(east.id)).toBe(before + 1);
  });

  it('reports in Chinese for the Chinese console, with a workbook of the rejected rows and their errors', async () => {
    const res = await upload(
      admin,
      east.id,
      await filled([
        { ...printer, hostid: 'imp-zh', deviceName: '=HYPERLINK("x")', intranetIp: 'not-an-ip' },
        { ...printer, hostid: 'imp-zh-ok', intranetIp: '127.0.9.10' },
      ]),
      false,
    );
    expect(res.statusCode, res.body).toBe(200);
    const reply = envelopeOf<ImportReply>(res).data;
    expect(reply.imported).toBe(1);
    expect(reply.rejected).toEqual([
      {
        row: 3,
        cells: expect.any(Array),
        errors: [{ field: 'intranetIp', message: 'IP 地址无效' }],
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(reply.report ?? '', 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const errorColumn = TEMPLATE_COLUMNS.length + 1;
    expect(String(sheet.getCell(1, errorColumn).value)).toContain('错误');
    expect(String(sheet.getCell(1, 1).value)).toContain('deviceName');
    expect(sheet.getCell(2, 1).value).toBe('\'=HYPERLINK("x")');
    expect(sheet.getCell(2, TEMPLATE_COLUMNS.findIndex((c) => c.key === 'hostid') + 1).value).toBe('imp-zh');
    expect(sheet.getCell(2, errorColumn).value).toBe('第 3 行 intranetIp：IP 地址无效');
    expect(sheet.rowCount).toBe(2);
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
        // Each its own address: an intranet IP may not repeat within the store.
        if (c.key === 'intranetIp') return `127.0.${20 + Math.floor(i / 250)}.${(i % 250) + 1}`;
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
