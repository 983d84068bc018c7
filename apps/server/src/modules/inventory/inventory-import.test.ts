/**
 * The inventory import through HTTP on a real database (SQLite, or PostgreSQL with TEST_DB=postgres):
 * the template filled as a user would, wrong rows reported exactly and nothing written, dry run,
 * partial, update by asset number, duplicates in the file and against the store, hostile files, and
 * other requests answered while a large import runs. Every workbook is built here.
 */
import { randomBytes } from 'node:crypto';

import {
  DeviceEndpoints,
  InventoryEndpoints as E,
  fillPath,
  type InventoryImportResult,
} from '@storefleet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  deflatedPart,
  sheetXml,
  workbookOf,
  workbookParts,
  zerosBomb,
  zipOf,
} from '../../http/spreadsheet-test-support';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { type DemoStore, demoStore } from '../devices/device-test-support';
import { IMPORT_COLUMNS } from './inventory-columns';
import { IMPORT_WORKER_LIMITS } from './inventory-import-worker';

let t: TestApp;
let admin: string;
let east: DemoStore;
let south: DemoStore;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  east = await demoStore(t, 'NW001', '华东大区');
  south = await demoStore(t, 'NW001', '华南大区');
});
afterAll(async () => t.close());

async function template(lang: 'zh' | 'en'): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({
    method: 'GET',
    url: E.downloadExcelTemplate.path,
    headers: { ...bearer(admin), 'accept-language': lang === 'en' ? 'en-US' : 'zh-CN' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

type Cells = Record<string, ExcelJS.CellValue>;

/** The downloaded template with `rows` written from row 3 (the example row 2 stays as shipped). */
async function filled(rows: readonly Cells[], lang: 'zh' | 'en' = 'en'): Promise<Buffer> {
  const workbook = await template(lang);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  rows.forEach((cells, r) => {
    IMPORT_COLUMNS.forEach((column, c) => {
      sheet.getCell(3 + r, c + 1).value = cells[column.key] ?? null;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(shopId: number, bytes: Buffer, query = '', lang: 'zh' | 'en' = 'en') {
  const boundary = 'storefleet-inventory-import';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="assets.xlsx"\r\n`),
    Buffer.from('Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${fillPath(E.importExcelInventory.path, { shopId })}${query}`,
    headers: {
      ...bearer(admin),
      'accept-language': lang === 'en' ? 'en-US' : 'zh-CN',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

async function imported(shopId: number, bytes: Buffer, query = '', lang: 'zh' | 'en' = 'en') {
  const res = await upload(shopId, bytes, query, lang);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<InventoryImportResult>(res).data;
}

async function records(prefix: string) {
  return t.ctx.db
    .selectFrom('inventory_records')
    .selectAll()
    .where('asset_no', 'like', `${prefix}%`)
    .orderBy('asset_no')
    .execute();
}

let serial = 0;
/** A good row; every identifier unique to this test run. */
function asset(prefix: string, i: number, overrides: Cells = {}): Cells {
  serial++;
  const hex = serial.toString(16).padStart(6, '0');
  return {
    assetNo: `${prefix}-${String(i).padStart(4, '0')}`,
    deviceName: `Asset ${i}`,
    deviceCategory: 'Terminals',
    deviceClass: i % 2 === 0 ? 'PC' : 'pos',
    deviceSn: `${prefix}-SN-${hex}`,
    macAddress: `02:aa:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}:${(i % 256).toString(16).padStart(2, '0')}`,
    propertyType: 'Owned',
    status: 'Normal',
    serviceLife: 5,
    obtainTime: new Date(Date.UTC(2024, 2, 1)),
    ...overrides,
  };
}

describe('inventory import: the new user path', () => {
  it('1,000 rows with some wrong: exactly those reported, nothing written; fixed, all imported', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => asset('U1', i));
    rows[10] = { ...rows[10], macAddress: 'aa:bb:cc' }; // row 13
    rows[500] = { ...rows[500], deviceCategory: 'Spaceships' }; // row 503
    rows[998] = { ...rows[998], assetNo: 'U1-0003' }; // row 1001 repeats row 6
    const res = await imported(east.id, await filled(rows));
    expect(res.written).toBe(false);
    expect(res.rejected.map((r) => r.row)).toEqual([13, 503, 1001]);
    expect(res.rejected[0]?.errors).toEqual([
      { column: 'MAC address', message: expect.stringContaining('Invalid MAC address') },
    ]);
    expect(res.rejected[1]?.errors[0]).toMatchObject({
      column: 'Category',
      message: expect.stringContaining('not in the dictionary'),
    });
    expect(res.rejected[2]?.errors[0]).toEqual({ column: 'Asset number', message: 'repeats row 6' });
    expect(res.rejected[0]?.cells[IMPORT_COLUMNS.findIndex((c) => c.key === 'macAddress')]).toBe('aa:bb:cc');
    expect(res.report).not.toBeNull();
    expect(await records('U1-')).toHaveLength(0);

    // The report opens as a workbook: the rows as sent plus the reasons.
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(Buffer.from(res.report as string, 'base64') as unknown as ArrayBuffer);
    const sheet = report.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(4);
    expect(String(sheet.getCell(2, sheet.getRow(1).cellCount).value)).toContain('MAC address');

    // Dry run of the fixed file: what would be added, nothing written.
    rows[10] = { ...rows[10], macAddress: '02:bb:00:00:00:10' };
    rows[500] = { ...rows[500], deviceCategory: 'Terminals' };
    rows[998] = { ...rows[998], assetNo: 'U1-0998' };
    const fixed = await filled(rows);
    const dry = await imported(east.id, fixed, '?dryRun=1');
    expect(dry).toMatchObject({ written: false, added: 1000, updated: 0, rejected: [], report: null });
    expect(await records('U1-')).toHaveLength(0);

    const done = await imported(east.id, fixed);
    expect(done).toMatchObject({ written: true, added: 1000, updated: 0, rejected: [] });
    const stored = await records('U1-');
    expect(stored).toHaveLength(1000);
    expect(stored[0]).toMatchObject({
      shop_id: east.id,
      company_id: east.companyId,
      device_category: 'terminal',
      device_class: 'pc',
      property_type: 'owned',
      status: 1,
      service_life: 5,
      obtain_time: '2024-03-01',
      is_network_device: 0,
      bound_device_id: null,
    });
    expect(stored[0]?.mac_key).toMatch(/^[0-9a-f]{12}$/);
  }, 240_000);
});

describe('inventory import: rules', () => {
  it('reports in the caller language (Chinese titles and reasons)', async () => {
    const res = await imported(
      east.id,
      await filled([asset('ZH', 1, { intranetIp: '999.1.1.1' })], 'zh'),
      '',
      'zh',
    );
    expect(res.written).toBe(false);
    expect(res.rejected[0]?.errors).toEqual([{ column: '内网IP', message: 'IP 地址无效（IPv4 或 IPv6）' }]);
  });

  it('partial=1 writes the good rows and reports the rest', async () => {
    const rows = [asset('P1', 1), asset('P1', 2, { serviceLife: 'five' }), asset('P1', 3)];
    const res = await imported(east.id, await filled(rows), '?partial=1');
    expect(res).toMatchObject({ written: true, added: 2, updated: 0 });
    expect(res.rejected.map((r) => [r.row, r.errors[0]?.column])).toEqual([[4, 'Service life (years)']]);
    expect((await records('P1-')).map((r) => r.asset_no)).toEqual(['P1-0001', 'P1-0003']);
  });

  it('an existing asset number of the store updates that record, keeping its binding and flags', async () => {
    await imported(east.id, await filled([asset('UP', 1), asset('UP', 2)]));
    const [first] = await records('UP-');
    await t.ctx.db
      .updateTable('inventory_records')
      .set({ is_network_device: 1, images: '["a.png"]' })
      .where('id', '=', first?.id as number)
      .execute();
    const res = await imported(
      east.id,
      await filled([
        asset('UP', 1, { deviceName: 'Renamed', status: 'Faulty', custodian: 'Li' }),
        asset('UP', 3),
      ]),
    );
    expect(res).toMatchObject({ written: true, added: 1, updated: 1, rejected: [] });
    const after = await records('UP-');
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({
      id: first?.id,
      device_name: 'Renamed',
      status: 3,
      custodian: 'Li',
      is_network_device: 1,
      images: '["a.png"]',
      created_at: first?.created_at,
    });
  });

  it('refuses an asset number of another store (naming it) and a MAC or SN held by another record of the store', async () => {
    await imported(south.id, await filled([asset('OS', 1)]));
    const holder = asset('ST', 1);
    await imported(east.id, await filled([holder]));
    const res = await imported(
      east.id,
      await filled([
        asset('OS', 1),
        asset('ST', 2, { macAddress: String(holder.macAddress).toUpperCase().replace(/:/g, '-') }),
        asset('ST', 3, { deviceSn: holder.deviceSn }),
      ]),
    );
    expect(res.written).toBe(false);
    const southName = await t.ctx.db
      .selectFrom('stores')
      .select('store_name')
      .where('id', '=', south.id)
      .executeTakeFirstOrThrow();
    expect(res.rejected.map((r) => r.errors)).toEqual([
      [{ column: 'Asset number', message: expect.stringContaining(`"${southName.store_name}"`) }],
      [{ column: 'MAC address', message: 'is already used by asset ST-0001 of this store' }],
      [{ column: 'Device SN', message: 'is already used by asset ST-0001 of this store' }],
    ]);
    expect(await records('ST-')).toHaveLength(1);
    expect((await records('OS-'))[0]?.shop_id).toBe(south.id);
  });

  it('wrong types, formula cells and a 10 MB cell are row errors; nothing written', async () => {
    const huge = randomBytes(7.5 * 1024 * 1024).toString('base64'); // 10 MB of text that does not compress
    const res = await imported(
      east.id,
      await filled([
        asset('BAD', 1, { serviceLife: 2.5, obtainTime: 'yesterday' }),
        asset('BAD', 2, {
          deviceName: { formula: 'CONCAT("a","b")', result: 'ab' } as ExcelJS.CellFormulaValue,
        }),
        asset('BAD', 3, { remark: huge }),
        asset('BAD', 4),
      ]),
    );
    expect(res.written).toBe(false);
    expect(res.rejected.map((r) => [r.row, r.errors.map((e) => e.column)])).toEqual([
      [3, ['Service life (years)', 'Date obtained']],
      [4, ['Device name']],
      [5, ['Remark']],
    ]);
    expect(res.rejected[1]?.errors[0]?.message).toContain('not a formula');
    expect(res.rejected[2]?.errors[0]?.message).toContain('at most 500 characters');
    expect(res.rejected[2]?.cells.every((c) => c.length <= 32_767)).toBe(true);
    expect(await records('BAD-')).toHaveLength(0);
  }, 120_000);

  it('refuses a reordered header missing a required column, a file that is not .xlsx, and a zip bomb', async () => {
    const missing = await upload(
      east.id,
      workbookOf([
        ['Device name', 'Asset number', 'Class'],
        ['x', 'M-1', 'pc'],
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('"Category"');
    const notXlsx = await upload(east.id, Buffer.from('assetNo,deviceName\nA,B\n'));
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().message).toContain('not an Excel workbook');
    const bomb = await upload(east.id, zerosBomb(600));
    expect(bomb.statusCode).toBe(413);
    expect(await records('M-')).toHaveLength(0);
  });

  it('answers 404 for a store outside the caller scope before reading the file', async () => {
    const other = await t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '!=', east.companyId)
      .executeTakeFirstOrThrow();
    const res = await upload(other.id, await filled([asset('X', 1)]));
    expect(res.statusCode).toBe(404);
  });
});

describe('inventory import: large files', () => {
  it('refuses more than 100,000 rows with a 400 and writes nothing', async () => {
    const rows: string[][] = [['Asset number', 'Device name', 'Category', 'Class']];
    for (let i = 0; i <= 100_000; i++) rows.push([`BIG-${i}`, `n${i % 97}`, 'terminal', 'pc']);
    const res = await upload(east.id, workbookOf(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('more than 100000 data rows');
    expect(await records('BIG-')).toHaveLength(0);
  }, 300_000);

  it('a wrong row after thousands of good ones: nothing written; with partial=1 every good row', async () => {
    // Far more rows than one part (PART_ROWS): on PostgreSQL the first parts are written while the file
    // is still read, and the wrong row near the end must take them back.
    const rows: string[][] = [['Asset number', 'Device name', 'Category', 'Class']];
    for (let i = 0; i < 5_000; i++)
      rows.push([
        `LATE-${String(i).padStart(4, '0')}`,
        `Late ${i}`,
        i === 4_900 ? 'no such category' : 'terminal',
        'pc',
      ]);
    const refused = await imported(east.id, workbookOf(rows));
    expect(refused).toMatchObject({ written: false, added: 4_999 });
    expect(refused.rejected.map((r) => [r.row, r.errors[0]?.column])).toEqual([[4_902, 'Category']]);
    expect(await records('LATE-')).toHaveLength(0);
    const partial = await imported(east.id, workbookOf(rows), '?partial=1');
    expect(partial).toMatchObject({ written: true, added: 4_999, updated: 0 });
    const written = await records('LATE-');
    expect(written).toHaveLength(4_999);
    expect(written.some((r) => r.asset_no === 'LATE-4900')).toBe(false);
  }, 300_000);

  it('a large sheet whose checksum is wrong is refused once read to its end, and nothing is written', async () => {
    // Over 1 MiB of sheet XML: inflated once while read, its checksum compared at its end — on
    // PostgreSQL after the first parts were written, which the refusal must take back.
    const rows: string[][] = [['Asset number', 'Device name', 'Category', 'Class']];
    for (let i = 0; i < 6_000; i++)
      rows.push([`CRC-${String(i).padStart(4, '0')}`, `Sum ${i}`, 'terminal', 'pc']);
    const sheet = deflatedPart('xl/worksheets/sheet1.xml', sheetXml(rows));
    expect(sheet.size).toBeGreaterThan(1024 * 1024);
    const damaged = zipOf(workbookParts([{ file: 1, xml: { ...sheet, crc32: (sheet.crc32 + 1) >>> 0 } }]));
    const res = await upload(east.id, damaged);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('is damaged (xl/worksheets/sheet1.xml (checksum))');
    expect(await records('CRC-')).toHaveLength(0);
    // The same rows, intact: every one imported.
    expect(await imported(east.id, zipOf(workbookParts([{ file: 1, xml: sheet }])))).toMatchObject({
      written: true,
      added: 6_000,
    });
  }, 300_000);

  it('a file that needs more memory than an import may use is a 413, and the server goes on', async () => {
    const rows: string[][] = [['Asset number', 'Device name', 'Category', 'Class']];
    for (let i = 0; i < 20_000; i++) rows.push([`OOM-${i}`, `Memory ${i}`, 'terminal', 'pc']);
    const limits = { ...IMPORT_WORKER_LIMITS };
    // The reading thread's memory cut far below what this file needs.
    Object.assign(IMPORT_WORKER_LIMITS, { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 });
    try {
      const res = await upload(east.id, workbookOf(rows));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toContain('needs more memory to read than one import may use');
      expect(res.json().message).toContain('split it into several smaller files');
    } finally {
      Object.assign(IMPORT_WORKER_LIMITS, limits);
    }
    expect(await records('OOM-')).toHaveLength(0);
    // The same file with the normal limits: the server is still there and imports it.
    expect(await imported(east.id, workbookOf(rows))).toMatchObject({ written: true, added: 20_000 });
  }, 300_000);

  it('other requests are answered while a 50,000-row import runs', async () => {
    const rows: string[][] = [['Asset number', 'Device name', 'Category', 'Class', 'MAC address']];
    for (let i = 0; i < 50_000; i++) {
      const hex = i.toString(16).padStart(6, '0');
      rows.push([
        `L-${String(i).padStart(6, '0')}`,
        `Load ${i}`,
        'terminal',
        'pc',
        `06:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4)}`,
      ]);
    }
    let importing = true;
    const running = upload(east.id, workbookOf(rows)).finally(() => {
      importing = false;
    });
    let answered = 0;
    while (importing) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${DeviceEndpoints.listDevices.path}?pageNum=1&pageSize=10`,
        headers: bearer(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      if (importing) answered++;
    }
    const res = await running;
    expect(res.statusCode, res.body).toBe(200);
    expect(envelopeOf<InventoryImportResult>(res).data).toMatchObject({
      written: true,
      added: 50_000,
      rejected: [],
    });
    expect(answered).toBeGreaterThanOrEqual(5);
    const count = await t.ctx.db
      .selectFrom('inventory_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('asset_no', 'like', 'L-%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(50_000);
  }, 600_000);
});
