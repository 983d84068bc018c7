/**
 * The inventory import's rules, pure: each data row, through the header's map of columns
 * (inventory-import-header.ts), checked into the values the import writes, or the reasons it cannot be.
 *
 * Cells are attacker input: text is taken exactly as typed and never evaluated; a formula cell is a
 * row error (its cached result could be anything the sender chose); a cell longer than its column
 * allows is a row error however long it is (a 10 MB cell is reported, then cut to Excel's cell limit
 * in the report). Messages are `{ zh, en }`; the service picks the caller's language.
 */
import { isIpAddress, type Label, type Lang, macKey, nameIn, PropertyStatus } from '@storefleet/contracts';
import type { SheetValue } from '../../files/sheet-reader';

import { cellText } from '../../files/spreadsheet-upload';
import {
  type DictionaryKey,
  EXCEL_CELL_LIMIT,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportKey,
} from './inventory-columns';
import type { HeaderMap } from './inventory-import-header';

/** A status left blank: normal (INVENTORY_STATUS code '1'). */
export const DEFAULT_STATUS_CODE = String(PropertyStatus.NORMAL);

// ---------------------------------------------------------------------------------------------------
// Dictionaries

/** One dictionary item as the import needs it. */
export interface DictionaryEntry {
  code: string;
  name: string;
  nameEn: string | null;
  /** For classes: the category code they belong to. */
  parentCode: string | null;
}

export type ImportDictionaries = Record<DictionaryKey, readonly DictionaryEntry[]>;

/** Code or name (either language, any case) → code; `null` marks a name shared by several codes. */
type Lookup = Map<string, string | null>;

/** Text compared without regard to surrounding space, runs of spaces or case. */
export { fold, isBlankRow } from '../../files/sheet-columns';

import { fold } from '../../files/sheet-columns';

function lookupOf(entries: readonly DictionaryEntry[]): Lookup {
  const byText: Lookup = new Map();
  const byCode = new Map(entries.map((e) => [fold(e.code), e.code]));
  for (const entry of entries) {
    for (const name of [entry.name, entry.nameEn]) {
      if (!name) continue;
      const key = fold(name);
      if (byCode.has(key)) continue; // a code always wins over a name that spells it
      const known = byText.get(key);
      byText.set(key, known === undefined || known === entry.code ? entry.code : null);
    }
  }
  for (const [key, code] of byCode) byText.set(key, code);
  return byText;
}

/** The dictionaries prepared for reading rows (built once per import). */
export interface RowContext {
  lookups: Record<DictionaryKey, Lookup>;
  classParent: ReadonlyMap<string, string | null>;
  names: Record<DictionaryKey, ReadonlyMap<string, DictionaryEntry>>;
}

export function rowContext(dictionaries: ImportDictionaries): RowContext {
  const byCode = (key: DictionaryKey) => new Map(dictionaries[key].map((e) => [e.code, e]));
  return {
    lookups: {
      category: lookupOf(dictionaries.category),
      deviceClass: lookupOf(dictionaries.deviceClass),
      propertyType: lookupOf(dictionaries.propertyType),
      status: lookupOf(dictionaries.status),
    },
    classParent: new Map(dictionaries.deviceClass.map((e) => [e.code, e.parentCode])),
    names: {
      category: byCode('category'),
      deviceClass: byCode('deviceClass'),
      propertyType: byCode('propertyType'),
      status: byCode('status'),
    },
  };
}

/** An item's name in `lang` (English falls back to the Chinese name), or the code when unknown. */
export function dictionaryName(
  context: RowContext,
  key: DictionaryKey,
  code: string | null,
  lang: Lang,
): string {
  if (code === null) return '';
  const entry = context.names[key].get(code);
  if (!entry) return code;
  return nameIn(lang, entry.name, entry.nameEn);
}

// ---------------------------------------------------------------------------------------------------
// Rows

