/**
 * The inventory sheet's columns, one list for the import template, the import, the row-error report
 * and the export's shared part (docs/decisions/inventory.md "Import"): each column's key, title in
 * both languages, whether it is required, its longest text, its width and how its text is read.
 */
import { ConnectType, DeviceSystem, type Label, type Lang } from '@storefleet/contracts';

/** Excel's own limit for the text of one cell; longer cells are cut to it in any workbook we write. */
export { EXCEL_CELL_LIMIT } from '../../files/sheet-columns';

export type ImportKey =
  | 'assetNo'
  | 'deviceName'
  | 'deviceCategory'
  | 'deviceClass'
  | 'deviceBrand'
  | 'model'
  | 'deviceSn'
  | 'deviceSystem'
  | 'connectType'
  | 'intranetIp'
  | 'macAddress'
  | 'specifications'
  | 'propertyType'
  | 'serviceLife'
  | 'custodian'
  | 'obtainTime'
  | 'vinNo'
  | 'inumber'
  | 'status'
  | 'remark'
  | 'index';

/** How a column's text is read. `dictionary` columns take a code or a name in either language. */
export type ColumnKind =
  | { type: 'text' }
  | { type: 'date' }
  | { type: 'mac' }
  | { type: 'ip' }
  | { type: 'int'; min: number; max: number }
  | { type: 'dictionary'; dictionary: DictionaryKey }
  | { type: 'enum'; values: ReadonlyArray<{ value: number; label: Label }> };

export type DictionaryKey = 'category' | 'deviceClass' | 'propertyType' | 'status';

export interface ImportColumn {
  key: ImportKey;
  title: Label;
  required: boolean;
  /** Longest text accepted (characters, after trimming). */
  max: number;
  width: number;
  kind: ColumnKind;
}

const text: ColumnKind = { type: 'text' };

/** The import's columns in template order. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'assetNo',
    title: { zh: '资产编号', en: 'Asset number' },
    required: true,
    max: 64,
    width: 18,
    kind: text,
  },
  {
    key: 'deviceName',
    title: { zh: '设备名称', en: 'Device name' },
    required: true,
    max: 128,
    width: 22,
    kind: text,
  },
  {
    key: 'deviceCategory',
    title: { zh: '设备大类', en: 'Category' },
    required: true,
    max: 64,
    width: 16,
    kind: { type: 'dictionary', dictionary: 'category' },
  },
  {
    key: 'deviceClass',
    title: { zh: '设备小类', en: 'Class' },
    required: true,
    max: 64,
    width: 18,
    kind: { type: 'dictionary', dictionary: 'deviceClass' },
  },
  { key: 'deviceBrand', title: { zh: '品牌', en: 'Brand' }, required: false, max: 64, width: 14, kind: text },
  { key: 'model', title: { zh: '型号', en: 'Model' }, required: false, max: 64, width: 16, kind: text },
  {
    key: 'deviceSn',
    title: { zh: '设备SN', en: 'Device SN' },
    required: false,
    max: 128,
    width: 18,
    kind: text,
  },
  {
    key: 'deviceSystem',
    title: { zh: '操作系统', en: 'Operating system' },
    required: false,
    max: 32,
    width: 14,
    kind: { type: 'enum', values: DeviceSystem.entries },
  },
  {
    key: 'connectType',
    title: { zh: '连接方式', en: 'Connection type' },
    required: false,
    max: 32,
    width: 14,
    kind: { type: 'enum', values: ConnectType.entries },
  },
  {
    key: 'intranetIp',
    title: { zh: '内网IP', en: 'Intranet IP' },
    required: false,
    max: 64,
    width: 18,
    kind: { type: 'ip' },
  },
  {
    key: 'macAddress',
    title: { zh: 'MAC地址', en: 'MAC address' },
    required: false,
    max: 32,
    width: 19,
    kind: { type: 'mac' },
  },
  {
    key: 'specifications',
    title: { zh: '规格', en: 'Specifications' },
    required: false,
    max: 500,
    width: 18,
    kind: text,
  },
  {
    key: 'propertyType',
    title: { zh: '资产性质', en: 'Property type' },
    required: false,
    max: 64,
    width: 14,
    kind: { type: 'dictionary', dictionary: 'propertyType' },
  },
  {
    key: 'serviceLife',
    title: { zh: '使用年限', en: 'Service life (years)' },
    required: false,
    max: 16,
    width: 12,
    kind: { type: 'int', min: 0, max: 100 },
  },
  {
    key: 'custodian',
    title: { zh: '保管人', en: 'Custodian' },
    required: false,
    max: 64,
    width: 12,
    kind: text,
  },
  {
    key: 'obtainTime',
    title: { zh: '取得日期', en: 'Date obtained' },
    required: false,
    max: 32,
    width: 14,
    kind: { type: 'date' },
  },
  {
    key: 'vinNo',
    title: { zh: '车架号', en: 'Frame number' },
    required: false,
    max: 64,
    width: 18,
    kind: text,
  },
  {
    key: 'inumber',
    title: { zh: '资产序号', en: 'Inventory number' },
    required: false,
    max: 64,
    width: 16,
    kind: text,
  },
  {
    key: 'status',
    title: { zh: '资产状态', en: 'Property status' },
    required: false,
    max: 64,
    width: 12,
    kind: { type: 'dictionary', dictionary: 'status' },
  },
  { key: 'remark', title: { zh: '备注', en: 'Remark' }, required: false, max: 500, width: 28, kind: text },
  {
    key: 'index',
    title: { zh: '自定义序号', en: 'Custom index' },
    required: false,
    max: 64,
    width: 12,
    kind: text,
  },
];

export const COLUMN_BY_KEY: ReadonlyMap<ImportKey, ImportColumn> = new Map(
  IMPORT_COLUMNS.map((c) => [c.key, c]),
);

/** Row 1's text of a column in `lang`: `*资产编号` (a star marks a required column). */
export function columnHeader(column: ImportColumn, lang: Lang): string {
  return `${column.required ? '*' : ''}${column.title[lang]}`;
}
