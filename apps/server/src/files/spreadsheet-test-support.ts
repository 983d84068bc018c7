/**
 * Workbooks for the spreadsheet upload tests, minimal and hostile, built with node:zlib: a plain
 * .xlsx of given rows, a bomb of gigabytes of zeros, headers that lie. Also a peak-memory probe.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

import { DEFLATED, writeZip, type ZipPart } from './zip-archive';

const MiB = 1024 * 1024;
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`;

/** workbook.xml and its rels for sheets listed in tab order, each `sheet<n>.xml`. */
function workbookXml(sheetFiles: readonly number[]): { workbook: string; rels: string } {
  const sheets = sheetFiles.map((n, i) => `<sheet name="Sheet${n}" sheetId="${n}" r:id="rId${i + 1}"/>`);
  const rels = sheetFiles.map(
    (n, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
  );
  return {
    workbook: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets.join('')}</sheets></workbook>`,
    rels: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  };
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Sheet XML with `rows` (cell texts, inline strings) from row `firstRow` on. */
export function sheetXml(rows: ReadonlyArray<readonly string[]>, firstRow = 1): string {
  const body = rows.map((cells, r) => {
    const row = firstRow + r;
    const xml = cells.map(
      (text, c) => `<c r="${columnName(c)}${row}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`,
    );
    return `<row r="${row}">${xml.join('')}</row>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${body.join('')}</sheetData></worksheet>`;
}

/** A part deflated the ordinary way, its header telling the truth. */
export function deflatedPart(name: string, data: Buffer | string): ZipPart {
  const bytes = Buffer.from(data);
  return { name, method: DEFLATED, data: deflateRawSync(bytes), size: bytes.length, crc32: crc32(bytes) };
}

/**
 * A raw deflate stream of `mebibytes` MiB of zeros, about 1 KB per MiB, built without deflating them
 * all: after the first MiB, each further MiB compresses to the same bytes against a window of zeros.
 */
export function deflatedZeros(mebibytes: number): Buffer {
  const zeros = Buffer.alloc(MiB);
  const first = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const next = deflateRawSync(zeros, {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
    dictionary: zeros.subarray(0, 32 * 1024),
  });
  const end = Buffer.from([0x03, 0x00]); // a final, empty fixed-Huffman block
  return Buffer.concat([first, ...Array<Buffer>(mebibytes - 1).fill(next), end]);
}

/** The parts of a workbook whose sheets (by file number, in tab order) hold the given XML. */
export function workbookParts(sheets: ReadonlyArray<{ file: number; xml: string | ZipPart }>): ZipPart[] {
  const { workbook, rels } = workbookXml(sheets.map((s) => s.file));
  return [
    deflatedPart('[Content_Types].xml', CONTENT_TYPES),
    deflatedPart('xl/workbook.xml', workbook),
    deflatedPart('xl/_rels/workbook.xml.rels', rels),
    ...sheets.map(({ file, xml }) =>
      typeof xml === 'string' ? deflatedPart(`xl/worksheets/sheet${file}.xml`, xml) : xml,
    ),
  ];
}

/** A one-sheet workbook with `rows` from row `firstRow` on. */
export function workbookOf(rows: ReadonlyArray<readonly string[]>, firstRow = 1): Buffer {
  return zipOf(workbookParts([{ file: 1, xml: sheetXml(rows, firstRow) }]));
}

export function zipOf(parts: readonly ZipPart[]): Buffer {
  return Buffer.concat(writeZip(parts));
}

/** A workbook whose sheet is `mebibytes` MiB of zeros, its header declaring `declaredSize` (the truth by default). */
export function zerosBomb(mebibytes: number, declaredSize = mebibytes * MiB): Buffer {
  // The checksum is never reached: the bomb is refused on its declared size or stopped while inflating.
  const sheet: ZipPart = {
    name: 'xl/worksheets/sheet1.xml',
    method: DEFLATED,
    data: deflatedZeros(mebibytes),
    size: declaredSize,
    crc32: 0,
  };
  return zipOf(workbookParts([{ file: 1, xml: sheet }]));
}

/**
 * A bomb of a few KB that declares `copies` × `mebibytes` MiB: one compressed sheet and `copies` more
 * directory entries pointing at the same bytes.
 */
export function overlappingBomb(copies: number, mebibytes: number): Buffer {
  const sheet: ZipPart = {
    name: 'xl/worksheets/sheet1.xml',
    method: DEFLATED,
    data: deflatedZeros(mebibytes),
    size: mebibytes * MiB,
    crc32: 0,
  };
  const zip = zipOf(workbookParts([{ file: 1, xml: sheet }]));
  const end = zip.subarray(zip.length - 22);
  const directoryStart = end.readUInt32LE(16);
  const directory = zip.subarray(directoryStart, zip.length - 22);
  // The sheet's entry is the directory's last (46 bytes and its name).
  const sheetEntry = directory.subarray(
    directory.length - 46 - sheet.name.length,
    directory.length - sheet.name.length,
  );
  const copiesOf: Buffer[] = [];
  for (let i = 0; i < copies; i++) {
    const name = Buffer.from(`xl/worksheets/sheet${i + 2}.xml`);
    const entry = Buffer.from(sheetEntry);
    entry.writeUInt16LE(name.length, 28);
    copiesOf.push(entry, name);
  }
  const newDirectory = Buffer.concat([directory, ...copiesOf]);
  const newEnd = Buffer.from(end);
  newEnd.writeUInt16LE(end.readUInt16LE(8) + copies, 8);
  newEnd.writeUInt16LE(end.readUInt16LE(10) + copies, 10);
  newEnd.writeUInt32LE(newDirectory.length, 12);
  return Buffer.concat([zip.subarray(0, directoryStart), newDirectory, newEnd]);
}

const inUse = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/** `run`'s result with its peak growth of heap plus buffers (sampled every 5 ms) and its duration. */
export async function measured<T>(
  run: () => Promise<T>,
): Promise<{ result: T; peakBytes: number; ms: number }> {
  const before = inUse();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, inUse());
  }, 5);
  const started = performance.now();
  try {
    const result = await run();
    peak = Math.max(peak, inUse());
    return { result, peakBytes: peak - before, ms: performance.now() - started };
  } finally {
    clearInterval(sampler);
  }
}
