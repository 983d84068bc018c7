/** The import's row rules, pure: header by title in either language, cells, dictionaries, duplicates. */
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from './inventory-columns';
import { FileDuplicates } from './inventory-import-duplicates';
import { type HeaderMap, readHeader } from './inventory-import-header';
import { type ImportDictionaries, isoDate, parseRow, rowContext, sentCells } from './inventory-import-rows';

const DICTIONARIES: ImportDictionaries = {
  category: [
    { code: 'print', name: '打印设备', nameEn: 'Printers', parentCode: null },
    { code: 'network', name: '网络设备', nameEn: 'Network equipment', parentCode: null },
  ],
  deviceClass: [
    { code: 'receipt-printer', name: '小票打印机', nameEn: 'Receipt printer', parentCode: 'print' },
    { code: 'switch', name: '交换机', nameEn: 'Switch', parentCode: 'network' },
  ],
  propertyType: [
    { code: 'owned', name: '自有', nameEn: 'Owned', parentCode: null },
    { code: 'rented', name: '租用', nameEn: 'Rented', parentCode: null },
  ],
  status: [
    { code: '1', name: '正常', nameEn: 'Normal', parentCode: null },
    { code: '3', name: '故障', nameEn: 'Faulty', parentCode: null },
  ],
};
const context = rowContext(DICTIONARIES);

/** ExcelJS row values: index 0 unused. */
const values = (...cells: unknown[]) => [undefined, ...cells] as never[];

function headerOf(titles: string[]): HeaderMap {
  const result = readHeader(values(...titles));
  if (!result.ok) throw new Error(result.message.en);
  return result.columns;
}

const FULL_EN = IMPORT_COLUMNS.map((c) => (c.required ? `*${c.title.en}` : c.title.en));

function rowOf(header: HeaderMap, cells: Record<string, unknown>): never[] {
  const out: unknown[] = [];
  for (const [key, at] of header) out[at] = cells[key] ?? null;
  return out as never[];
}

