/** Alert calls (contracts `AlertEndpoints`): the rule lookups and CRUD, a device's rules and events. */
import { AlertEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { alertItems, alertTypes } from './alert-lookups';
import { addRule, changeRule, listRules, removeRule, setRuleStatus } from './alert-rules.service';
import { deviceAlertEvents, deviceAlertRules } from './device-alerts.service';

export function registerAlertRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.getAlertType, async function getAlertType({ lang }) {
    return alertTypes(lang);
  });
  defineRoute(app, E.getAlertItems, async function getAlertItems({ query, lang }) {
    return alertItems(query, lang);
  });
  defineRoute(app, E.listAlertRules, async function listAlertRules({ query, scope, lang }) {
    return listRules(ctx, scope, query, lang);
  });
  defineRoute(app, E.addAlertRule, async function addAlertRule({ body, caller, scope, lang }) {
    return addRule(ctx, caller, scope, body, lang);
  });
  defineRoute(app, E.updateAlertRule, async function updateAlertRule({ body, caller, scope, lang }) {
    return changeRule(ctx, caller, scope, body, lang);
  });
  defineRoute(
    app,
    E.updateAlertRuleStatus,
    async function updateAlertRuleStatus({ params, query, caller, scope, lang }) {
      return setRuleStatus(ctx, caller, scope, params.id, query.status, lang);
    },
  );
  defineRoute(app, E.deleteAlertRule, async function deleteAlertRule({ params, scope }) {
    await removeRule(ctx, scope, params.id);
    return null;
  });
  defineRoute(app, E.listAlertsRule, async function listAlertsRule({ query, scope, lang }) {
    return deviceAlertRules(ctx, scope, query, lang);
  });
  defineRoute(app, E.listAlertsHistory, async function listAlertsHistory({ query, scope }) {
    return deviceAlertEvents(ctx, scope, query);
  });
}
