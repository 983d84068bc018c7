/**
 * Permission codes (spec §6): module codes, page codes and button codes, arranged as the tree the role
 * editor shows. Menu items need their module and page codes; buttons need their button code; every
 * server route declares the codes it needs. Codes the spec leaves out (the task module, pages without
 * a page code) are ours and kept in the same style.
 */
import type { Label } from './labels';

export interface PermissionNode {
  code: string;
  label: Label;
  kind: 'module' | 'page' | 'button';
  children?: PermissionNode[];
}

const button = (code: string, zh: string, en: string): PermissionNode => ({
  code,
  kind: 'button',
  label: { zh, en },
});
const page = (code: string, zh: string, en: string, buttons: PermissionNode[] = []): PermissionNode => ({
  code,
  kind: 'page',
  label: { zh, en },
  children: buttons,
});
const module = (code: string, zh: string, en: string, children: PermissionNode[] = []): PermissionNode => ({
  code,
  kind: 'module',
  label: { zh, en },
  children,
});

export const MODULE = {
  device: 'device-management',
  dashboard: 'dashboard',
  monitorScreen: 'monitor-screen',
  user: 'user-management',
  role: 'role-management',
  alert: 'alert-management',
  settings: 'system-settings',
  store: 'store-management',
  alarmRules: 'alarm-rules',
  netTest: 'net-test',
  dynamicMonitor: 'dynamic-monitor',
  callLog: 'call-log',
  version: 'aibox-version',
  task: 'task-management',
} as const;

export const PAGE = {
  deviceMonitored: 'device-monitored-list-view',
  deviceNotMonitored: 'device-not-monitored-list-view',
  deviceInventory: 'device-inventory-view',
  deviceNonNetwork: 'non-notwork-device-list',
  gateway: 'gateway-list-view',
  deviceUsage: 'device-useage',
  deviceHealth: 'device-health',
  userList: 'user-list-view',
  roleList: 'role-list-view',
  alertStore: 'alert-store-list-view',
  alertDynamic: 'alert-dynamic-list-view',
  alertSetting: 'alert-setting-view',
  monitorSetting: 'monitor-setting-view',
  logoSetting: 'logo-setting-view',
  storeOverview: 'store-overview',
  levelSetting: 'level-setting-view',
  alarmRulesList: 'alarm-rules-list-view',
} as const;

export const BUTTON = {
  deviceAdd: 'device:add',
  deviceUpdate: 'device:update',
  deviceState: 'device:state',
  deviceMonitor: 'device:monitor',
  devicePing: 'device:ping',
  deviceImport: 'device:import',
  deviceKey: 'device:key',
  gatewayPreinstall: 'gateway:preinstall',
  inventoryImport: 'inventory:import',
  inventoryExport: 'inventory:export',
  inventoryBind: 'inventory:bind',
  inventoryUnbind: 'inventory:unbind',
  inventoryDelete: 'inventory:delete',
  inventoryNoNetwork: 'inventory:no-network',
  inventoryUpdate: 'inventory:update',
  usageExport: 'device-usage:export',
  offlineReasonEdit: 'offline-reason:edit',
  userAdd: 'user:add',
  userUpdate: 'user:update',
  userDisable: 'user:disable',
  userMfaReset: 'user:mfa-reset',
  mfaPolicyUpdate: 'mfa-policy:update',
  roleAdd: 'role:add',
  roleUpdate: 'role:update',
  roleDelete: 'role:delete',
  storeAdd: 'store:add',
  storeUpdate: 'store:update',
  storeMove: 'store:move',
  storeDelete: 'store:delete',
  levelEdit: 'level:edit',
  levelLabelEdit: 'level-label:edit',
  alertSenderEdit: 'alert-sender:edit',
  alertAck: 'alert:ack',
  alertClose: 'alert:close',
  configUpdate: 'config:update',
  logoUpdate: 'logo:update',
  alarmRuleAdd: 'alarm-rule:add',
  alarmRuleUpdate: 'alarm-rule:update',
  alarmRuleDelete: 'alarm-rule:delete',
  alarmRuleStatus: 'alarm-rule:status',
  netTestRun: 'net-test:run',
  netTestAddressEdit: 'net-test-address:edit',
  versionUpload: 'version:upload',
  versionPush: 'version:push',
  taskAdd: 'task:add',
  taskUpdate: 'task:update',
} as const;

