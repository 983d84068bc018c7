/**
 * Large parts (over 1 MiB unpacked, a sheet of a few thousand rows and up) are inflated once, while
 * the sheet reader reads them, instead of being kept inflated (spreadsheet-upload.ts): their size is
 * enforced chunk by chunk and their checksum at their end. The same refusals must hold on that path
 * (reading the sheet ends in them, never in a normal end), and the rows read must be the ones sent.
 */
import { describe, expect, it } from 'vitest';

import { AppError } from '../http/errors';
import { deflatedPart, sheetXml, workbookParts, zipOf } from './spreadsheet-test-support';
import { checkWorkbook, firstSheetRows, SPREADSHEET_LIMITS } from './spreadsheet-upload';
import type { ZipPart } from './zip-archive';

const MiB = 1024 * 1024;
const ROWS = 12_000;
/** Rows of three cells whose XML comes to well over 1 MiB. */
const rows = Array.from({ length: ROWS }, (_, i) => [`asset-${i}`, `name ${i} ${'x'.repeat(40)}`, String(i)]);
const limits = { ...SPREADSHEET_LIMITS, maxUnpackedBytes: 64 * MiB };

function largeSheet(): ZipPart {
  const part = deflatedPart('xl/worksheets/sheet1.xml', sheetXml(rows));
  expect(part.size).toBeGreaterThan(MiB);
  return part;
}

/** Checks the workbook and reads its first sheet to the end: the refusal that ends it, and the rows read before. */
async function refusal(bytes: Buffer): Promise<{ error: AppError; rowsBefore: number }> {
  let rowsBefore = 0;
  const error = await (async () => {
    for await (const _row of firstSheetRows(await checkWorkbook(bytes, limits))) rowsBefore++;
  })().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { error: error as AppError, rowsBefore };
}

describe('a workbook with a part over 1 MiB', () => {
  it('reads every row as sent, in order', async () => {
    const workbook = await checkWorkbook(zipOf(workbookParts([{ file: 1, xml: largeSheet() }])), limits);
    const read: string[][] = [];
    for await (const { values } of firstSheetRows(workbook)) read.push(values.slice(1).map(String));
    expect(read).toHaveLength(ROWS);
    expect(read[0]).toEqual(rows[0]);
    expect(read[ROWS - 1]).toEqual(rows[ROWS - 1]);
    expect(read).toEqual(rows);
  });

  it('can be read twice from one check (each read inflates the part again)', async () => {
    const workbook = await checkWorkbook(zipOf(workbookParts([{ file: 1, xml: largeSheet() }])), limits);
    for (let pass = 0; pass < 2; pass++) {
      let count = 0;
      for await (const _row of firstSheetRows(workbook)) count++;
      expect(count).toBe(ROWS);
    }
  });

  it('refuses it when its checksum is wrong, once the read reaches its end', async () => {
    const sheet = largeSheet();
    const bytes = zipOf(workbookParts([{ file: 1, xml: { ...sheet, crc32: (sheet.crc32 + 1) >>> 0 } }]));
    const { error, rowsBefore } = await refusal(bytes);
    // The bytes themselves are intact: every row was read before the checksum, at the end, refused them.
    expect(rowsBefore).toBe(ROWS);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^file: is damaged \(xl\/worksheets\/sheet1\.xml \(checksum\)\)/);
  });

  it('refuses it when it unpacks to more or less than its header declares', async () => {
    const sheet = largeSheet();
    for (const size of [sheet.size - 1, sheet.size + 1]) {
      const { error } = await refusal(zipOf(workbookParts([{ file: 1, xml: { ...sheet, size } }])));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(
        /^file: is damaged: part xl\/worksheets\/sheet1\.xml does not unpack to the size its header declares/,
      );
    }
  });

  it('refuses it when its deflate stream is cut short', async () => {
    const sheet = largeSheet();
    const cut = { ...sheet, data: sheet.data.subarray(0, Math.floor(sheet.data.length / 2)) };
    const { error } = await refusal(zipOf(workbookParts([{ file: 1, xml: cut }])));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^file: is damaged/);
  });
});