/** The values one accepted row writes (codes, not names). */
export interface ImportValues {
  assetNo: string;
  deviceName: string;
  deviceCategory: string;
  deviceClass: string;
  deviceBrand: string | null;
  model: string | null;
  deviceSn: string | null;
  deviceSystem: number | null;
  connectType: number | null;
  intranetIp: string | null;
  macAddress: string | null;
  /** The MAC as 12 lower-case hex digits (the match key), null without a MAC. */
  macKey: string | null;
  specifications: string | null;
  propertyType: string | null;
  serviceLife: number | null;
  custodian: string | null;
  /** YYYY-MM-DD. */
  obtainTime: string | null;
  vinNo: string | null;
  inumber: string | null;
  /** Property status (INVENTORY_STATUS code as a number: PropertyStatus). */
  status: number;
  remark: string | null;
  index: string | null;
}

export interface RowError {
  /** The column at fault; null for the row as a whole. */
  column: ImportKey | null;
  message: Label;
}

export interface ParsedRow {
  /** The row number as Excel shows it. */
  row: number;
  /** Set when the row passed every cell rule (file duplicates and the store checks come after). */
  values: ImportValues | null;
  errors: RowError[];
}

const DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

/** `2025-6-1`, `2025/06/01` → `2025-06-01`; null when it is not a calendar date. */
export function isoDate(textIn: string): string | null {
  const m = DATE.exec(textIn.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return null;
  return date.toISOString().slice(0, 10);
}

const cut = (s: string) => (s.length > EXCEL_CELL_LIMIT ? s.slice(0, EXCEL_CELL_LIMIT) : s);

function formulaMessage(message: string): Label {
  if (message.includes('formula'))
    return {
      zh: '须填写值，不能是公式（导入只读取值）',
      en: 'must be a value, not a formula (the import reads values only)',
    };
  if (message.includes('error')) return { zh: '是 Excel 错误值', en: 'holds an Excel error value' };
  return { zh: '不是文本或数字', en: 'is not text or a number' };
}

function choiceList(context: RowContext, key: DictionaryKey): { zh: string; en: string } {
  const entries = [...context.names[key].values()].slice(0, 12);
  const more = context.names[key].size > entries.length ? '…' : '';
  return {
    zh: entries.map((e) => e.name).join('、') + more,
    en: entries.map((e) => nameIn('en', e.name, e.nameEn)).join(', ') + more,
  };
}

type ReadCell = { ok: true; value: string | number | null } | { ok: false; message: Label };

function readCell(column: ImportColumn, raw: string, context: RowContext): ReadCell {
  const value = raw.trim();
  if (value === '') {
    if (column.required) return { ok: false, message: { zh: '必填', en: 'is required' } };
    return { ok: true, value: null };
  }
  if (value.length > column.max) {
    return {
      ok: false,
      message: {
        zh: `最多 ${column.max} 个字符（此处有 ${value.length} 个）`,
        en: `must be at most ${column.max} characters (this one has ${value.length})`,
      },
    };
  }
  const kind = column.kind;
  switch (kind.type) {
    case 'text':
      return { ok: true, value };
    case 'date': {
      const date = isoDate(value);
      return date
        ? { ok: true, value: date }
        : { ok: false, message: { zh: '须是日期，格式 YYYY-MM-DD', en: 'must be a date as YYYY-MM-DD' } };
    }
    case 'mac':
      return macKey(value) !== null
        ? { ok: true, value }
        : {
            ok: false,
            message: {
              zh: 'MAC 地址无效（例如 00:26:AB:12:34:56）',
              en: 'Invalid MAC address (for example 00:26:AB:12:34:56)',
            },
          };
    case 'ip':
      return isIpAddress(value)
        ? { ok: true, value }
        : {
            ok: false,
            message: { zh: 'IP 地址无效（IPv4 或 IPv6）', en: 'Invalid IP address (IPv4 or IPv6)' },
          };
    case 'int': {
      const n = /^[+]?\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
      return Number.isInteger(n) && n >= kind.min && n <= kind.max
        ? { ok: true, value: n }
        : {
            ok: false,
            message: {
              zh: `须是 ${kind.min} 到 ${kind.max} 的整数`,
              en: `must be a whole number from ${kind.min} to ${kind.max}`,
            },
          };
    }
    case 'enum': {
      const folded = fold(value);
      const hit = kind.values.find(
        (e) => String(e.value) === folded || fold(e.label.zh) === folded || fold(e.label.en) === folded,
      );
      if (hit) return { ok: true, value: hit.value };
      return {
        ok: false,
        message: {
          zh: `须是以下之一：${kind.values.map((e) => e.label.zh).join('、')}`,
          en: `must be one of: ${kind.values.map((e) => e.label.en).join(', ')}`,
        },
      };
    }
    case 'dictionary': {
      const code = context.lookups[kind.dictionary].get(fold(value));
      if (code) return { ok: true, value: code };
      if (code === null) {
        return {
          ok: false,
          message: {
            zh: `“${value}”对应多个字典项；请填写编码`,
            en: `"${value}" names several dictionary items; give the code instead`,
          },
        };
      }
      const choices = choiceList(context, kind.dictionary);
      return {
        ok: false,
        message: {
          zh: `不在字典中（可填编码或名称：${choices.zh}）`,
          en: `is not in the dictionary (give a code or a name: ${choices.en})`,
        },
      };
    }
  }
}

/**
 * Reads one data row (`values` as the sheet reader gives them, 1-based) through the header map. Every cell is
 * checked, so the reply lists all of a row's problems at once.
 */
export function parseRow(
  row: number,
  values: ReadonlyArray<SheetValue | undefined>,
  header: HeaderMap,
  context: RowContext,
): ParsedRow {
  const errors: RowError[] = [];
  const read: Partial<Record<ImportKey, string | number | null>> = {};
  for (const column of IMPORT_COLUMNS) {
    const at = header.get(column.key);
    const cell = cellText(at === undefined ? null : (values[at] ?? null));
    if (!cell.ok) {
      errors.push({ column: column.key, message: formulaMessage(cell.message) });
      continue;
    }
    const result = readCell(column, cell.text, context);
    if (result.ok) read[column.key] = result.value;
    else errors.push({ column: column.key, message: result.message });
  }
  const category = read.deviceCategory as string | undefined;
  const deviceClass = read.deviceClass as string | undefined;
  if (category && deviceClass && context.classParent.get(deviceClass) !== category) {
    errors.push({
      column: 'deviceClass',
      message: {
        zh: '不属于所填的设备大类',
        en: 'does not belong to the category given',
      },
    });
  }
  if (errors.length > 0) return { row, values: null, errors };
  const textOf = (key: ImportKey) => (read[key] ?? null) as string | null;
  const mac = textOf('macAddress');
  return {
    row,
    errors,
    values: {
      assetNo: read.assetNo as string,
      deviceName: read.deviceName as string,
      deviceCategory: category as string,
      deviceClass: deviceClass as string,
      deviceBrand: textOf('deviceBrand'),
      model: textOf('model'),
      deviceSn: textOf('deviceSn'),
      deviceSystem: (read.deviceSystem ?? null) as number | null,
      connectType: (read.connectType ?? null) as number | null,
      intranetIp: textOf('intranetIp'),
      macAddress: mac,
      macKey: mac === null ? null : macKey(mac),
      specifications: textOf('specifications'),
      propertyType: textOf('propertyType'),
      serviceLife: (read.serviceLife ?? null) as number | null,
      custodian: textOf('custodian'),
      obtainTime: textOf('obtainTime'),
      vinNo: textOf('vinNo'),
      inumber: textOf('inumber'),
      status: Number(textOf('status') ?? DEFAULT_STATUS_CODE),
      remark: textOf('remark'),
      index: textOf('index'),
    },
  };
}

/**
 * A rejected row's cells as sent, for the reply and the report: each import column's text as typed, in
 * IMPORT_COLUMNS order, cut to EXCEL_CELL_LIMIT ('' for a formula or error cell). Built only for the
 * rows that are rejected: accepted rows never need them.
 */
export function sentCells(values: ReadonlyArray<SheetValue | undefined>, header: HeaderMap): string[] {
  return IMPORT_COLUMNS.map((column) => {
    const at = header.get(column.key);
    const cell = cellText(at === undefined ? null : (values[at] ?? null));
    return cell.ok ? cut(cell.text) : '';
  });
}

/**
 * `text` as a string of its own. The sheet reader's values are slices of the text it read: kept in a
 * map for the whole import, a slice would keep that whole text alive. Concatenating and slicing makes
 * V8 copy just these characters (cheaper than a round trip through a Buffer).
 */
export function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}
