/**
 * Alert calls under /api/device-service/aibox/alert (spec §7 "Alerts"): the rule lookups and CRUD
 * (alarm-rules module + rule list page, writes also their button) and the device details page's
 * rules and events of one device (device module + monitored-devices page, like running info).
 */
import {
  AlertItem,
  AlertItemsQuery,
  AlertRule,
  AlertRuleBody,
  AlertRuleStatusQuery,
  AlertRuleUpdateBody,
  AlertTypeItem,
  BUTTON,
  DeviceAlertEvent,
  DeviceAlertEventsQuery,
  DeviceAlertRule,
  DeviceAlertRulesQuery,
  idParam,
  ListAlertRulesQuery,
  MODULE,
  PAGE,
  pagedResultSchema,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { alertItems, alertTypes } from './alert-lookups';
import { addRule, changeRule, listRules, removeRule, setRuleStatus } from './alert-rules.service';
import { deviceAlertEvents, deviceAlertRules } from './device-alerts.service';

const PREFIX = '/api/device-service/aibox/alert';
const RULES = [MODULE.alarmRules, PAGE.alarmRulesList];
const DEVICE = [MODULE.device, PAGE.deviceMonitored];
const RuleIdParams = z.object({ id: idParam });

export function registerAlertRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/getAlertType`,
    summary: 'Alert types',
    module: 'alert',
    permissions: RULES,
    response: z.array(AlertTypeItem),
    handler: async function getAlertType() {
      return alertTypes();
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/getAlertItems`,
    summary: 'Trigger items of an alert type',
    module: 'alert',
    permissions: RULES,
    query: AlertItemsQuery,
    response: z.array(AlertItem),
    handler: async function getAlertItems({ query }) {
      return alertItems(query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listAlertRules`,
    summary: 'List alert rules',
    module: 'alert',
    permissions: RULES,
    query: ListAlertRulesQuery,
    response: pagedResultSchema(AlertRule),
    handler: async function listAlertRules({ query, scope }) {
      return listRules(ctx, scope, query);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/addAlertRule`,
    summary: 'Add alert rule',
    module: 'alert',
    permissions: [...RULES, BUTTON.alarmRuleAdd],
    body: AlertRuleBody,
    response: AlertRule,
    handler: async function addAlertRule({ body, caller, scope }) {
      return addRule(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/updateAlertRule`,
    summary: 'Update alert rule',
    module: 'alert',
    permissions: [...RULES, BUTTON.alarmRuleUpdate],
    body: AlertRuleUpdateBody,
    response: AlertRule,
    handler: async function updateAlertRule({ body, caller, scope }) {
      return changeRule(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/update/:id/status`,
    summary: 'Enable or disable alert rule',
    module: 'alert',
    permissions: [...RULES, BUTTON.alarmRuleStatus],
    params: RuleIdParams,
    query: AlertRuleStatusQuery,
    response: AlertRule,
    handler: async function updateAlertRuleStatus({ params, query, caller, scope }) {
      return setRuleStatus(ctx, caller, scope, params.id, query.status);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/delete/:id/alert`,
    summary: 'Delete alert rule',
    module: 'alert',
    permissions: [...RULES, BUTTON.alarmRuleDelete],
    params: RuleIdParams,
    handler: async function deleteAlertRule({ params, scope }) {
      await removeRule(ctx, scope, params.id);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listAlertsRule`,
    summary: 'Alert rules of a device',
    module: 'alert',
    permissions: DEVICE,
    query: DeviceAlertRulesQuery,
    response: z.array(DeviceAlertRule),
    handler: async function listAlertsRule({ query, scope }) {
      return deviceAlertRules(ctx, scope, query.hostid);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listAlertsHistory`,
    summary: 'Alert events of a device',
    module: 'alert',
    permissions: DEVICE,
    query: DeviceAlertEventsQuery,
    response: pagedResultSchema(DeviceAlertEvent),
    handler: async function listAlertsHistory({ query, scope }) {
      return deviceAlertEvents(ctx, scope, query);
    },
  });
}
