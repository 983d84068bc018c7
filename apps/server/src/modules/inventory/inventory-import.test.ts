/**
 * The inventory import through HTTP on a real database (SQLite, or PostgreSQL with TEST_DB=postgres):
 * the template filled as a user would, wrong rows reported exactly and nothing written, dry run,
 * partial, update by asset number, duplicates in the file and against the store, hostile cells and
 * files. Large files: inventory-import-large.test.ts.
 */
import { randomBytes } from 'node:crypto';

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { workbookOf, zerosBomb } from '../../files/spreadsheet-test-support';
import { IMPORT_COLUMNS } from './inventory-columns';
import { type ImportTestApp, openImportTestApp } from './inventory-import-test-support';

let app: ImportTestApp;

beforeAll(async () => {
  app = await openImportTestApp();
});
afterAll(async () => app.t.close());

describe('inventory import: the new user path', () => {
  it('1,000 rows with some wrong: exactly those reported, nothing written; fixed, all imported', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => app.asset('U1', i));
    rows[10] = { ...rows[10], macAddress: 'aa:bb:cc' }; // row 13
    rows[500] = { ...rows[500], deviceCategory: 'Spaceships' }; // row 503
    rows[998] = { ...rows[998], assetNo: 'U1-0003' }; // row 1001 repeats row 6
    const res = await app.imported(app.east.id, await app.filled(rows));
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
    expect(await app.records('U1-')).toHaveLength(0);

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
    const fixed = await app.filled(rows);
    const dry = await app.imported(app.east.id, fixed, '?dryRun=1');
    expect(dry).toMatchObject({ written: false, added: 1000, updated: 0, rejected: [], report: null });
    expect(await app.records('U1-')).toHaveLength(0);

    const done = await app.imported(app.east.id, fixed);
    expect(done).toMatchObject({ written: true, added: 1000, updated: 0, rejected: [] });
    const stored = await app.records('U1-');
    expect(stored).toHaveLength(1000);
    expect(stored[0]).toMatchObject({
      shop_id: app.east.id,
      company_id: app.east.companyId,
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
    const res = await app.imported(
      app.east.id,
      await app.filled([app.asset('ZH', 1, { intranetIp: '999.1.1.1' })], 'zh'),
      '',
      'zh',
    );
    expect(res.written).toBe(false);
    expect(res.rejected[0]?.errors).toEqual([{ column: '内网IP', message: 'IP 地址无效（IPv4 或 IPv6）' }]);
  });

  it('partial=1 writes the good rows and reports the rest', async () => {
    const rows = [app.asset('P1', 1), app.asset('P1', 2, { serviceLife: 'five' }), app.asset('P1', 3)];
    const res = await app.imported(app.east.id, await app.filled(rows), '?partial=1');
    expect(res).toMatchObject({ written: true, added: 2, updated: 0 });
    expect(res.rejected.map((r) => [r.row, r.errors[0]?.column])).toEqual([[4, 'Service life (years)']]);
    expect((await app.records('P1-')).map((r) => r.asset_no)).toEqual(['P1-0001', 'P1-0003']);
  });

  it('an existing asset number of the store updates that record, keeping its binding and flags', async () => {
    await app.imported(app.east.id, await app.filled([app.asset('UP', 1), app.asset('UP', 2)]));
    const [first] = await app.records('UP-');
    await app.t.ctx.db
      .updateTable('inventory_records')
      .set({ is_network_device: 1, images: '["a.png"]' })
      .where('id', '=', first?.id as number)
      .execute();
    const res = await app.imported(
      app.east.id,
      await app.filled([
        app.asset('UP', 1, { deviceName: 'Renamed', status: 'Faulty', custodian: 'Li' }),
        app.asset('UP', 3),
      ]),
    );
    expect(res).toMatchObject({ written: true, added: 1, updated: 1, rejected: [] });
    const after = await app.records('UP-');
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
    await app.imported(app.south.id, await app.filled([app.asset('OS', 1)]));
    const holder = app.asset('ST', 1);
    await app.imported(app.east.id, await app.filled([holder]));
    const res = await app.imported(
      app.east.id,
      await app.filled([
        app.asset('OS', 1),
        app.asset('ST', 2, { macAddress: String(holder.macAddress).toUpperCase().replace(/:/g, '-') }),
        app.asset('ST', 3, { deviceSn: holder.deviceSn }),
      ]),
    );
    expect(res.written).toBe(false);
    const southName = await app.t.ctx.db
      .selectFrom('stores')
      .select('store_name')
      .where('id', '=', app.south.id)
      .executeTakeFirstOrThrow();
    expect(res.rejected.map((r) => r.errors)).toEqual([
      [{ column: 'Asset number', message: expect.stringContaining(`"${southName.store_name}"`) }],
      [{ column: 'MAC address', message: 'is already used by asset ST-0001 of this store' }],
      [{ column: 'Device SN', message: 'is already used by asset ST-0001 of this store' }],
    ]);
    expect(await app.records('ST-')).toHaveLength(1);
    expect((await app.records('OS-'))[0]?.shop_id).toBe(app.south.id);
  });

  it('wrong types, formula cells and a 10 MB cell are row errors; nothing written', async () => {
    const huge = randomBytes(7.5 * 1024 * 1024).toString('base64'); // 10 MB of text that does not compress
    const res = await app.imported(
      app.east.id,
      await app.filled([
        app.asset('BAD', 1, { serviceLife: 2.5, obtainTime: 'yesterday' }),
        app.asset('BAD', 2, {
          deviceName: { formula: 'CONCAT("a","b")', result: 'ab' } as ExcelJS.CellFormulaValue,
        }),
        app.asset('BAD', 3, { remark: huge }),
        app.asset('BAD', 4),
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
    expect(await app.records('BAD-')).toHaveLength(0);
  }, 120_000);

  it('refuses a reordered header missing a required column, a file that is not .xlsx, and a zip bomb', async () => {
    const missing = await app.upload(
      app.east.id,
      workbookOf([
        ['Device name', 'Asset number', 'Class'],
        ['x', 'M-1', 'pc'],
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('"Category"');
    const notXlsx = await app.upload(app.east.id, Buffer.from('assetNo,deviceName\nA,B\n'));
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().message).toContain('not an Excel workbook');
    const bomb = await app.upload(app.east.id, zerosBomb(600));
    expect(bomb.statusCode).toBe(413);
    expect(await app.records('M-')).toHaveLength(0);
  });

  it('answers 404 for a store outside the caller scope before reading the file', async () => {
    const other = await app.t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '!=', app.east.companyId)
      .executeTakeFirstOrThrow();
    const res = await app.upload(other.id, await app.filled([app.asset('X', 1)]));
    expect(res.statusCode).toBe(404);
  });
});
