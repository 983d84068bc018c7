/** Every enum and flag of spec §3, §4 and §9, each with its labels in both offered languages. */
import { defineEnum } from './labels';

/** User types (spec §3): numbers and names converted both ways by `userTypeName` / `userTypeNumber`. */
export const UserType = defineEnum([
  { value: 0, name: 'PLATFORM_USER', label: { zh: '平台用户', en: 'Platform user' } },
  { value: 1, name: 'CUSTOMER_ADMIN_USER', label: { zh: '客户管理员', en: 'Customer admin' } },
  {
    value: 2,
    name: 'AGENT_CUSTOMER_ADMIN_USER',
    label: { zh: '代理平台客户管理员', en: 'Agent-platform customer admin' },
  },
  { value: 3, name: 'CUSTOMER_COMMON_USER', label: { zh: '客户普通用户', en: 'Common customer user' } },
] as const);
export type UserTypeNumber = 0 | 1 | 2 | 3;
export type UserTypeName = (typeof UserType.entries)[number]['name'];

export function userTypeName(n: UserTypeNumber): UserTypeName {
  const entry = UserType.entryOf(n);
  if (!entry) throw new RangeError(`unknown user type number ${n}`);
  return entry.name as UserTypeName;
}
export function userTypeNumber(name: UserTypeName): UserTypeNumber {
  const entry = UserType.entries.find((e) => e.name === name);
  if (!entry) throw new RangeError(`unknown user type name ${name}`);
  return entry.value;
}

/** User status (spec §3): stored and sent as the name. */
export const UserStatus = defineEnum([
  { value: 'DRAFT', name: 'DRAFT', label: { zh: '草稿', en: 'Draft' } },
  { value: 'ACTIVE', name: 'ACTIVE', label: { zh: '启用', en: 'Active' } },
  { value: 'INACTIVE', name: 'INACTIVE', label: { zh: '停用', en: 'Inactive' } },
  { value: 'EXPIRED', name: 'EXPIRED', label: { zh: '已终止', en: 'Terminated' } },
  { value: 'REVIEW', name: 'REVIEW', label: { zh: '审核中', en: 'In review' } },
] as const);
export type UserStatusValue = 'DRAFT' | 'ACTIVE' | 'INACTIVE' | 'EXPIRED' | 'REVIEW';

export const StoreStatus = defineEnum([
  { value: 0, name: 'NORMAL', label: { zh: '正常', en: 'Normal' } },
  { value: 1, name: 'MOVED', label: { zh: '已搬迁', en: 'Moved' } },
] as const);

export const OnlineStatus = defineEnum([
  { value: 0, name: 'OFFLINE', label: { zh: '离线', en: 'Offline' } },
  { value: 1, name: 'ONLINE', label: { zh: '在线', en: 'Online' } },
] as const);

/** Device state, reading A (device management): what `updateState` sets. */
export const DeviceState = defineEnum([
  { value: 0, name: 'UNREGISTERED', label: { zh: '未注册', en: 'Unregistered' } },
  { value: 1, name: 'ENABLED', label: { zh: '启用', en: 'Enabled' } },
  { value: 2, name: 'DISABLED', label: { zh: '禁用', en: 'Disabled' } },
] as const);

/** Device state, reading B (list display): derived from reading A and the online status. */
export const DeviceDisplayState = defineEnum([
  { value: 1, name: 'ONLINE', label: { zh: '在线', en: 'Online' } },
  { value: 2, name: 'OFFLINE', label: { zh: '离线', en: 'Offline' } },
  { value: 3, name: 'DISABLED', label: { zh: '禁用', en: 'Disabled' } },
] as const);

export const ConnectType = defineEnum([
  { value: 1, name: 'AGENT', label: { zh: 'Agent', en: 'Agent' } },
  { value: 2, name: 'SNMP', label: { zh: 'SNMP', en: 'SNMP' } },
  { value: 3, name: 'SYSLOG', label: { zh: 'Syslog', en: 'Syslog' } },
  { value: 4, name: 'PING', label: { zh: 'Ping', en: 'Ping' } },
  { value: 5, name: 'EAGENT', label: { zh: 'EAgent', en: 'EAgent' } },
] as const);
/** The connect types the device forms and alert rules offer (spec §9). */
export const FORM_CONNECT_TYPES = [ConnectType.AGENT, ConnectType.SNMP, ConnectType.SYSLOG] as const;

