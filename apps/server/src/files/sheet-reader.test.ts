import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { AppError } from '../http/errors';
import { readSheetRows, type SheetValue } from './sheet-reader';
import { MAX_ELEMENT_CHARS } from './sheet-xml';
import { cellText, checkWorkbook, firstSheetRows } from './spreadsheet-upload';
import type { StreamedPart } from './zip-archive';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Parts as the checks hand them over, the sheet given in chunks of `chunk` bytes. */
function parts(options: {
  sheetData: string;
  styles?: string;
  strings?: string[];
  workbookPr?: string;
  chunk?: number;
}): StreamedPart[] {
  const part = (name: string, xml: string, chunk = 1 << 20): StreamedPart => {
    const data = Buffer.from(xml);
    return {
      name,
      size: data.length,
      crc32: 0,
      chunks: function* () {
        for (let at = 0; at < data.length; at += chunk) yield data.subarray(at, at + chunk);
      },
    };
  };
  const list = [
    part(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${REL}">${options.workbookPr ?? ''}<sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    part(
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="${MAIN}"><sheetData>${options.sheetData}</sheetData><rowBreaks count="0"/></worksheet>`,
      options.chunk,
    ),
  ];
  if (options.styles) list.push(part('xl/styles.xml', `<styleSheet>${options.styles}</styleSheet>`));
  if (options.strings) {
    const items = options.strings.map((s) => `<si>${s}</si>`).join('');
    list.push(part('xl/sharedStrings.xml', `<sst>${items}</sst>`, 7));
  }
  return list;
}

async function read(list: StreamedPart[]): Promise<Array<{ row: number; texts: string[] }>> {
  const rows: Array<{ row: number; texts: string[] }> = [];
  for await (const { row, values } of readSheetRows(list)) {
    const texts = Array.from(values, (v, i) => (i === 0 ? '' : show(v))).slice(1);
    rows.push({ row, texts });
  }
  return rows;
}

function show(value: SheetValue | undefined): string {
  const cell = cellText(value);
  return cell.ok ? cell.text : `!${cell.message}`;
}

describe('our sheet reader', () => {
  it('reads what a user typed into Excel, as Excel shows it', async () => {
    const styles =
      '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy&quot;/&quot;mm&quot;/&quot;dd"/><numFmt numFmtId="165" formatCode="0.00&quot;d&quot;"/></numFmts>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="31"/><xf numFmtId="165"/></cellXfs>';
    const sheetData =
      '<row r="2" spans="1:6"><c r="A2" t="s"><v>0</v></c><c r="B2" s="1"><v>45809</v></c><c r="C2" s="2"><v>45810</v></c>' +
      '<c r="D2" s="3"><v>45811</v></c><c r="E2" s="4"><v>1.5</v></c><c r="F2" t="s"><v>1</v></c></row>' +
      '<row r="4"><c r="B4" t="inlineStr"><is><t xml:space="preserve"> a &amp; b &lt;c&gt; </t></is></c>' +
      '<c r="C4" t="b"><v>1</v></c><c r="D4" t="e"><v>#N/A</v></c><c r="E4"><f>SUM(A1:A3)</f><v>6</v></c>' +
      '<c r="F4" t="str"><f t="shared" si="0"/><v>x</v></c></row>' +
      '<row r="5"/><row r="6"><c r="A6" t="s"><v>2</v></c><c t="s"><v>3</v></c></row>';
    const strings = [
      '<t>AP-0001</t>',
      '<r><rPr><b/></rPr><t>TM-</t></r><r><t>m30</t></r><rPh sb="0" eb="1"><t>ﾃｨｰｴﾑ</t></rPh>',
      '<t>line_x000D_break &#x4E2D;&#25991;</t>',
      '<t/>',
    ];
    expect(await read(parts({ sheetData, styles, strings }))).toEqual([
      { row: 2, texts: ['AP-0001', '2025-06-01', '2025-06-02', '2025-06-03', '1.5', 'TM-m30'] },
      {
        row: 4,
        texts: [
          '',
          ' a & b <c> ',
          'true',
          '!holds an Excel error value',
          '!must be a value, not a formula',
          '!must be a value, not a formula',
        ],
      },
      { row: 5, texts: [] },
      { row: 6, texts: ['line\rbreak 中文', ''] },
    ]);
  });

  it('counts dates from 1904 when the workbook says so', async () => {
    const styles = '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>';
    const sheetData = '<row r="1"><c r="A1" s="1"><v>44347</v></c></row>';
    expect(await read(parts({ sheetData, styles, workbookPr: '<workbookPr date1904="1"/>' }))).toEqual([
      { row: 1, texts: ['2025-06-01'] },
    ]);
  });

  it('reads rows and strings cut anywhere by the inflating stream', async () => {
    const rows = Array.from(
      { length: 50 },
      (_, r) =>
        `<row r="${r + 1}"><c r="A${r + 1}" t="s"><v>${r % 3}</v></c><c r="B${r + 1}" t="inlineStr"><is><t>门店 ${r}</t></is></c></row>`,
    ).join('');
    const whole = await read(parts({ sheetData: rows, strings: ['<t>a</t>', '<t>b</t>', '<t>c</t>'] }));
    for (const chunk of [1, 2, 3, 5, 16, 61]) {
      expect(
        await read(parts({ sheetData: rows, strings: ['<t>a</t>', '<t>b</t>', '<t>c</t>'], chunk })),
      ).toEqual(whole);
    }
    expect(whole).toHaveLength(50);
    expect(whole[49]).toEqual({ row: 50, texts: ['b', '门店 49'] });
  });

  it('refuses a row left open, and one row larger than its cap without holding more', async () => {
    await expect(read(parts({ sheetData: '<row r="1"><c r="A1"><v>1</v></c>' }))).rejects.toMatchObject({
      reason: 'damaged',
    });
    await expect(read(parts({ sheetData: '<row r="1"><c r="A1"><v>1</c></row>' }))).rejects.toMatchObject({
      reason: 'damaged',
    });
    const huge: StreamedPart = {
      name: 'xl/worksheets/sheet1.xml',
      size: 0,
      crc32: 0,
      chunks: function* () {
        yield Buffer.from(`<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`);
        const mebibyte = Buffer.alloc(1 << 20, 'a');
        for (let i = 0; i < 64; i++) yield mebibyte;
      },
    };
    const list = parts({ sheetData: '' }).map((p) => (p.name === huge.name ? huge : p));
    const error = await (async () => {
      for await (const _ of firstSheetRows({ parts: list }));
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 413 });
    expect((error as AppError).message).toContain(`${MAX_ELEMENT_CHARS / 1_000_000} million characters`);
  });

  it('reads back every value ExcelJS writes, as the value written', async () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'Z', '0', ' ', '&', '<', '>', '"', "'", '\n', '\t', '中', '😀', '=', '_'),
    });
    const cell = fc.oneof(
      text.map((v) => ({ value: v as ExcelJS.CellValue, expect: v })),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => ({ value: v, expect: String(v) })),
      fc.integer({ min: -1e9, max: 1e9 }).map((v) => ({ value: v, expect: String(v) })),
      fc.boolean().map((v) => ({ value: v, expect: String(v) })),
      fc
        .integer({ min: Date.UTC(1950, 0, 1) / 864e5, max: Date.UTC(2100, 0, 1) / 864e5 })
        .map((day) => new Date(day * 864e5))
        .map((v) => ({ value: v, expect: v.toISOString().slice(0, 10) })),
      fc.tuple(text, text).map(([a, b]) => ({
        value: { richText: [{ text: a, font: { bold: true } }, { text: b }] },
        expect: a + b,
      })),
      fc.constant({
        value: { formula: 'A1*2', result: 4 } as ExcelJS.CellValue,
        expect: '!must be a value, not a formula',
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        async (rows) => {
          const workbook = new ExcelJS.Workbook();
          const sheet = workbook.addWorksheet('assets');
          rows.forEach((cells, r) => {
            cells.forEach((c, i) => {
              sheet.getCell(r + 1, i + 1).value = c.value;
            });
          });
          const checked = await checkWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
          const read: string[][] = [];
          for await (const { values } of firstSheetRows(checked))
            read.push(Array.from(values, show).slice(1));
          expect(read).toEqual(rows.map((cells) => cells.map((c) => c.expect)));
        },
      ),
      { numRuns: 60 },
    );
  });
});