describe('inventory import header', () => {
  it('reads the titles in either language, any order, star and key suffix ignored', () => {
    const header = headerOf([
      '型号',
      '*Asset number',
      '设备名称 (deviceName)',
      'CATEGORY',
      'deviceclass',
      'my notes',
    ]);
    expect(header.get('model')).toBe(1);
    expect(header.get('assetNo')).toBe(2);
    expect(header.get('deviceName')).toBe(3);
    expect(header.get('deviceCategory')).toBe(4);
    expect(header.get('deviceClass')).toBe(5);
    expect(header.size).toBe(5);
  });

  it('refuses a header without a required column, naming it in both languages', () => {
    const result = readHeader(values('资产编号', '设备大类', '设备小类'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message.zh).toContain('设备名称');
    expect(result.message.en).toContain('"Device name"');
  });

  it('refuses a column given twice', () => {
    const result = readHeader(values('资产编号', 'Device name', '设备名称', 'Category', 'Class'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.en).toContain('columns 2 and 3');
  });
});

describe('inventory import rows', () => {
  const header = headerOf(FULL_EN);

  it('accepts a full row: dictionary names in either language, codes, enums, dates, MAC in any notation', () => {
    const parsed = parseRow(
      2,
      rowOf(header, {
        assetNo: ' A-001 ',
        deviceName: 'Front printer',
        deviceCategory: 'Printers',
        deviceClass: '小票打印机',
        deviceSystem: 'windows',
        connectType: 'SNMP',
        intranetIp: '127.0.0.5',
        macAddress: 'AABB.CCDD.EEFF',
        propertyType: 'rented',
        serviceLife: 5,
        obtainTime: new Date(Date.UTC(2025, 5, 1)),
        status: '故障',
      }),
      header,
      context,
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.values).toMatchObject({
      assetNo: 'A-001',
      deviceCategory: 'print',
      deviceClass: 'receipt-printer',
      deviceSystem: 1,
      connectType: 2,
      macAddress: 'AABB.CCDD.EEFF',
      macKey: 'aabbccddeeff',
      propertyType: 'rented',
      serviceLife: 5,
      obtainTime: '2025-06-01',
      status: 3,
      model: null,
    });
  });

  it('a blank status is normal', () => {
    const parsed = parseRow(
      2,
      rowOf(header, {
        assetNo: 'A',
        deviceName: 'n',
        deviceCategory: 'print',
        deviceClass: 'receipt-printer',
      }),
      header,
      context,
    );
    expect(parsed.values?.status).toBe(1);
  });

  it('lists every problem of a row at once, per column', () => {
    const parsed = parseRow(
      7,
      rowOf(header, {
        assetNo: '',
        deviceName: 'x'.repeat(129),
        deviceCategory: 'network',
        deviceClass: 'receipt-printer',
        intranetIp: '300.1.1.1',
        macAddress: 'aa:bb:cc',
        serviceLife: '2.5',
        obtainTime: '2025-02-30',
        propertyType: 'stolen',
        deviceSystem: 'BeOS',
      }),
      header,
      context,
    );
    expect(parsed.values).toBeNull();
    const byColumn = Object.fromEntries(parsed.errors.map((e) => [e.column, e.message.en]));
    expect(byColumn).toMatchObject({
      assetNo: 'is required',
      deviceName: expect.stringContaining('at most 128 characters (this one has 129)'),
      deviceClass: 'does not belong to the category given',
      intranetIp: expect.stringContaining('Invalid IP address'),
      macAddress: expect.stringContaining('Invalid MAC address'),
      serviceLife: 'must be a whole number from 0 to 100',
      obtainTime: 'must be a date as YYYY-MM-DD',
      propertyType: expect.stringContaining('is not in the dictionary'),
      deviceSystem: expect.stringContaining('must be one of'),
    });
    expect(parsed.errors.find((e) => e.column === 'assetNo')?.message.zh).toBe('必填');
  });

  it('a formula cell is a row error, never its cached result', () => {
    const parsed = parseRow(
      3,
      rowOf(header, {
        assetNo: 'A-1',
        deviceName: { formula: 'HYPERLINK("http://127.0.0.1/","x")', result: 'x' },
        deviceCategory: 'print',
        deviceClass: 'receipt-printer',
      }),
      header,
      context,
    );
    expect(parsed.values).toBeNull();
    expect(parsed.errors).toEqual([
      {
        column: 'deviceName',
        message: expect.objectContaining({ en: expect.stringContaining('not a formula') }),
      },
    ]);
  });

  it('a 10 MB cell is a row error and is cut to the Excel cell limit in the row', () => {
    const huge = 'y'.repeat(10 * 1024 * 1024);
    const values = rowOf(header, {
      assetNo: 'A-1',
      deviceName: 'n',
      deviceCategory: 'print',
      deviceClass: 'receipt-printer',
      remark: huge,
    });
    const parsed = parseRow(4, values, header, context);
    expect(parsed.values).toBeNull();
    expect(parsed.errors[0]?.column).toBe('remark');
    const cells = sentCells(values, header);
    expect(cells.every((c) => c.length <= 32_767)).toBe(true);
    expect(cells[IMPORT_COLUMNS.findIndex((c) => c.key === 'assetNo')]).toBe('A-1');
  });

  it('duplicates inside the file: the later row names the earlier one', () => {
    const duplicates = new FileDuplicates();
    const base = { deviceName: 'n', deviceCategory: 'print', deviceClass: 'receipt-printer' };
    const rows = [
      parseRow(
        2,
        rowOf(header, { ...base, assetNo: 'A-1', macAddress: 'aa:bb:cc:dd:ee:ff', deviceSn: 'SN1' }),
        header,
        context,
      ),
      parseRow(
        3,
        rowOf(header, { ...base, assetNo: 'A-2', macAddress: 'AA-BB-CC-DD-EE-FF' }),
        header,
        context,
      ),
      parseRow(4, rowOf(header, { ...base, assetNo: 'A-1', deviceSn: 'sn1' }), header, context),
      parseRow(5, rowOf(header, { ...base, assetNo: 'A-3' }), header, context),
    ];
    for (const row of rows) duplicates.check(row);
    expect(rows.map((r) => r.values !== null)).toEqual([true, false, false, true]);
    expect(rows[1]?.errors).toEqual([
      { column: 'macAddress', message: { zh: '与第 2 行重复', en: 'repeats row 2' } },
    ]);
    expect(rows[2]?.errors.map((e) => e.column)).toEqual(['assetNo', 'deviceSn']);
  });
});

describe('inventory value helpers', () => {
  it('reads calendar dates only', () => {
    expect(isoDate('2025/6/1')).toBe('2025-06-01');
    expect(isoDate('2024-02-29')).toBe('2024-02-29');
    expect(isoDate('2025-02-29')).toBeNull();
    expect(isoDate('45678')).toBeNull();
  });
});
