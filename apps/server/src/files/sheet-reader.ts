/**
 * Reading the rows of a workbook's first sheet (in tab order) from parts that passed the upload checks
 * (spreadsheet-upload.ts): our own reader over the SpreadsheetML parts an import needs, streaming, with
 * no row objects (docs/decisions/inventory.md, "Our own sheet reader"). It reads:
 * - xl/workbook.xml and its rels: the first tab's sheet part, and the 1904 date system;
 * - xl/styles.xml: which cell styles carry a date format (built-in or custom), so a number shown as a
 *   date reads as a Date, as Excel shows it;
 * - xl/sharedStrings.xml: the strings cells point to (rich text joined, phonetic runs left out);
 * - the sheet, row by row: each `<row>` element is cut out of the inflating stream and its `<c>` cells
 *   read with indexOf (the scanning is sheet-xml.ts's), so a hostile sheet costs linear time.
 *
 * Values are what ExcelJS's reader would give for the same cell (strings, numbers, booleans, dates,
 * `{ formula }`, `{ error }`; tests compare the two on generated sheets), so `cellText` reads both.
 * A part that is not well formed where the reader needs it throws SheetProblem; one element (a row, a
 * shared string) larger than MAX_ELEMENT_CHARS is refused rather than held.
 */
import {
  attribute,
  elementAt,
  elements,
  findOpen,
  SheetProblem,
  streamedElements,
  wholeText,
  xmlText,
} from './sheet-xml';
import type { StreamedPart } from './zip-archive';

/** A cell's value as the sheet holds it. */
export type SheetValue = string | number | boolean | Date | { formula: string } | { error: string } | null;

/** One row as it streams: its number as Excel shows it and its cells (`values[c]` is column c, 1-based). */
export interface StreamedRow {
  row: number;
  values: ReadonlyArray<SheetValue | undefined>;
}

/** Built-in number formats that show dates or times (ECMA-376 §18.8.30 and the CJK ids 27–36, 50–58). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);
const DAY_MS = 86_400_000;
/** Serial day 0 of the 1900 system is 1899-12-30 (Excel's leap-year bug folded in); 1904 adds 1,462 days. */
const EPOCH_1900 = 25_569;
const EPOCH_1904_OFFSET = 1_462;

/** The `<t>` texts of a string item (`<si>` or `<is>`), rich-text runs joined, phonetic runs (`<rPh>`) left out. */
function stringItem(inner: string): string {
  // The common item, one plain `<t>`, without the general walk.
  if (inner.startsWith('<t>') && inner.endsWith('</t>') && inner.indexOf('<', 3) === inner.length - 4) {
    return xmlText(inner.slice(3, -4));
  }
  const visible = inner.includes('<rPh') ? inner.replace(/<rPh\b[^>]*>[\s\S]*?<\/rPh>/g, '') : inner;
  let text = '';
  for (const t of elements(visible, 't')) text += t.inner;
  return xmlText(text);
}

/** Excel's test for a format that shows a date: y, m, d, h, s or b outside quotes and brackets. */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/\[[^\]]*\]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhMsb]/.test(bare);
}

/** For each cell style index (`s`), whether its number format shows a date. */
function dateStyles(styles: string): boolean[] {
  const custom = new Map<number, string>();
  for (const fmt of elements(styles, 'numFmt')) {
    const id = Number(attribute(fmt.attrs, 'numFmtId'));
    custom.set(id, attribute(fmt.attrs, 'formatCode') ?? '');
  }
  const cellXfs = elements(styles, 'cellXfs').next().value;
  if (!cellXfs) return [];
  return [...elements(cellXfs.inner, 'xf')].map((xf) => {
    const id = Number(attribute(xf.attrs, 'numFmtId') ?? 0);
    const code = custom.get(id);
    return code === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormat(code);
  });
}

