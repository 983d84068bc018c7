/**
 * The inventory import template: the import's columns (inventory-import-rows.ts), a header row in
 * the caller's language, one example row, and drop-down lists for the dictionary fields (category,
 * class, property type, status: the dictionary's names in the caller's language, kept on a hidden
 * sheet so a long dictionary fits) and the operating system and connection type. The import reads it
 * back as is: titles in either language, names or codes, the example row skipped while unchanged.
 */
import { ConnectType, DeviceSystem, type Lang, nameIn, PropertyStatus } from '@storefleet/contracts';

import { loadExcel } from '../../files/spreadsheet-upload';
import { columnHeader, type DictionaryKey, IMPORT_COLUMNS } from './inventory-columns';
import {
  dictionaryName,
  type ImportDictionaries,
  type ImportValues,
  type RowContext,
  rowContext,
} from './inventory-import-rows';

export const TEMPLATE_SHEET: Record<Lang, string> = { zh: '资产台账', en: 'Inventory' };
const LISTS_SHEET = 'lists';
/** Rows that get the drop-downs (a larger import is filled by copying, which keeps them). */
const VALIDATED_ROWS = 1000;

/** The example row (codes): a receipt printer. Skipped by the import while unchanged. */
export const EXAMPLE_VALUES: ImportValues = {
  assetNo: 'ZC-EXAMPLE-0001',
  deviceName: '收银台打印机1',
  deviceCategory: 'print',
  deviceClass: 'receipt-printer',
  deviceBrand: 'EPSON',
  model: 'TM-T88VI',
  deviceSn: 'X6F1234567',
  deviceSystem: DeviceSystem.OTHER,
  connectType: ConnectType.SYSLOG,
  intranetIp: '127.0.0.21',
  macAddress: '00:26:AB:12:34:56',
  macKey: '0026ab123456',
  specifications: '80mm',
  propertyType: 'owned',
  serviceLife: 5,
  custodian: '张三',
  obtainTime: '2025-06-01',
  vinNo: null,
  inumber: null,
  status: PropertyStatus.NORMAL,
  remark: null,
  index: null,
};

/** The example's words that change with the language. */
const EXAMPLE_IN: Record<Lang, Pick<ImportValues, 'deviceName' | 'custodian'>> = {
  zh: { deviceName: EXAMPLE_VALUES.deviceName, custodian: EXAMPLE_VALUES.custodian },
  en: { deviceName: 'Checkout printer 1', custodian: 'Alex Chen' },
};

/** Whether a row's values are the template's example (in either language), unchanged. */
export function isExampleRow(values: ImportValues): boolean {
  return (['zh', 'en'] as const).some((lang) => {
    const example: ImportValues = { ...EXAMPLE_VALUES, ...EXAMPLE_IN[lang] };
    return (Object.keys(example) as Array<keyof ImportValues>).every((key) => values[key] === example[key]);
  });
}

const ENUM_LISTS = {
  deviceSystem: DeviceSystem.entries,
  connectType: ConnectType.entries,
} as const;

/** The example row's cells in `lang` (names, not codes), in IMPORT_COLUMNS order. */
function exampleCells(context: RowContext, lang: Lang): Array<string | number | Date | null> {
  const v = EXAMPLE_VALUES;
  const cells: Record<string, string | number | Date | null> = {
    ...v,
    ...EXAMPLE_IN[lang],
    deviceCategory: dictionaryName(context, 'category', v.deviceCategory, lang),
    deviceClass: dictionaryName(context, 'deviceClass', v.deviceClass, lang),
    deviceSystem: DeviceSystem.labelOf(DeviceSystem.OTHER, lang),
    connectType: ConnectType.labelOf(ConnectType.SYSLOG, lang),
    propertyType: dictionaryName(context, 'propertyType', v.propertyType, lang),
    status: dictionaryName(context, 'status', String(v.status), lang),
    obtainTime: new Date(`${v.obtainTime}T00:00:00Z`),
  };
  return IMPORT_COLUMNS.map((c) => cells[c.key] ?? null);
}

function columnLetter(index: number): string {
  let name = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Builds the template workbook as .xlsx bytes, in `lang`, with the dictionaries' names as choices. */
export async function buildInventoryTemplate(dictionaries: ImportDictionaries, lang: Lang): Promise<Buffer> {
  const context = rowContext(dictionaries);
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET[lang]);
  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  sheet.getRow(1).values = IMPORT_COLUMNS.map((c) => columnHeader(c, lang));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).values = exampleCells(context, lang);
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF888888' } };
  sheet.getColumn(IMPORT_COLUMNS.findIndex((c) => c.key === 'obtainTime') + 1).numFmt = 'yyyy-mm-dd';

  // One hidden column per list: the names a user picks from.
  const listColumns: Array<{ key: string; names: string[] }> = [];
  IMPORT_COLUMNS.forEach((column) => {
    if (column.kind.type === 'dictionary') {
      const key = column.kind.dictionary as DictionaryKey;
      listColumns.push({
        key: column.key,
        names: dictionaries[key].map((e) => nameIn(lang, e.name, e.nameEn)),
      });
    } else if (column.key === 'deviceSystem' || column.key === 'connectType') {
      listColumns.push({ key: column.key, names: ENUM_LISTS[column.key].map((e) => e.label[lang]) });
    }
  });
  const ranges = new Map<string, string>();
  listColumns.forEach(({ key, names }, i) => {
    const letter = columnLetter(i + 1);
    lists.getCell(1, i + 1).value = key;
    names.forEach((name, r) => {
      lists.getCell(r + 2, i + 1).value = name;
    });
    if (names.length > 0) ranges.set(key, `${LISTS_SHEET}!$${letter}$2:$${letter}$${names.length + 1}`);
  });

  IMPORT_COLUMNS.forEach((column, i) => {
    const range = ranges.get(column.key);
    if (!range) return;
    for (let row = 2; row <= VALIDATED_ROWS + 1; row++) {
      sheet.getCell(row, i + 1).dataValidation = {
        type: 'list',
        allowBlank: !column.required,
        formulae: [range],
        showErrorMessage: true,
        error: lang === 'zh' ? '请选择列表中的值' : 'Choose a value from the list',
      };
    }
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
