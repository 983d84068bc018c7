/**
 * The inventory import through HTTP, for its test files (inventory-import.test.ts, the rules and the
 * user path; inventory-import-large.test.ts, large and hostile files): an app on a real database
 * signed in as `admin`, two demo stores, the template as the server gives it, a filled copy, the
 * upload, and the records an import left. Every workbook is built in the tests.
 */
import { InventoryEndpoints as E, fillPath, type InventoryImportResult } from '@storefleet/contracts';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { expect } from 'vitest';

import type { InventoryRecordsTable } from '../../db/tables/inventory';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { type DemoStore, demoStore } from '../devices/device-test-support';
import { IMPORT_COLUMNS } from './inventory-columns';

export type Cells = Record<string, ExcelJS.CellValue>;
type Lang = 'zh' | 'en';

export interface ImportTestApp {
  t: TestApp;
  /** The admin's access token. */
  admin: string;
  east: DemoStore;
  south: DemoStore;
  /** The template as downloaded in `lang`. */
  template(lang: Lang): Promise<ExcelJS.Workbook>;
  /** The downloaded template with `rows` written from row 3 (the example row 2 stays as shipped). */
  filled(rows: readonly Cells[], lang?: Lang): Promise<Buffer>;
  /** Posts `bytes` as the import of store `shopId` (`query` such as '?partial=1'). */
  upload(shopId: number, bytes: Buffer, query?: string, lang?: Lang): Promise<LightMyRequestResponse>;
  /** upload, expecting a 200, and its result. */
  imported(shopId: number, bytes: Buffer, query?: string, lang?: Lang): Promise<InventoryImportResult>;
  /** The records whose asset number starts with `prefix`, by asset number. */
  records(prefix: string): Promise<Selectable<InventoryRecordsTable>[]>;
  /** A good row; every identifier unique to this test run. */
  asset(prefix: string, i: number, overrides?: Cells): Cells;
}

/** Opens the app (close it with `t.close()`). */
export async function openImportTestApp(): Promise<ImportTestApp> {
  const t = await createTestApp();
  const admin = await t.signIn('admin');
  const east = await demoStore(t, 'NW001', '华东大区');
  const south = await demoStore(t, 'NW001', '华南大区');
  const language = (lang: Lang) => (lang === 'en' ? 'en-US' : 'zh-CN');

  async function template(lang: Lang): Promise<ExcelJS.Workbook> {
    const res = await t.app.inject({
      method: 'GET',
      url: E.downloadExcelTemplate.path,
      headers: { ...bearer(admin), 'accept-language': language(lang) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return workbook;
  }

  async function filled(rows: readonly Cells[], lang: Lang = 'en'): Promise<Buffer> {
    const workbook = await template(lang);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    rows.forEach((cells, r) => {
      IMPORT_COLUMNS.forEach((column, c) => {
        sheet.getCell(3 + r, c + 1).value = cells[column.key] ?? null;
      });
    });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  function upload(
    shopId: number,
    bytes: Buffer,
    query = '',
    lang: Lang = 'en',
  ): Promise<LightMyRequestResponse> {
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
        'accept-language': language(lang),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
  }

  async function imported(shopId: number, bytes: Buffer, query = '', lang: Lang = 'en') {
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

  return { t, admin, east, south, template, filled, upload, imported, records, asset };
}
