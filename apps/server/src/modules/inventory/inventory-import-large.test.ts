/**
 * The inventory import of large files through HTTP on a real database (SQLite, or PostgreSQL with
 * TEST_DB=postgres): the row limit, a wrong row after thousands of good ones, a damaged large sheet, a
 * file that needs more memory than an import may use, and other requests answered while a 50,000-row
 * import runs.
 */
import { DeviceEndpoints, type InventoryImportResult } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  deflatedPart,
  sheetXml,
  workbookOf,
  workbookParts,
  zipOf,
} from '../../files/spreadsheet-test-support';
import { bearer, envelopeOf } from '../../testing/test-app';
import { type ImportTestApp, openImportTestApp } from './inventory-import-test-support';
import { IMPORT_WORKER_LIMITS } from './inventory-import-worker';

let app: ImportTestApp;

beforeAll(async () => {
  app = await openImportTestApp();
});
afterAll(async () => app.t.close());

describe('inventory import: large files', () => {
  it('refuses more than 100,000 rows with a 400 and writes nothing', async () => {
    const rows: string[][] = [['Asset number', 'Device name', 'Category', 'Class']];
    for (let i = 0; i <= 100_000; i++) rows.push([`BIG-${i}`, `n${i % 97}`, 'terminal', 'pc']);
    const res = await app.upload(app.east.id, workbookOf(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('more than 100000 data rows');
    expect(await app.records('BIG-')).toHaveLength(0);
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
    const refused = await app.imported(app.east.id, workbookOf(rows));
    expect(refused).toMatchObject({ written: false, added: 4_999 });
    expect(refused.rejected.map((r) => [r.row, r.errors[0]?.column])).toEqual([[4_902, 'Category']]);
    expect(await app.records('LATE-')).toHaveLength(0);
    const partial = await app.imported(app.east.id, workbookOf(rows), '?partial=1');
    expect(partial).toMatchObject({ written: true, added: 4_999, updated: 0 });
    const written = await app.records('LATE-');
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
    const res = await app.upload(app.east.id, damaged);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('is damaged (xl/worksheets/sheet1.xml (checksum))');
    expect(await app.records('CRC-')).toHaveLength(0);
    // The same rows, intact: every one imported.
    expect(await app.imported(app.east.id, zipOf(workbookParts([{ file: 1, xml: sheet }])))).toMatchObject({
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
      const res = await app.upload(app.east.id, workbookOf(rows));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toContain('needs more memory to read than one import may use');
      expect(res.json().message).toContain('split it into several smaller files');
    } finally {
      Object.assign(IMPORT_WORKER_LIMITS, limits);
    }
    expect(await app.records('OOM-')).toHaveLength(0);
    // The same file with the normal limits: the server is still there and imports it.
    expect(await app.imported(app.east.id, workbookOf(rows))).toMatchObject({ written: true, added: 20_000 });
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
    const running = app.upload(app.east.id, workbookOf(rows)).finally(() => {
      importing = false;
    });
    let answered = 0;
    while (importing) {
      const res = await app.t.app.inject({
        method: 'GET',
        url: `${DeviceEndpoints.listDevices.path}?pageNum=1&pageSize=10`,
        headers: bearer(app.admin),
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
    const count = await app.t.ctx.db
      .selectFrom('inventory_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('asset_no', 'like', 'L-%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(50_000);
  }, 600_000);
});
