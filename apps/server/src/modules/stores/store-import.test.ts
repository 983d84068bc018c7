/**
 * The store workbook through HTTP on a real database (SQLite, or PostgreSQL with TEST_DB=postgres):
 * the template, an import that names new regions, provinces and cities, wrong rows reported with their
 * column and nothing written, dry run, partial, updates by store number, the export read back as an
 * unchanged import, and a narrowed user kept to its own areas.
 */
import { StoreEndpoints as E, type StoreImportResult } from '@storefleet/contracts';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ROLES } from '../../demo/demo-data';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { STORE_COLUMNS } from './store-columns';

type Cells = Partial<Record<(typeof STORE_COLUMNS)[number]['key'], ExcelJS.CellValue>>;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(async () => t.close());

async function download(url: string, token = admin, lang = 'en-US'): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** The downloaded template with `rows` from row 3 (the example row 2 stays as shipped, and is skipped). */
async function filled(rows: readonly Cells[]): Promise<Buffer> {
  const workbook = await download(E.downloadStoreTemplate.path);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  rows.forEach((cells, r) => {
    STORE_COLUMNS.forEach((column, c) => {
      sheet.getCell(3 + r, c + 1).value = cells[column.key] ?? null;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(bytes: Buffer, query = '', token = admin): Promise<LightMyRequestResponse> {
  const boundary = 'storefleet-store-import';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stores.xlsx"\r\n`),
    Buffer.from('Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${E.importStores.path}${query}`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function imported(bytes: Buffer, query = '', token = admin): Promise<StoreImportResult> {
  const res = await upload(bytes, query, token);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<StoreImportResult>(res).data;
}

const companyId = async () =>
  (
    await t.ctx.db
      .selectFrom('companies')
      .select('id')
      .where('company_no', '=', 'NW001')
      .executeTakeFirstOrThrow()
  ).id;

async function stores(prefix: string) {
  return t.ctx.db
    .selectFrom('stores')
    .leftJoin('level_configs as area', 'area.id', 'stores.area_level')
    .leftJoin('level_configs as province', 'province.id', 'stores.province_level')
    .leftJoin('level_configs as city', 'city.id', 'stores.city_level')
    .select([
      'stores.store_no',
      'stores.store_name',
      'stores.addr',
      'stores.status',
      'area.name as region',
      'province.name as province',
      'city.name as city',
    ])
    .where('stores.store_no', 'like', `${prefix}%`)
    .orderBy('stores.store_no')
    .execute();
}

async function levelsNamed(prefix: string) {
  return t.ctx.db
    .selectFrom('level_configs')
    .select(['name', 'level'])
    .where('name', 'like', `${prefix}%`)
    .orderBy('level')
    .orderBy('name')
    .execute();
}

/** A good row of a store in a region of its own: 3 provinces, 2 cities each. */
function store(prefix: string, i: number, overrides: Cells = {}): Cells {
  const province = i % 3;
  return {
    storeNo: `${prefix}-${String(i).padStart(4, '0')}`,
    storeName: `${prefix} store ${i}`,
    addr: `${i} Harbour Road`,
    region: `${prefix} region`,
    province: `${prefix} province ${province}`,
    city: `${prefix} city ${province}-${i % 2}`,
    ...overrides,
  };
}

describe('store import: a chain puts its stores in', () => {
  it('the template names every column in the caller language and holds one example row', async () => {
    const zh = (await download(E.downloadStoreTemplate.path, admin, 'zh-CN'))
      .worksheets[0] as ExcelJS.Worksheet;
    expect(zh.getRow(1).values).toEqual([
      undefined,
      '*门店编号',
      '*门店名称',
      '地址',
      '*大区',
      '省份',
      '城市',
      '状态',
    ]);
    expect(zh.getCell(500, 7).dataValidation).toMatchObject({ type: 'list', formulae: ['"正常,已搬迁"'] });
    const template = await download(E.downloadStoreTemplate.path);
    const res = await upload(Buffer.from(await template.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('holds no store rows');
  });

  it('300 rows with some wrong: those named, nothing written; fixed, the stores and their tree added once', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => store('IMP', i));
    rows[4] = { ...rows[4], storeName: '' }; // sheet row 7
    rows[10] = { ...rows[10], status: 'Closed' }; // row 13
    rows[20] = { ...rows[20], addr: { formula: '1+1', result: 2 } }; // row 23
    rows[299] = { ...rows[299], storeNo: 'IMP-0001' }; // row 302 repeats row 4
    rows[30] = { ...rows[30], province: null }; // row 33: a city without a province
    const bad = await imported(await filled(rows));
    expect(bad.written).toBe(false);
    expect(bad.rejected.map((r) => [r.row, r.errors.map((e) => e.column)])).toEqual([
      [7, ['Store name']],
      [13, ['Status']],
      [23, ['Address']],
      [33, ['Province']],
      [302, ['Store number']],
    ]);
    expect(bad.rejected[1]?.errors[0]?.message).toBe('must be Normal or Moved (or blank)');
    expect(bad.rejected[2]?.errors[0]?.message).toBe('must be a value, not a formula');
    expect(bad.rejected[4]?.errors[0]?.message).toBe('appears again (first at row 4)');
    expect(await stores('IMP-')).toEqual([]);
    expect(await levelsNamed('IMP ')).toEqual([]);

    // The report opens as a workbook: the rejected rows as sent plus the reasons, ready to fix.
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(Buffer.from(bad.report as string, 'base64') as unknown as ArrayBuffer);
    const sheet = report.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(6);
    expect(String(sheet.getRow(2).getCell(STORE_COLUMNS.length + 2).value)).toBe('Store name: is required');

    rows[4] = store('IMP', 4);
    rows[10] = { ...rows[10], status: 'Moved' };
    rows[20] = store('IMP', 20);
    rows[299] = store('IMP', 299);
    rows[30] = store('IMP', 30);
    const fixed = await filled(rows);
    const dry = await imported(fixed, '?dryRun=1');
    expect(dry).toMatchObject({
      written: false,
      added: 300,
      updated: 0,
      levelsAdded: 1 + 3 + 6,
      rejected: [],
    });
    expect(await stores('IMP-')).toEqual([]);

    const done = await imported(fixed);
    expect(done).toMatchObject({ written: true, added: 300, updated: 0, unchanged: 0, levelsAdded: 10 });
    const written = await stores('IMP-');
    expect(written).toHaveLength(300);
    expect(written[10]).toEqual({
      store_no: 'IMP-0010',
      store_name: 'IMP store 10',
      addr: '10 Harbour Road',
      status: 1,
      region: 'IMP region',
      province: 'IMP province 1',
      city: 'IMP city 1-0',
    });
    expect(await levelsNamed('IMP ')).toHaveLength(10);
  });

  it('the export, uploaded again, changes nothing; edited, it updates by store number', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => store('RT', i));
    await imported(await filled(rows));
    const exported = await download(`${E.exportStores.path}?storeNo=RT-`);
    const sheet = exported.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(13);
    const again = await imported(Buffer.from(await exported.xlsx.writeBuffer()));
    expect(again).toMatchObject({ written: true, added: 0, updated: 0, unchanged: 12, levelsAdded: 0 });

    // Rename one store, move another to a city the tree lacks: two updates, one new city.
    const rowOf = (no: string) => sheet.getColumn(1).values.indexOf(no);
    sheet.getRow(rowOf('RT-0003')).getCell(2).value = 'RT flagship';
    sheet.getRow(rowOf('RT-0004')).getCell(6).value = 'RT city new';
    const edited = await imported(Buffer.from(await exported.xlsx.writeBuffer()));
    expect(edited).toMatchObject({ added: 0, updated: 2, unchanged: 10, levelsAdded: 1 });
    const after = await stores('RT-');
    expect(after[3]?.store_name).toBe('RT flagship');
    expect(after[4]).toMatchObject({ province: 'RT province 1', city: 'RT city new' });
  });

  it('partial writes the good rows and reports the others', async () => {
    const rows = [store('PT', 1), store('PT', 2, { region: '' }), store('PT', 3)];
    const res = await imported(await filled(rows), '?partial=1');
    expect(res).toMatchObject({ written: true, added: 2 });
    expect(res.rejected.map((r) => r.row)).toEqual([4]);
    expect((await stores('PT-')).map((s) => s.store_no)).toEqual(['PT-0001', 'PT-0003']);
  });

  it('a user narrowed to a region places stores there only and adds no region', async () => {
    const role = DEMO_ROLES.eastOperator.name;
    const row = await t.ctx.db
      .selectFrom('roles')
      .select(['id', 'button_authorities'])
      .where('name', '=', role)
      .executeTakeFirstOrThrow();
    const buttons = [...(JSON.parse(row.button_authorities) as string[]), 'store:add', 'store:update'];
    await t.ctx.db
      .updateTable('roles')
      .set({ button_authorities: JSON.stringify(buttons) })
      .where('id', '=', row.id)
      .execute();
    const operator = await t.signIn('operator');
    const east = await t.ctx.db
      .selectFrom('level_configs')
      .select(['name'])
      .where('company_id', '=', await companyId())
      .where('name', '=', '华东大区')
      .executeTakeFirstOrThrow();
    const res = await imported(
      await filled([
        { storeNo: 'OP-1', storeName: 'East store', region: east.name },
        { storeNo: 'OP-2', storeName: 'South store', region: '华南大区' },
        { storeNo: 'OP-3', storeName: 'New region store', region: 'OP region' },
      ]),
      '?partial=1',
      operator,
    );
    expect(res).toMatchObject({ written: true, added: 1, levelsAdded: 0 });
    expect(res.rejected.map((r) => [r.row, r.errors[0]?.column, r.errors[0]?.message])).toEqual([
      [4, 'Region', 'you may only place stores inside your own areas'],
      [5, 'Region', expect.stringContaining("is not a region of your company's tree")],
    ]);
    expect((await stores('OP-')).map((s) => s.store_no)).toEqual(['OP-1']);
  });
});
