/**
 * The dictionary as first shipped (frozen with migration 20251122_0350): device categories, the enum
 * dictionaries of spec §9 and the config item codes. Later additions go in a new migration that inserts
 * the missing rows; never edit this list once shipped.
 */
import type { SeedItem } from './dictionary-seed-types';

const LARGE: ReadonlyArray<readonly [code: string, zh: string, en: string]> = [
  ['network', '网络设备', 'Network equipment'],
  ['terminal', '终端设备', 'Terminals'],
  ['print', '打印设备', 'Printers'],
  ['mobile', '移动设备', 'Mobile devices'],
  ['camera', '监控设备', 'Surveillance'],
  ['box', 'AI盒子', 'AI boxes'],
];

/** [code, large category, zh, en, ProductType value it corresponds to] */
const SMALL: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['switch', 'network', '交换机', 'Switch', '3'],
  ['router', 'network', '路由器', 'Router', '2'],
  ['firewall', 'network', '防火墙', 'Firewall', '2'],
  ['ap', 'network', '无线AP', 'Wireless access point', '2'],
  ['pos', 'terminal', 'POS机', 'POS terminal', '4'],
  ['pc', 'terminal', '电脑', 'PC', '6'],
  ['server', 'terminal', '服务器', 'Server', '7'],
  ['monitor', 'terminal', '显示器', 'Monitor', '6'],
  ['receipt-printer', 'print', '小票打印机', 'Receipt printer', '5'],
  ['label-printer', 'print', '标签打印机', 'Label printer', '5'],
  ['pda', 'mobile', 'PDA', 'PDA', '8'],
  ['android-tablet', 'mobile', '安卓平板', 'Android tablet', '13'],
  ['handheld', 'mobile', '手持终端', 'Handheld terminal', '10'],
  ['ipc', 'camera', '网络摄像机', 'IP camera', ''],
  ['nvr', 'camera', '硬盘录像机', 'Network video recorder', ''],
  ['aibox', 'box', 'AI盒子', 'AI box', '1'],
];

const PRODUCT_TYPES: ReadonlyArray<readonly [string, string, string]> = [
  ['1', 'AI盒子', 'AI box'],
  ['2', '路由器', 'Router'],
  ['3', '交换机', 'Switch'],
  ['4', 'POS', 'POS'],
  ['5', '打印机', 'Printer'],
  ['6', '电脑', 'Computer'],
  ['7', '服务器', 'Server'],
  ['8', 'PDA', 'PDA'],
  ['9', '叉车电脑', 'Forklift computer'],
  ['10', '手持终端', 'Handheld'],
  ['11', '电动搬运车电脑', 'Electric truck computer'],
  ['13', '移动盘点平板', 'Mobile stocktake tablet'],
];

const SYSTEM_TYPES: ReadonlyArray<readonly [string, string, string]> = [
  ['0', 'Linux', 'Linux'],
  ['1', 'Windows', 'Windows'],
  ['2', '安卓', 'Android'],
  ['3', '其他', 'Other'],
];

const PROPERTY_TYPES: ReadonlyArray<readonly [string, string, string]> = [
  ['owned', '自有', 'Owned'],
  ['leased', '融资租赁', 'Leased'],
  ['rented', '租用', 'Rented'],
  ['borrowed', '借用', 'Borrowed'],
];

const INVENTORY_STATUSES: ReadonlyArray<readonly [string, string, string]> = [
  ['1', '正常', 'Normal'],
  ['2', '闲置', 'Idle'],
  ['3', '故障', 'Faulty'],
  ['4', '报废', 'Scrapped'],
];

/** Codes of the per-company settings (docs/decisions/config.md has defaults and ranges). */
const CONFIG_ITEMS: ReadonlyArray<readonly [string, string, string]> = [
  ['probe_interval_seconds', '探测间隔（秒）', 'Probe interval (seconds)'],
  ['offline_threshold_seconds', '离线判定时长（秒）', 'Offline threshold (seconds)'],
  ['history_retention_days', '历史数据保留天数', 'History retention (days)'],
  ['hourly_retention_days', '小时汇总保留天数', 'Hourly roll-up retention (days)'],
  ['syslog_retention_days', '系统日志保留天数', 'Syslog retention (days)'],
  ['store_open_time', '门店营业开始时间', 'Store opening time'],
  ['store_close_time', '门店营业结束时间', 'Store closing time'],
  ['alert_mute_start', '告警静默开始时间', 'Alert mute window start'],
  ['alert_mute_end', '告警静默结束时间', 'Alert mute window end'],
  ['alert_repeat_minutes', '告警重复通知间隔（分钟）', 'Alert repeat interval (minutes)'],
  ['alert_outside_hours', '非营业时间告警', 'Alert outside opening hours'],
];

const ALERT_PRIORITIES: ReadonlyArray<readonly [string, string, string]> = [
  ['1', '信息', 'Information'],
  ['2', '警告', 'Warning'],
  ['3', '一般严重', 'Average'],
  ['4', '严重', 'High'],
  ['5', '灾难', 'Disaster'],
];

function plain(type: string, rows: ReadonlyArray<readonly [string, string, string]>): SeedItem[] {
  return rows.map(([code, name, nameEn]) => ({ type, code, name, nameEn }));
}

/** Every non-brand row of the first dictionary. */
export const BASE_DICTIONARY: readonly SeedItem[] = [
  ...plain('CATEGORY_TYPE', LARGE),
  ...SMALL.map(([code, parentCode, name, nameEn, productType]) => ({
    type: 'SUBCLASS_TYPE',
    code,
    name,
    nameEn,
    parentCode,
    ...(productType ? { attribute1: productType } : {}),
  })),
  ...plain('PRODUCT_TYPE', PRODUCT_TYPES),
  ...plain('SYSTEM_TYPE', SYSTEM_TYPES),
  ...plain('PROPERTY_TYPE', PROPERTY_TYPES),
  ...plain('INVENTORY_STATUS', INVENTORY_STATUSES),
  ...plain('CONFIG_ITEMS', CONFIG_ITEMS),
  ...plain('ALERTPRIORITY', ALERT_PRIORITIES),
];