/** Users and roles: the same module in both applications (each manages its own users and roles). */
const USER_AND_ROLE_MODULES: PermissionNode[] = [
  module(MODULE.user, '用户管理', 'Users', [
    page(PAGE.userList, '用户列表', 'User list', [
      button(BUTTON.userAdd, '新增用户', 'Add user'),
      button(BUTTON.userUpdate, '编辑用户', 'Edit user'),
      button(BUTTON.userDisable, '启用/停用用户', 'Enable or disable user'),
      button(BUTTON.userMfaReset, '重置两步验证', 'Reset two-step sign-in'),
      button(BUTTON.mfaPolicyUpdate, '两步验证策略', 'Two-step sign-in policy'),
    ]),
  ]),
  module(MODULE.role, '角色管理', 'Roles', [
    page(PAGE.roleList, '角色列表', 'Role list', [
      button(BUTTON.roleAdd, '新增角色', 'Add role'),
      button(BUTTON.roleUpdate, '编辑角色', 'Edit role'),
      button(BUTTON.roleDelete, '删除角色', 'Delete role'),
    ]),
  ]),
];

/** The company application's permission tree, in menu order. */
export const COMPANY_PERMISSION_TREE: PermissionNode[] = [
  module(MODULE.monitorScreen, '监控大屏', 'Monitor screen'),
  module(MODULE.dashboard, '仪表盘', 'Dashboard'),
  module(MODULE.store, '门店管理', 'Stores', [
    page(PAGE.storeOverview, '门店总览', 'Store overview', [
      button(BUTTON.storeAdd, '新增门店', 'Add store'),
      button(BUTTON.storeUpdate, '编辑门店', 'Edit store'),
      button(BUTTON.storeMove, '门店搬迁', 'Move store'),
      button(BUTTON.storeDelete, '删除门店', 'Delete store'),
    ]),
    page(PAGE.levelSetting, '层级配置', 'Level configuration', [
      button(BUTTON.levelEdit, '编辑层级', 'Edit levels'),
      button(BUTTON.levelLabelEdit, '编辑层级名称', 'Edit level labels'),
    ]),
  ]),
  module(MODULE.device, '设备管理', 'Devices', [
    page(PAGE.deviceMonitored, '监控设备', 'Monitored devices', [
      button(BUTTON.deviceAdd, '新增设备', 'Add device'),
      button(BUTTON.deviceUpdate, '编辑设备', 'Edit device'),
      button(BUTTON.deviceState, '启用/禁用设备', 'Enable or disable device'),
      button(BUTTON.deviceMonitor, '批量监控', 'Set monitoring'),
      button(BUTTON.devicePing, 'Ping 设备', 'Ping device'),
      button(BUTTON.deviceImport, '导入设备', 'Import devices'),
      button(BUTTON.deviceKey, '查看/轮换密钥', 'View or rotate box key'),
    ]),
    page(PAGE.deviceNotMonitored, '未监控设备', 'Not monitored'),
    page(PAGE.deviceInventory, '资产盘点', 'Inventory', [
      button(BUTTON.inventoryImport, '导入资产', 'Import inventory'),
      button(BUTTON.inventoryExport, '导出资产', 'Export inventory'),
      button(BUTTON.inventoryBind, '绑定设备', 'Bind device'),
      button(BUTTON.inventoryUnbind, '解绑设备', 'Unbind device'),
      button(BUTTON.inventoryDelete, '删除资产', 'Delete inventory'),
      button(BUTTON.inventoryNoNetwork, '标记非联网', 'Mark not networked'),
      button(BUTTON.inventoryUpdate, '修改资产', 'Edit inventory'),
    ]),
    page(PAGE.deviceNonNetwork, '非联网设备', 'Non-network devices'),
    page(PAGE.gateway, '网关状态', 'Gateways', [
      button(BUTTON.gatewayPreinstall, '预装设置', 'Set pre-install'),
    ]),
    page(PAGE.deviceUsage, '设备使用率', 'Device usage', [button(BUTTON.usageExport, '导出', 'Export')]),
    page(PAGE.deviceHealth, '设备健康分析', 'Device health', [
      button(BUTTON.offlineReasonEdit, '录入离线原因', 'Record offline reason'),
    ]),
  ]),
  module(MODULE.dynamicMonitor, '动态监控', 'Live monitor'),
  module(MODULE.alert, '告警管理', 'Alerts', [
    page(PAGE.alertStore, '告警总览', 'Alert overview', [
      button(BUTTON.alertAck, '确认告警', 'Acknowledge alert'),
      button(BUTTON.alertClose, '关闭告警', 'Close alert'),
    ]),
    page(PAGE.alertDynamic, '动态监控日志', 'Live monitor log'),
  ]),
  module(MODULE.alarmRules, '告警规则', 'Alert rules', [
    page(PAGE.alarmRulesList, '告警规则列表', 'Alert rule list', [
      button(BUTTON.alarmRuleAdd, '新增规则', 'Add rule'),
      button(BUTTON.alarmRuleUpdate, '编辑规则', 'Edit rule'),
      button(BUTTON.alarmRuleDelete, '删除规则', 'Delete rule'),
      button(BUTTON.alarmRuleStatus, '启用/禁用规则', 'Enable or disable rule'),
    ]),
  ]),
  ...USER_AND_ROLE_MODULES,
  module(MODULE.settings, '系统设置', 'Settings', [
    page(PAGE.alertSetting, '告警通知', 'Alert recipients', [
      button(BUTTON.alertSenderEdit, '编辑接收人', 'Edit recipients'),
    ]),
    page(PAGE.monitorSetting, '监控配置', 'Monitoring settings', [
      button(BUTTON.configUpdate, '保存配置', 'Save settings'),
    ]),
    page(PAGE.logoSetting, '企业标志', 'Company logo', [
      button(BUTTON.logoUpdate, '上传标志', 'Upload logo'),
    ]),
  ]),
  module(MODULE.netTest, '网络测试', 'Net test', [button(BUTTON.netTestRun, '发起测试', 'Run net test')]),
  module(MODULE.callLog, '操作日志', 'Operation log'),
  module(MODULE.version, 'AI盒子版本', 'AI box versions', [
    button(BUTTON.versionPush, '推送版本', 'Push version'),
  ]),
  module(MODULE.task, '任务管理', 'Tasks', [
    button(BUTTON.taskAdd, '新建任务', 'New task'),
    button(BUTTON.taskUpdate, '处理任务', 'Handle task'),
  ]),
];