/** The part holding the first sheet in tab order, and whether dates count from 1904. */
function firstSheet(workbook: string, rels: string): { part: string | null; date1904: boolean } {
  const pr = elements(workbook, 'workbookPr').next().value;
  const flag = pr ? attribute(pr.attrs, 'date1904') : undefined;
  const date1904 = flag === '1' || flag === 'true';
  const sheet = elements(workbook, 'sheet').next().value;
  const id = sheet ? attribute(sheet.attrs, 'r:id') : undefined;
  if (!id) return { part: null, date1904 };
  for (const rel of elements(rels, 'Relationship')) {
    if (attribute(rel.attrs, 'Id') !== id) continue;
    const target = attribute(rel.attrs, 'Target') ?? '';
    return { part: target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`, date1904 };
  }
  return { part: null, date1904 };
}

/** The column number (1-based) of a reference such as `AB12`, or 0 when it has no letters. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20; // lower case
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
  }
  return column;
}

interface SheetContext {
  strings: readonly string[];
  dates: readonly boolean[];
  date1904: boolean;
}

/** The attributes of one `<c>` tag that the reader uses, read in one pass (reused: no object per cell). */
const cell = { ref: '', style: 0, type: '' };

function readCellAttributes(attrs: string): void {
  cell.ref = '';
  cell.style = 0;
  cell.type = '';
  let at = 0;
  const length = attrs.length;
  while (at < length) {
    const equals = attrs.indexOf('=', at);
    if (equals === -1) return;
    const name = attrs.slice(at, equals).trim();
    let open = equals + 1;
    while (attrs.charCodeAt(open) === 0x20) open++;
    const quote = attrs[open];
    if (quote !== '"' && quote !== "'") return;
    const close = attrs.indexOf(quote, open + 1);
    if (close === -1) return;
    if (name === 'r') cell.ref = attrs.slice(open + 1, close);
    else if (name === 's') cell.style = Number.parseInt(attrs.slice(open + 1, close), 10) || 0;
    else if (name === 't') cell.type = attrs.slice(open + 1, close);
    at = close + 1;
  }
}

/** The text of the cell's `<v>`, or null when it has none. */
function valueText(inner: string): string | null {
  const start = inner.indexOf('<v>');
  if (start !== -1) {
    const end = inner.indexOf('</v>', start + 3);
    if (end === -1) throw new SheetProblem('damaged', 'a <v> is not closed');
    return inner.slice(start + 3, end);
  }
  const v = inner.includes('<v') ? elements(inner, 'v').next().value : undefined;
  return v ? v.inner : null;
}

function cellValue(inner: string, context: SheetContext): SheetValue {
  if (inner === '') return null;
  const formula = inner.includes('<f') ? findOpen(inner, 'f', 0) : -1;
  if (formula !== -1) return { formula: xmlText(elementAt(inner, 'f', formula)?.inner ?? '') };
  if (cell.type === 'inlineStr') {
    const is = elements(inner, 'is').next().value;
    return is ? stringItem(is.inner) : null;
  }
  const raw = valueText(inner);
  if (raw === null) return null;
  switch (cell.type) {
    case 's':
      return context.strings[Number.parseInt(raw, 10)] ?? null;
    case 'str':
      return xmlText(raw);
    case 'e':
      return { error: xmlText(raw) };
    case 'b':
      return Number.parseInt(raw, 10) !== 0;
    case 'd': {
      const date = new Date(xmlText(raw));
      return Number.isNaN(date.getTime()) ? { error: '#VALUE!' } : date;
    }
    default: {
      const number = Number.parseFloat(raw);
      if (!context.dates[cell.style]) return number;
      const serial = number - EPOCH_1900 + (context.date1904 ? EPOCH_1904_OFFSET : 0);
      return new Date(Math.round(serial * DAY_MS));
    }
  }
}

/** The cells of one row's inner XML, by column (1-based), each `<c>` found with indexOf. */
function rowValues(xml: string, context: SheetContext): Array<SheetValue | undefined> {
  const values: Array<SheetValue | undefined> = [];
  let column = 0;
  for (let at = findOpen(xml, 'c', 0); at !== -1; ) {
    const tagEnd = xml.indexOf('>', at + 2);
    if (tagEnd === -1) throw new SheetProblem('damaged', 'a <c> is not closed');
    const selfClosing = xml.charCodeAt(tagEnd - 1) === 0x2f;
    readCellAttributes(xml.slice(at + 2, selfClosing ? tagEnd - 1 : tagEnd));
    let inner = '';
    let end = tagEnd + 1;
    if (!selfClosing) {
      const close = xml.indexOf('</c>', end);
      if (close === -1) throw new SheetProblem('damaged', 'a <c> is not closed');
      inner = xml.slice(end, close);
      end = close + 4;
    }
    column = (cell.ref ? columnOf(cell.ref) : 0) || column + 1;
    values[column] = cellValue(inner, context);
    at = findOpen(xml, 'c', end);
  }
  return values;
}

/**
 * Every row of the first sheet (tab order), streamed. `seen.sheet` is set when the workbook has a
 * sheet at all. Returning from the loop stops the reading (and the inflating) at once.
 */
export async function* readSheetRows(
  parts: readonly StreamedPart[],
  seen: { sheet: boolean } = { sheet: false },
): AsyncGenerator<StreamedRow> {
  const byName = new Map(parts.map((p) => [p.name, p]));
  const { part, date1904 } = firstSheet(
    await wholeText(byName.get('xl/workbook.xml')),
    await wholeText(byName.get('xl/_rels/workbook.xml.rels')),
  );
  const sheet = part === null ? undefined : byName.get(part);
  if (!sheet) return;
  seen.sheet = true;
  const strings: string[] = [];
  const sharedStrings = byName.get('xl/sharedStrings.xml');
  if (sharedStrings)
    for await (const si of streamedElements(sharedStrings, 'si')) strings.push(stringItem(si.inner));
  const context: SheetContext = {
    strings,
    dates: dateStyles(await wholeText(byName.get('xl/styles.xml'))),
    date1904,
  };
  let number = 0;
  for await (const row of streamedElements(sheet, 'row')) {
    number = Number.parseInt(attribute(row.attrs, 'r') ?? '', 10) || number + 1;
    yield { row: number, values: rowValues(row.inner, context) };
  }
}
