/**
 * The device import template: one sheet, a header row (field key and Chinese name), an example row,
 * and drop-down lists for product type, connect type, system and pre-install flag. The import reads
 * the same columns by position, so this file is the one place that defines them.
 */
import { ConnectType, DeviceSystem, ProductType } from '@storefleet/contracts';

import { loadExcel } from '../../files/spreadsheet-upload';

export interface TemplateColumn {
  /** The add body's field name. */
  key: string;
  title: string;
  required: boolean;
  width: number;
  /** Drop-down choices written as `<value>-<label>`; the import reads the leading number. */
  choices?: string[];
}

const choices = (entries: ReadonlyArray<{ value: number; label: { zh: string } }>) =>
  entries.map((e) => `${e.value}-${e.label.zh}`);

export const TEMPLATE_COLUMNS: readonly TemplateColumn[] = [
  { key: 'deviceName', title: '设备名称', required: true, width: 20 },
  { key: 'hostid', title: '主机标识', required: true, width: 16 },
  { key: 'productId', title: '产品类型', required: true, width: 16, choices: choices(ProductType.entries) },
  { key: 'connectType', title: '连接方式', required: true, width: 12, choices: choices(ConnectType.entries) },
  {
    key: 'deviceSystem',
    title: '操作系统',
    required: true,
    width: 12,
    choices: choices(DeviceSystem.entries),
  },
  { key: 'deviceBrand', title: '品牌', required: true, width: 14 },
  { key: 'model', title: '型号', required: true, width: 16 },
  { key: 'deviceCategory', title: '设备大类编码', required: true, width: 14 },
  { key: 'deviceClass', title: '设备小类编码', required: true, width: 16 },
  { key: 'deviceSn', title: '序列号', required: false, width: 18 },
  { key: 'intranetIp', title: '内网IP', required: false, width: 16 },
  { key: 'extranetIp', title: '外网IP', required: false, width: 16 },
  { key: 'macAddress', title: 'MAC地址', required: false, width: 19 },
  { key: 'port', title: '端口', required: false, width: 8 },
  { key: 'community', title: 'SNMP团体名', required: false, width: 12 },
  { key: 'isPreinstallation', title: '是否预装', required: false, width: 10, choices: ['0-否', '1-是'] },
  { key: 'assetNo', title: '资产编号', required: false, width: 14 },
  { key: 'vinNo', title: '车架号', required: false, width: 14 },
  { key: 'propertyType', title: '资产性质编码', required: false, width: 14 },
  { key: 'serviceLife', title: '使用年限', required: false, width: 10 },
  { key: 'custodian', title: '保管人', required: false, width: 12 },
  { key: 'specifications', title: '规格', required: false, width: 16 },
  { key: 'obtainTime', title: '取得日期(YYYY-MM-DD)', required: false, width: 20 },
  { key: 'describe', title: '描述', required: false, width: 24 },
];

/** The example row (second row): a receipt printer on the store box's network. Users may overwrite it. */
const EXAMPLE: Record<string, string | number> = {
  deviceName: '收银台打印机1',
  hostid: 'printer-01',
  productId: '5-打印机',
  connectType: '3-Syslog',
  deviceSystem: '3-其他',
  deviceBrand: 'EPSON',
  model: 'TM-T88VI',
  deviceCategory: 'print',
  deviceClass: 'receipt-printer',
  deviceSn: 'X6F1234567',
  intranetIp: '127.0.0.21',
  macAddress: '00:26:AB:12:34:56',
  port: 161,
  isPreinstallation: '0-否',
  obtainTime: '2025-06-01',
};

export const TEMPLATE_SHEET = 'devices';
/**
 * Data starts at row 2, where the example sits: users overwrite it with their first device, so it
 * is read like any row and skipped only when it still reads exactly as the example (isExampleRow).
 */
export const FIRST_DATA_ROW = 2;
const VALIDATED_ROWS = 1000;

/** The example row's cells as text, in column order. */
const EXAMPLE_TEXTS = TEMPLATE_COLUMNS.map((c) => String(EXAMPLE[c.key] ?? ''));

/** Whether a row's cell texts (column order) are the template's example, unchanged. */
export function isExampleRow(texts: readonly string[]): boolean {
  return EXAMPLE_TEXTS.every((text, i) => (texts[i] ?? '').trim() === text);
}

/** Row 1's text of each column: `*设备名称 (deviceName)` (a star marks required columns). */
export function columnHeader(column: TemplateColumn): string {
  return `${column.required ? '*' : ''}${column.title} (${column.key})`;
}

/** Builds the template workbook as .xlsx bytes. */
export async function buildDeviceTemplate(): Promise<Buffer> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET);
  sheet.columns = TEMPLATE_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  sheet.getRow(1).values = TEMPLATE_COLUMNS.map(columnHeader);
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).values = TEMPLATE_COLUMNS.map((c) => EXAMPLE[c.key] ?? null);
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF888888' } };
  TEMPLATE_COLUMNS.forEach((column, i) => {
    if (!column.choices) return;
    const list = `"${column.choices.join(',')}"`;
    for (let row = FIRST_DATA_ROW; row <= VALIDATED_ROWS + 1; row++) {
      sheet.getCell(row, i + 1).dataValidation = {
        type: 'list',
        allowBlank: !column.required,
        formulae: [list],
        showErrorMessage: true,
        error: `请选择列表中的值 / choose a value from the list`,
      };
    }
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
