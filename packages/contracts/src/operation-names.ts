/**
 * The operation log's names of the calls, in both languages. Each call is recorded under its
 * endpoint's English `summary` (the spec's `apiName`); the server shows it in the reader's language
 * from this table, and a test checks every endpoint has its Chinese name. Which calls are recorded at
 * all: `isRecordedCall` below.
 */
import type { AnyEndpoint } from './endpoint';
import type { Label, Lang } from './labels';

/** The name of an entry whose path matched no call. */
export const UNKNOWN_CALL = 'Unknown call';

/** Chinese names by English summary. */
export const OPERATION_NAMES_ZH: Readonly<Record<string, string>> = {
  [UNKNOWN_CALL]: '未知接口',
  'Add a device': '新增设备',
  'Add alert rule': '新增告警规则',
  'Add or rename level': '新增或重命名层级',
  'Add or update level label': '新增或修改层级名称',
  'Add or update net-test address': '新增或修改网络测试地址',
  'Add store': '新增门店',
  'Alert events of a device': '设备告警记录',
  'Alert rules of a device': '设备的告警规则',
  'Alert types': '告警类型',
  'All levels, flat': '全部层级',
  'An uploaded logo image': '已上传的标志图片',
  'Areas of a role': '角色的区域',
  'Battery, CPU, memory and disks of an Android or agent device': '安卓或代理设备的电池、CPU、内存和磁盘',
  'Change a company logo': '修改企业标志',
  'Change own password': '修改本人密码',
  'Config items of a company': '企业配置项',
  'Config items of the current company': '当前企业配置项',
  'Count boxes: pre-configured, online, offline': '盒子统计：预装、在线、离线',
  'Count listed devices by online status': '按在线状态统计设备',
  'Stores with offline or alerting devices': '有离线或告警设备的门店',
  'Create role': '新增角色',
  'Create user': '新增用户',
  'Current session': '当前会话',
  'Delete alert rule': '删除告警规则',
  'Delete level': '删除层级',
  'Delete level label': '删除层级名称',
  'Delete net-test address': '删除网络测试地址',
  'Delete role': '删除角色',
  'Delete store': '删除门店',
  'Dependent dictionary (e.g. models of a brand)': '关联字典（如品牌的型号）',
  'Device category tree': '设备分类树',
  'Dictionary by type': '按类型查询字典',
  'Disable user': '停用用户',
  'Download the device import template': '下载设备导入模板',
  'Enable or disable a device': '启用或禁用设备',
  'Enable or disable alert rule': '启用或禁用告警规则',
  'Enable user': '启用用户',
  'Import devices into a store from the template': '按模板导入门店设备',
  'Issue a new security key for a box': '为盒子签发新密钥',
  'Last 20 history points of one item': '监控项最近 20 个历史值',
  'Latest 30 online points of a device': '设备最近 30 个在线记录',
  'Level tree': '层级树',
  "List a box's devices": '盒子下的设备',
  "List a store's devices of one product type": '门店某产品类型的设备',
  'List alert rules': '告警规则列表',
  'List areas': '区域列表',
  'List companies': '企业列表',
  'List devices': '设备列表',
  'List level labels': '层级名称列表',
  'List net-test addresses': '网络测试地址列表',
  'List operation log entries': '操作日志列表',
  'List operation names': '操作名称列表',
  'List roles': '角色列表',
  'List stores': '门店列表',
  'List users': '用户列表',
  'List users covering stores': '负责门店的用户列表',
  'Lower levels of a level': '下级层级',
  'Lower levels of several levels': '多个层级的下级层级',
  'Mark a box as pre-configured or not': '设置盒子预装状态',
  'Move store': '门店搬迁',
  'Permission codes the caller may grant': '可授予的权限码',
  "Ping an address from the device's store box": '从门店盒子 Ping 地址',
  'Region → province → city tree': '大区-省份-城市树',
  Regions: '大区列表',
  'Remote-control URL of an Android device': '安卓设备远程控制地址',
  'Role detail': '角色详情',
  'Running items of a device': '设备运行信息',
  'Save config items': '保存配置项',
  'Search stores and devices': '搜索门店和设备',
  'Search stores by name': '按名称搜索门店',
  'Set a company logo': '设置企业标志',
  'Set the monitored flag of several devices': '批量设置设备监控状态',
  'Show one device': '设备详情',
  'Sign in': '登录',
  'Sign out': '退出登录',
  'Small categories of a large one, or the large category of a small one': '查询大类的小类或小类的大类',
  'Stores of a level': '层级下的门店',
  'Stores of several levels': '多个层级下的门店',
  'Stream device status changes (server-sent events)': '设备状态实时推送',
  'Syslog lines of a device': '设备系统日志',
  'The company logo': '企业标志',
  'Ticket for one live-updates stream': '实时推送凭证',
  'Trigger items of an alert type': '告警类型的触发项',
  'Update a device': '修改设备',
  'Update alert rule': '修改告警规则',
  'Update role': '修改角色',
  'Update store': '修改门店',
  'Update user': '修改用户',
  'Upload a logo image': '上传标志图片',
  'User detail': '用户详情',
};

/** The recorded name of a call (its English summary) in `lang`; a name without a translation stays as is. */
export function operationName(apiName: string, lang: Lang): string {
  return lang === 'zh' ? (OPERATION_NAMES_ZH[apiName] ?? apiName) : apiName;
}

/** The recorded name in both languages. */
export function operationLabel(apiName: string): Label {
  return { zh: operationName(apiName, 'zh'), en: apiName };
}

/**
 * Whether a call changes data: its `writes` flag, else every method but GET. A GET that writes (spec
 * §7 has several: `update/{id}/status`, `delete/{id}/alert`, `ids`, `updateState`) says `writes: true`;
 * a POST that only reads (a paged query with a body) says `writes: false`.
 */
export function endpointWrites(endpoint: Pick<AnyEndpoint, 'method' | 'writes'>): boolean {
  return endpoint.writes ?? endpoint.method !== 'GET';
}

/**
 * What the operation log keeps: calls that change data (successful or not), sign-in (a POST: both
 * outcomes), and refusals for lack of permission (403) of any call. Reads are left out, and so are
 * GETs to unknown paths; a non-GET to an unknown path is kept (it looks like probing).
 */
export function isRecordedCall(
  endpoint: Pick<AnyEndpoint, 'method' | 'writes'> | undefined,
  method: string,
  status: number,
): boolean {
  if (status === 403) return true;
  return endpoint ? endpointWrites(endpoint) : method !== 'GET';
}
