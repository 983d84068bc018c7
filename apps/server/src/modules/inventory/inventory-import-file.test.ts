/**
 * The inventory workbook files without a database: the template read back by the import, headers in
 * either language and any order, hostile files (not a workbook, a bomb, past the row limit), the
 * error report imported again once fixed, and the streamed export's formula escaping.
 */
import { Readable } from 'node:stream';

import type { InventoryRecord } from '@storefleet/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

import { BASE_DICTIONARY } from '../../db/migrations/data/dictionary-20251122';
import { workbookOf, zerosBomb } from '../../files/spreadsheet-test-support';
import { AppError } from '../../http/errors';
import { columnHeader, IMPORT_COLUMNS } from './inventory-columns';
import { inventoryWorkbookStream } from './inventory-export-workbook';
import { MAX_IMPORT_ROWS, readInventoryFile, type TakenValues } from './inventory-import';
import { buildInventoryReport } from './inventory-import-report';
import { type ImportDictionaries, rowContext } from './inventory-import-rows';
import { buildInventoryTemplate } from './inventory-template';

const entries = (type: string) =>
  BASE_DICTIONARY.filter((d) => d.type === type).map((d) => ({
    code: d.code,
    name: d.name,
    nameEn: d.nameEn ?? null,
    parentCode: d.parentCode ?? null,
  }));
const DICTIONARIES: ImportDictionaries = {
  category: entries('CATEGORY_TYPE'),
  deviceClass: entries('SUBCLASS_TYPE'),
  propertyType: entries('PROPERTY_TYPE'),
  status: entries('INVENTORY_STATUS'),
};
const context = rowContext(DICTIONARIES);
const NOTHING: TakenValues = { assets: new Map(), macs: new Map(), sns: new Map() };

async function refusal(run: Promise<unknown>): Promise<{ status: number; en: string }> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) {
      const text = typeof error.text === 'string' ? error.text : error.text.en;
      return { status: error.status, en: `${text} ${JSON.stringify(error.data)}` };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('inventory template', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`reads back (${lang}): header in the language, drop-downs, the example row skipped`, async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await buildInventoryTemplate(DICTIONARIES, lang)) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.getCell(1, 1).value).toBe(lang === 'zh' ? '*资产编号' : '*Asset number');
      const categoryAt = IMPORT_COLUMNS.findIndex((c) => c.key === 'deviceCategory') + 1;
      const statusAt = IMPORT_COLUMNS.findIndex((c) => c.key === 'status') + 1;
      expect(sheet.getCell(3, categoryAt).dataValidation).toMatchObject({ type: 'list' });
      expect(sheet.getCell(3, statusAt).dataValidation).toMatchObject({ type: 'list' });
      const lists = workbook.getWorksheet('lists') as ExcelJS.Worksheet;
      expect(lists.state).toBe('hidden');
      const names = lists.getColumn(1).values.slice(2);
      expect(names).toContain(lang === 'zh' ? '打印设备' : 'Printers');

      // Unchanged, it holds no asset rows; with two rows under the example, it imports those two.
      const untouched = Buffer.from(await workbook.xlsx.writeBuffer());
      expect((await refusal(readInventoryFile(untouched, 1, context, NOTHING))).en).toContain(
        'no asset rows',
      );
      const at = (key: string) => IMPORT_COLUMNS.findIndex((c) => c.key === key) + 1;
      for (const [r, assetNo] of [
        [3, 'A-1'],
        [4, 'A-2'],
      ] as const) {
        sheet.getCell(r, at('assetNo')).value = assetNo;
        sheet.getCell(r, at('deviceName')).value = `asset ${assetNo}`;
        sheet.getCell(r, at('deviceCategory')).value = lang === 'zh' ? '网络设备' : 'Network equipment';
        sheet.getCell(r, at('deviceClass')).value = lang === 'zh' ? '交换机' : 'Switch';
        sheet.getCell(r, at('status')).value = lang === 'zh' ? '闲置' : 'Idle';
        sheet.getCell(r, at('obtainTime')).value = new Date(Date.UTC(2024, 0, 31));
      }
      const filled = Buffer.from(await workbook.xlsx.writeBuffer());
      const read = await readInventoryFile(filled, 1, context, NOTHING);
      expect(read.rejected).toEqual([]);
      expect(
        read.accepted.list().map((r) => [r.row, r.values.assetNo, r.values.deviceClass, r.values.status]),
      ).toEqual([
        [3, 'A-1', 'switch', 2],
        [4, 'A-2', 'switch', 2],
      ]);
      expect(read.accepted.at(0).values.obtainTime).toBe('2024-01-31');
    });
  }
});