/** The admin application's tree: what platform users work with. */
export const ADMIN_PERMISSION_TREE: PermissionNode[] = [
  ...USER_AND_ROLE_MODULES,
  module(MODULE.netTest, '网络测试', 'Net test', [
    button(BUTTON.netTestAddressEdit, '编辑测试地址', 'Edit test addresses'),
  ]),
  module(MODULE.version, 'AI盒子版本', 'AI box versions', [
    button(BUTTON.versionUpload, '上传版本', 'Upload version'),
  ]),
  module(MODULE.callLog, '操作日志', 'Operation log'),
];

/** Every code in a tree, split into menu codes (modules and pages) and button codes. */
export function codesOf(tree: PermissionNode[]): { authorities: string[]; buttonAuthorities: string[] } {
  const authorities = new Set<string>();
  const buttonAuthorities = new Set<string>();
  const walk = (nodes: PermissionNode[]) => {
    for (const node of nodes) {
      (node.kind === 'button' ? buttonAuthorities : authorities).add(node.code);
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return { authorities: [...authorities], buttonAuthorities: [...buttonAuthorities] };
}

/** All codes a company holds: a customer admin gets all of them for its company. */
export const COMPANY_CODES = codesOf(COMPANY_PERMISSION_TREE);
/** All codes a platform user holds in the admin application. */
export const PLATFORM_CODES = codesOf(ADMIN_PERMISSION_TREE);
