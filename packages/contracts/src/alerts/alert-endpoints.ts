/**
 * Alert calls under /api/device-service/aibox/alert (spec §7 "Alerts"): the rule lookups and CRUD
 * (alarm-rules module + rule list page, writes also their button) and a device's rules and events
 * (device module + monitored-devices page, like running info).
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import { idParam } from '../query';
import {
  AlertItem,
  AlertItemsQuery,
  AlertRule,
  AlertRuleBody,
  AlertRuleStatusQuery,
  AlertRuleUpdateBody,
  AlertTypeItem,
  ListAlertRulesQuery,
} from './alert-rule';
import {
  DeviceAlertEvent,
  DeviceAlertEventsQuery,
  DeviceAlertRule,
  DeviceAlertRulesQuery,
} from './device-alerts';

export const ALERT_API = '/api/device-service/aibox/alert';
const RULES = [MODULE.alarmRules, PAGE.alarmRulesList] as const;
const DEVICE = [MODULE.device, PAGE.deviceMonitored] as const;
const RuleIdParams = z.object({ id: idParam });

export const AlertEndpoints = {
  getAlertType: endpoint({
    method: 'GET',
    path: `${ALERT_API}/getAlertType`,
    summary: 'Alert types',
    summaryZh: '告警类型',
    module: 'alert',
    permissions: RULES,
    response: z.array(AlertTypeItem),
  }),
  getAlertItems: endpoint({
    method: 'GET',
    path: `${ALERT_API}/getAlertItems`,
    summary: 'Trigger items of an alert type',
    summaryZh: '告警类型的触发项',
    module: 'alert',
    permissions: RULES,
    query: AlertItemsQuery,
    response: z.array(AlertItem),
  }),
  listAlertRules: endpoint({
    method: 'GET',
    path: `${ALERT_API}/listAlertRules`,
    summary: 'List alert rules',
    summaryZh: '告警规则列表',
    module: 'alert',
    permissions: RULES,
    query: ListAlertRulesQuery,
    response: pagedResultSchema(AlertRule),
  }),
  addAlertRule: endpoint({
    method: 'POST',
    path: `${ALERT_API}/addAlertRule`,
    summary: 'Add alert rule',
    summaryZh: '新增告警规则',
    module: 'alert',
    permissions: [...RULES, BUTTON.alarmRuleAdd],
    body: AlertRuleBody,
    response: AlertRule,
  }),
  updateAlertRule: endpoint({
    method: 'POST',
    path: `${ALERT_API}/updateAlertRule`,
    summary: 'Update alert rule',
    summaryZh: '修改告警规则',
    module: 'alert',
    permissions: [...RULES, BUTTON.alarmRuleUpdate],
    body: AlertRuleUpdateBody,
    response: AlertRule,
  }),
  updateAlertRuleStatus: endpoint({
    method: 'GET',
    path: `${ALERT_API}/update/:id/status`,
    summary: 'Enable or disable alert rule',
    summaryZh: '启用或禁用告警规则',
    writes: true,
    module: 'alert',
    permissions: [...RULES, BUTTON.alarmRuleStatus],
    params: RuleIdParams,
    query: AlertRuleStatusQuery,
    response: AlertRule,
  }),
  deleteAlertRule: endpoint({
    method: 'GET',
    path: `${ALERT_API}/delete/:id/alert`,
    summary: 'Delete alert rule',
    summaryZh: '删除告警规则',
    writes: true,
    module: 'alert',
    permissions: [...RULES, BUTTON.alarmRuleDelete],
    params: RuleIdParams,
    response: z.null(),
  }),
  listAlertsRule: endpoint({
    method: 'GET',
    path: `${ALERT_API}/listAlertsRule`,
    summary: 'Alert rules of a device',
    summaryZh: '设备的告警规则',
    module: 'alert',
    permissions: DEVICE,
    query: DeviceAlertRulesQuery,
    response: z.array(DeviceAlertRule),
  }),
  listAlertsHistory: endpoint({
    method: 'GET',
    path: `${ALERT_API}/listAlertsHistory`,
    summary: 'Alert events of a device',
    summaryZh: '设备告警记录',
    module: 'alert',
    permissions: DEVICE,
    query: DeviceAlertEventsQuery,
    response: pagedResultSchema(DeviceAlertEvent),
  }),
};