describe('inventory import file', () => {
  it('reads a reordered header in English with codes and names mixed', async () => {
    const bytes = workbookOf([
      ['Class', 'Device name', 'MAC address', '*Asset number', 'Category'],
      ['switch', 'Core switch', 'AA-BB-CC-DD-EE-01', 'N-1', '网络设备'],
      ['', '', '', '', ''],
      ['交换机', 'Edge switch', 'aabb.ccdd.ee02', 'N-2', 'network'],
    ]);
    const read = await readInventoryFile(bytes, 1, context, NOTHING);
    expect(read.rejected).toEqual([]);
    expect(read.accepted.list().map((r) => [r.row, r.values.assetNo, r.values.macKey])).toEqual([
      [2, 'N-1', 'aabbccddee01'],
      [4, 'N-2', 'aabbccddee02'],
    ]);
  });

  it('refuses a header missing a required column, naming it', async () => {
    const bytes = workbookOf([
      ['资产编号', '设备名称', '设备大类'],
      ['N-1', 'x', 'network'],
    ]);
    const refused = await refusal(readInventoryFile(bytes, 1, context, NOTHING));
    expect(refused.status).toBe(400);
    expect(refused.en).toContain('"Class"');
  });

  it('refuses a file that is not a workbook (400) and a zip bomb (413)', async () => {
    expect(
      (await refusal(readInventoryFile(Buffer.from('asset,name\n1,x\n'), 1, context, NOTHING))).status,
    ).toBe(400);
    const bomb = await refusal(readInventoryFile(zerosBomb(400), 1, context, NOTHING));
    expect(bomb.status).toBe(413);
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} data rows`, async () => {
    const rows: string[][] = [['资产编号', '设备名称', '设备大类', '设备小类']];
    for (let i = 0; i <= MAX_IMPORT_ROWS; i++)
      rows.push([`L-${i * 7919}`, `n${i % 97}`, 'network', 'switch']);
    const refused = await refusal(readInventoryFile(workbookOf(rows), 1, context, NOTHING));
    expect(refused.status).toBe(400);
    expect(refused.en).toContain(`more than ${MAX_IMPORT_ROWS} data rows (row ${MAX_IMPORT_ROWS + 2} `);
  }, 300_000);

  it('the error report, fixed, imports as it is (its error columns are ignored)', async () => {
    const header = IMPORT_COLUMNS.map((c) => columnHeader(c, 'en'));
    const row = (assetNo: string, mac: string) =>
      IMPORT_COLUMNS.map(
        (c) =>
          ({
            assetNo,
            deviceName: '=cmd|x',
            deviceCategory: 'print',
            deviceClass: 'receipt-printer',
            macAddress: mac,
          })[c.key as string] ?? '',
      );
    const bad = workbookOf([header, row('P-1', 'not a mac'), row('P-2', '00:11:22:33:44:55')]);
    const read = await readInventoryFile(bad, 1, context, NOTHING);
    expect(read.rejected.map((r) => r.row)).toEqual([2]);
    const report = await buildInventoryReport(read.rejected, 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const last = sheet.getRow(1).cellCount;
    expect(sheet.getCell(1, last).value).toBe('Errors');
    expect(String(sheet.getCell(2, last).value)).toContain('MAC address: Invalid MAC address');
    // Text that a spreadsheet could take for a formula is written inert.
    expect(sheet.getCell(2, 2).value).toBe("'=cmd|x");
    // Fix the MAC and import the report again.
    sheet.getCell(2, IMPORT_COLUMNS.findIndex((c) => c.key === 'macAddress') + 1).value = '00:11:22:33:44:66';
    const again = await readInventoryFile(
      Buffer.from(await workbook.xlsx.writeBuffer()),
      1,
      context,
      NOTHING,
    );
    expect(again.rejected).toEqual([]);
    expect(again.accepted.list().map((r) => r.values.assetNo)).toEqual(['P-1']);
  });
});

describe('inventory export workbook', () => {
  it('streams the rows with every formula-like text written inert', async () => {
    const record = (id: number, deviceName: string): InventoryRecord =>
      ({
        id,
        companyId: 1,
        shopId: 1,
        shopName: '@store',
        areaName: null,
        shopStatusStr: '0',
        assetNo: `E-${id}`,
        deviceName,
        deviceBrand: '+brand',
        deviceSn: '-sn',
        deviceSystem: 1,
        connectType: 2,
        intranetIp: null,
        macAddress: null,
        model: '\tmodel',
        specifications: '\rspec',
        deviceCategory: 'print',
        categoryName: '打印设备',
        deviceClass: 'receipt-printer',
        className: '小票打印机',
        propertyType: null,
        propertyTypeName: null,
        serviceLife: 3,
        custodian: null,
        obtainTime: null,
        vinNo: null,
        inumber: null,
        status: 1,
        statusName: '正常',
        images: [],
        remark: null,
        index: null,
        isNetworkDevice: 0,
        boundDeviceId: null,
        boundDeviceName: null,
        isInventory: 0,
        isManage: 0,
        onlineStatus: null,
        createBy: 'admin',
        createTime: '2025-01-01 00:00:00',
        updateBy: null,
        updateTime: '2025-01-01 00:00:00',
      }) as InventoryRecord;
    async function* rest() {
      yield [record(2, 'plain'), record(3, '=HYPERLINK("http://127.0.0.1/","x")')];
    }
    const stream = inventoryWorkbookStream([record(1, '=1+1')], rest(), 'zh');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([Buffer.concat(chunks)]));
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(4);
    const texts = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(texts(1)).toContain('资产编号');
    expect(texts(2)).toEqual(expect.arrayContaining(["'=1+1", "'@store", "'+brand", "'-sn", "'\tmodel"]));
    // The carriage return is escaped too (an XML reader gives it back as a line feed).
    expect(texts(2).some((v) => typeof v === 'string' && /^'[\r\n]spec$/.test(v))).toBe(true);
    expect(texts(2)).toEqual(expect.arrayContaining(['打印设备', '小票打印机', '正常', 'Windows', 'SNMP']));
    expect(texts(4)).toContain('\'=HYPERLINK("http://127.0.0.1/","x")');
    for (let r = 1; r <= 4; r++)
      sheet.getRow(r).eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
  });
});
