import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

import { AppError } from '../http/errors';
import {
  deflatedPart,
  measured,
  overlappingBomb,
  sheetXml,
  workbookOf,
  workbookParts,
  zerosBomb,
  zipOf,
} from './spreadsheet-test-support';
import {
  cellText,
  checkWorkbook,
  readFirstSheet,
  SPREADSHEET_LIMITS,
  SPREADSHEET_UPLOAD,
} from './spreadsheet-upload';
import type { ZipPart } from './zip-archive';

const MiB = 1024 * 1024;
// The bounds for refusing a hostile file; generous for a loaded machine, far below a bomb.
const REFUSED_WITHIN_MS = 2000;
const REFUSED_WITHIN_BYTES = 64 * MiB;

async function refusal(bytes: Buffer): Promise<AppError> {
  const error = await checkWorkbook(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function rowsOf(bytes: Buffer, maxRows = 1000, columns = 3) {
  return readFirstSheet(await checkWorkbook(bytes), { firstRow: 1, columns, maxRows });
}

describe('checking a workbook before it is parsed', () => {
  it('reads a workbook saved by ExcelJS: first tab, dates, rich text, formulas left unevaluated', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('devices');
    workbook.addWorksheet('notes').getCell('A1').value = 'not me';
    first.getCell('A1').value = 'printer';
    first.getCell('B1').value = new Date(Date.UTC(2025, 5, 1));
    first.getCell('C1').value = { richText: [{ text: 'TM-' }, { text: 'm30' }] };
    first.getCell('A2').value = { formula: '1+1', result: 2 };
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const sheet = await rowsOf(bytes);
    expect(sheet.hasSheet).toBe(true);
    expect(sheet.rows.map((r) => r.cells.map((c) => cellText(c)))).toEqual([
      [
        { ok: true, text: 'printer' },
        { ok: true, text: '2025-06-01' },
        { ok: true, text: 'TM-m30' },
      ],
      [
        { ok: false, message: 'must be a value, not a formula' },
        { ok: true, text: '' },
        { ok: true, text: '' },
      ],
    ]);
  });

  it('reads the first tab even when its sheet file comes later', async () => {
    const bytes = zipOf(
      workbookParts([
        { file: 2, xml: sheetXml([['second file, first tab']]) },
        { file: 1, xml: sheetXml([['first file, second tab']]) },
      ]),
    );
    const sheet = await rowsOf(bytes, 1000, 1);
    expect(sheet.rows.map((r) => cellText(r.cells[0] ?? null))).toEqual([
      { ok: true, text: 'second file, first tab' },
    ]);
  });

  it('refuses a bomb of 2 GB of zeros in a 2 MB upload, quickly and without inflating it', async () => {
    const bomb = zerosBomb(1900);
    expect(bomb.length).toBeLessThanOrEqual(SPREADSHEET_UPLOAD.maxBytes);
    const { result, peakBytes, ms } = await measured(() => refusal(bomb));
    expect(result.status).toBe(413);
    expect(result.message).toBe(
      'file: unpacks to 1.9 GiB, more than the 16 MiB a workbook for import may hold; copy the rows into the downloaded template and upload that',
    );
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
    expect(peakBytes).toBeLessThan(REFUSED_WITHIN_BYTES);
  });

  it('stops a part whose header lies about its size one chunk past the lie', async () => {
    const liar = zerosBomb(1900, 40_000);
    const { result, peakBytes, ms } = await measured(() => refusal(liar));
    expect(result.status).toBe(400);
    expect(result.message).toBe(
      'file: is damaged: part xl/worksheets/sheet1.xml does not unpack to the size its header declares, so it was not read; open it in Excel or WPS, save it as "Excel Workbook (*.xlsx)" and upload that file',
    );
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
    expect(peakBytes).toBeLessThan(REFUSED_WITHIN_BYTES);
  });

  it('refuses entries that overlap, the way a few KB claim gigabytes', async () => {
    const overlapping = overlappingBomb(200, 10);
    expect(overlapping.length).toBeLessThan(40_000);

    const error = await refusal(overlapping);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(
      /^file: is damaged \(xl\/worksheets\/sheet\d+\.xml overlaps xl\/worksheets\/sheet\d+\.xml\)/,
    );
  });

  it('refuses more parts than a workbook has', async () => {
    const many = workbookParts([{ file: 1, xml: sheetXml([['a']]) }]);
    for (let i = 0; i < SPREADSHEET_LIMITS.maxEntries; i++)
      many.push(deflatedPart(`xl/media/image${i}.png`, 'x'));
    const error = await refusal(zipOf(many));
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      `file: holds ${SPREADSHEET_LIMITS.maxEntries + 4} parts, more than the ${SPREADSHEET_LIMITS.maxEntries} a workbook for import may have; copy the rows into the downloaded template and upload that`,
    );
  });

  it('refuses a part compressed far more than any workbook, even within the size limit', async () => {
    const error = await refusal(zerosBomb(8));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(
      /^file: is compressed \d+ to 1, more than the 100 to 1 of any real workbook/,
    );
  });

  it('refuses files that are not workbooks, saying what to do', async () => {
    const text = await refusal(Buffer.from('deviceName,hostid\nx,y\n'));
    expect(text.status).toBe(400);
    expect(text.message).toBe(
      'file: is not an Excel workbook (.xlsx); open it in Excel or WPS, save it as "Excel Workbook (*.xlsx)" and upload that file',
    );
    const plainZip = await refusal(zipOf([deflatedPart('notes.txt', 'hello')]));
    expect(plainZip.message).toMatch(
      /^file: is a zip archive but not an Excel workbook \(it has no \[Content_Types\]\.xml, xl\/workbook\.xml/,
    );
    const xls = await refusal(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]));
    expect(xls.message).toMatch(/^file: is an old-format \.xls file or a password-protected workbook/);
    const truncated = workbookOf([['a']]);
    expect((await refusal(truncated.subarray(0, truncated.length - 30))).status).toBe(400);
  });

  it('refuses a damaged part', async () => {
    const parts = workbookParts([{ file: 1, xml: sheetXml([['a']]) }]);
    const sheet = parts[3] as ZipPart;
    parts[3] = { ...sheet, crc32: (sheet.crc32 + 1) >>> 0 };
    const error = await refusal(zipOf(parts));
    expect(error.message).toMatch(/^file: is damaged \(xl\/worksheets\/sheet1\.xml \(checksum\)\)/);
  });
});

describe('reading the first sheet', () => {
  it('skips blank rows and stops reading at the first row past the cap', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => (i === 1 ? ['', ' '] : [`device ${i}`, 'x']));
    // Broken XML far past the cap: only a reader that went on would trip over it.
    const xml = sheetXml(rows).replace(
      '</sheetData>',
      '<row r="20001"><c r="A20001"><v>1</c></row></sheetData>',
    );
    const bytes = zipOf(workbookParts([{ file: 1, xml }]));
    const sheet = await rowsOf(bytes, 10, 2);
    expect(sheet.rows).toHaveLength(10);
    expect(sheet.rows.map((r) => r.row)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(sheet.pastCap).toBe(12);
    await expect(rowsOf(bytes, 100_000, 2)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^file: is not a readable \.xlsx workbook/),
    });
  });

  it('says so when the workbook has no worksheet', async () => {
    const sheet = await rowsOf(zipOf(workbookParts([])));
    expect(sheet).toEqual({ hasSheet: false, rows: [], pastCap: null });
  });
});