/**
 * Product types (spec §9). The spec's English set covers 1–7 only; we give English labels to all so an
 * English console never shows Chinese, and keep the Chinese set as written.
 */
export const ProductType = defineEnum([
  { value: 1, name: 'AI_BOX', label: { zh: 'AI盒子', en: 'AI box' } },
  { value: 2, name: 'ROUTER', label: { zh: '路由器', en: 'Router' } },
  { value: 3, name: 'SWITCH', label: { zh: '交换机', en: 'Switch' } },
  { value: 4, name: 'POS', label: { zh: 'POS', en: 'POS' } },
  { value: 5, name: 'PRINTER', label: { zh: '打印机', en: 'Printer' } },
  { value: 6, name: 'COMPUTER', label: { zh: '电脑', en: 'Computer' } },
  { value: 7, name: 'SERVER', label: { zh: '服务器', en: 'Server' } },
  { value: 8, name: 'PDA', label: { zh: 'PDA', en: 'PDA' } },
  { value: 9, name: 'FORKLIFT_COMPUTER', label: { zh: '叉车电脑', en: 'Forklift computer' } },
  { value: 10, name: 'HANDHELD', label: { zh: '手持终端', en: 'Handheld' } },
  {
    value: 11,
    name: 'ELECTRIC_TRUCK_COMPUTER',
    label: { zh: '电动搬运车电脑', en: 'Electric truck computer' },
  },
  { value: 13, name: 'STOCKTAKE_TABLET', label: { zh: '移动盘点平板', en: 'Mobile stocktake tablet' } },
] as const);
export const PRODUCT_TYPE_OTHER = { zh: '其他', en: 'Other' } as const;

export const DeviceSystem = defineEnum([
  { value: 0, name: 'LINUX', label: { zh: 'Linux', en: 'Linux' } },
  { value: 1, name: 'WINDOWS', label: { zh: 'Windows', en: 'Windows' } },
  { value: 2, name: 'ANDROID', label: { zh: '安卓', en: 'Android' } },
  { value: 3, name: 'OTHER', label: { zh: '其他', en: 'Other' } },
] as const);

export const SendType = defineEnum([
  { value: 0, name: 'SMS', label: { zh: '短信', en: 'SMS' } },
  { value: 1, name: 'EMAIL', label: { zh: '邮件', en: 'Email' } },
  { value: 2, name: 'PHONE_CALL', label: { zh: '电话', en: 'Phone call' } },
] as const);

export const AlertOperator = defineEnum([
  { value: 'EQ', name: 'EQ', label: { zh: '等于', en: 'Equal to' } },
  { value: 'LT', name: 'LT', label: { zh: '小于', en: 'Less than' } },
  { value: 'GT', name: 'GT', label: { zh: '大于', en: 'Greater than' } },
] as const);

export const AlertRuleStatus = defineEnum([
  { value: 0, name: 'DISABLED', label: { zh: '禁用', en: 'Disabled' } },
  { value: 1, name: 'ENABLED', label: { zh: '启用', en: 'Enabled' } },
] as const);

export const AlertRecordStatus = defineEnum([
  { value: 0, name: 'UNRESOLVED', label: { zh: '未恢复', en: 'Unresolved' } },
  { value: 1, name: 'RECOVERED', label: { zh: '已恢复', en: 'Recovered' } },
] as const);

/** The 0/1 flags of spec §9: monitored, isInventory, isManage, pre-configured, isNetworkDevice. */
export const Flag = defineEnum([
  { value: 0, name: 'NO', label: { zh: '否', en: 'No' } },
  { value: 1, name: 'YES', label: { zh: '是', en: 'Yes' } },
] as const);
export const MonitoredFlag = defineEnum([
  { value: 0, name: 'NOT_MONITORED', label: { zh: '未监控', en: 'Not monitored' } },
  { value: 1, name: 'MONITORED', label: { zh: '已监控', en: 'Monitored' } },
] as const);
export const InventoryFlag = defineEnum([
  { value: 0, name: 'NOT_INVENTORIED', label: { zh: '未盘点', en: 'Not inventoried' } },
  { value: 1, name: 'INVENTORIED', label: { zh: '已盘点', en: 'Inventoried' } },
] as const);
export const ManageFlag = defineEnum([
  { value: 0, name: 'NOT_MANAGED', label: { zh: '未纳管', en: 'Not managed' } },
  { value: 1, name: 'MANAGED', label: { zh: '已纳管', en: 'Joined to management' } },
] as const);
export const NetworkFlag = defineEnum([
  { value: 0, name: 'NETWORKED', label: { zh: '联网', en: 'Networked' } },
  { value: 1, name: 'NOT_NETWORKED', label: { zh: '非联网', en: 'Not networked' } },
] as const);
export const PreinstallFlag = defineEnum([
  { value: 0, name: 'NO', label: { zh: '未预装', en: 'Not pre-configured' } },
  { value: 1, name: 'YES', label: { zh: '已预装', en: 'Pre-configured' } },
] as const);

export const PropertyStatus = defineEnum([
  { value: 1, name: 'NORMAL', label: { zh: '正常', en: 'Normal' } },
  { value: 2, name: 'IDLE', label: { zh: '闲置', en: 'Idle' } },
  { value: 3, name: 'FAULTY', label: { zh: '故障', en: 'Faulty' } },
  { value: 4, name: 'SCRAPPED', label: { zh: '报废', en: 'Scrapped' } },
] as const);

/** Forecast categoryType (spec §3). */
export const CategoryType = defineEnum([
  { value: 1, name: 'PC', label: { zh: '电脑', en: 'PC' } },
  { value: 2, name: 'WAREHOUSE_DEVICE', label: { zh: '仓库设备', en: 'Warehouse device' } },
  { value: 3, name: 'MONITOR', label: { zh: '监控', en: 'Monitor' } },
  { value: 4, name: 'AI_BOX', label: { zh: 'AI盒子', en: 'AI box' } },
  { value: 5, name: 'OTHER', label: { zh: '其他', en: 'Other' } },
] as const);

/** Anomaly and forecast queryType (spec §3): 0 device, 1 shop or warehouse. */
export const ForecastQueryType = defineEnum([
  { value: 0, name: 'DEVICE', label: { zh: '设备', en: 'Device' } },
  { value: 1, name: 'SHOP', label: { zh: '门店/仓库', en: 'Store or warehouse' } },
] as const);

/**
 * Device list queryType (spec §7 gives two opposite readings). Storefleet reads 1 as "boxes" and 0 as
 * "sub-devices" (the first reading): the gateway page lists boxes, and a box's devices are its subs.
 */
export const DeviceQueryType = defineEnum([
  { value: 0, name: 'SUB_DEVICE', label: { zh: '子设备', en: 'Sub-device' } },
  { value: 1, name: 'BOX', label: { zh: '盒子', en: 'Box' } },
] as const);

/** Alert type (spec §3): warehouse network or warehouse device. */
export const AlertType = defineEnum([
  { value: 1, name: 'WAREHOUSE_NETWORK', label: { zh: '仓库网络', en: 'Warehouse network' } },
  { value: 2, name: 'WAREHOUSE_DEVICE', label: { zh: '仓库设备', en: 'Warehouse device' } },
] as const);

/** Dictionary types served by `GET {type}/type` (spec §7). */
export const DICTIONARY_TYPES = [
  'PRODUCT_TYPE',
  'SYSTEM_TYPE',
  'PROPERTY_TYPE',
  'INVENTORY_STATUS',
  'CONFIG_ITEMS',
  'BRAND',
  'ALERTPRIORITY',
  'MODEL',
] as const;
export type DictionaryType = (typeof DICTIONARY_TYPES)[number];
export const CLASS_TYPE_LOOKUPS = ['SUBCLASS_TYPE', 'CATEGORY_TYPE'] as const;
