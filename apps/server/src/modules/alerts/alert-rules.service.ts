/**
 * Alert rule CRUD (spec §7 listAlertRules, addAlertRule, updateAlertRule, update/{id}/status,
 * delete/{id}/alert). A rule belongs to the caller's company; another company's rule answers 404 like
 * a missing one. Every write invalidates the company's cached rules once it has committed, so the next
 * ingest batch evaluates with the new rules. Disabling or deleting a rule recovers its open records
 * (history stays); so does changing what it watches (its trigger type).
 */
import {
  type AlertRule,
  type AlertRuleBody,
  AlertRuleStatus,
  type AlertRuleUpdateBody,
  AlertType,
  checkCategoryClass,
  type EnumValue,
  type Lang,
  type ListAlertRulesQuery,
  type PagedResult,
  toPagedResult,
  triggerTypeOf,
} from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { type FieldMessage, invalidFields, notFound } from '../../http/errors';
import { listCodeParents, listItemsOfType } from '../dictionaries/dictionary.repository';
import { type LevelNames, toAlertRule } from './alert-rule-view';
import {
  deleteAlertRule,
  findCompanyRule,
  insertAlertRule,
  listAlertRules,
  recoverRuleAlerts,
  updateAlertRule,
} from './alert-rules.repository';

/** ALERTPRIORITY code → name in both languages (an item without an English name shows its Chinese one). */
export async function levelNames(ctx: AppContext): Promise<LevelNames> {
  const items = await listItemsOfType(ctx.db, 'ALERTPRIORITY');
  return new Map(items.map((item) => [Number(item.code), { zh: item.name, en: item.name_en ?? item.name }]));
}

/** One page of rules: the caller's company's; platform users see every company's, or `companyId`'s. */
export async function listRules(
  ctx: AppContext,
  scope: Scope,
  query: ListAlertRulesQuery,
  lang: Lang = 'zh',
): Promise<PagedResult<AlertRule>> {
  const companyId = scope.companyId ?? query.companyId ?? null;
  const [{ rows, total }, levels] = await Promise.all([
    listAlertRules(ctx.db, { ...query, companyId }, query),
    levelNames(ctx),
  ]);
  return toPagedResult(
    rows.map((row) => toAlertRule(row, levels, lang)),
    total,
    query,
    'id desc',
  );
}

/** Adds a rule to the caller's company (enabled). */
export async function addRule(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: AlertRuleBody,
  lang: Lang = 'zh',
): Promise<AlertRule> {
  const companyId = requireCompany(scope);
  await checkRule(ctx, body);
  const now = Date.now();
  const row = await insertAlertRule(ctx.db, {
    company_id: companyId,
    ...columnsOf(body),
    status: AlertRuleStatus.ENABLED,
    created_at: now,
    updated_at: now,
    create_by: caller.userName,
    update_by: caller.userName,
  });
  ctx.rulesCache.invalidate(companyId);
  return toAlertRule(row, await levelNames(ctx), lang);
}

/** Changes a rule of the caller's company; a changed trigger type recovers the rule's open records. */
export async function changeRule(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: AlertRuleUpdateBody,
  lang: Lang = 'zh',
): Promise<AlertRule> {
  const companyId = requireCompany(scope);
  await checkRule(ctx, body);
  const now = Date.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await findCompanyRule(trx, companyId, body.id);
    if (!before) throw notFound({ zh: '告警规则', en: 'alert rule' });
    const after = await updateAlertRule(trx, companyId, body.id, {
      ...columnsOf(body),
      updated_at: now,
      update_by: caller.userName,
    });
    if (!after) throw notFound({ zh: '告警规则', en: 'alert rule' });
    if (before.trigger_type !== after.trigger_type) await recoverRuleAlerts(trx, after.id, now);
    return after;
  });
  ctx.rulesCache.invalidate(companyId);
  return toAlertRule(row, await levelNames(ctx), lang);
}

/** Enables or disables a rule; disabling recovers its open records. */
export async function setRuleStatus(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  id: number,
  status: EnumValue<typeof AlertRuleStatus>,
  lang: Lang = 'zh',
): Promise<AlertRule> {
  const companyId = requireCompany(scope);
  const now = Date.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateAlertRule(trx, companyId, id, {
      status,
      updated_at: now,
      update_by: caller.userName,
    });
    if (!updated) throw notFound({ zh: '告警规则', en: 'alert rule' });
    if (status === AlertRuleStatus.DISABLED) await recoverRuleAlerts(trx, id, now);
    return updated;
  });
  ctx.rulesCache.invalidate(companyId);
  return toAlertRule(row, await levelNames(ctx), lang);
}

/** Deletes a rule; its open records are recovered now, its records stay as history. */
export async function removeRule(ctx: AppContext, scope: Scope, id: number): Promise<void> {
  const companyId = requireCompany(scope);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteAlertRule(trx, companyId, id))) throw notFound({ zh: '告警规则', en: 'alert rule' });
    await recoverRuleAlerts(trx, id, Date.now());
  });
  ctx.rulesCache.invalidate(companyId);
}

/**
 * Rules the schema cannot check: the trigger type belongs to the alert type; category and class are
 * codes of the category dictionary, the class one of the category's.
 */
async function checkRule(ctx: AppContext, body: AlertRuleBody): Promise<void> {
  const problems: FieldMessage[] = [];
  const trigger = triggerTypeOf(body.triggerType);
  if (trigger && trigger.alertType !== body.alertType) {
    problems.push({
      field: 'triggerType',
      message: {
        zh: `是告警类型 ${trigger.alertType}（${AlertType.labelOf(trigger.alertType, 'zh')}）的触发项，不属于告警类型 ${body.alertType}`,
        en: `is a trigger of alert type ${trigger.alertType} (${AlertType.labelOf(trigger.alertType, 'en')}), not of alert type ${body.alertType}`,
      },
    });
  }
  const [categories, classes] = await Promise.all([
    listCodeParents(ctx.db, 'CATEGORY_TYPE'),
    listCodeParents(ctx.db, 'SUBCLASS_TYPE'),
  ]);
  problems.push(...checkCategoryClass({ categories, classes }, body.deviceCategory, body.deviceClass));
  if (problems.length > 0) throw invalidFields(problems);
}

function columnsOf(body: AlertRuleBody) {
  return {
    alert_name: body.alertName,
    alert_level: body.alertLevel,
    alert_type: body.alertType,
    connect_type: body.connectType,
    product_type: body.productType,
    trigger_type: body.triggerType,
    trigger_operator: body.triggerOperator,
    trigger_value: body.triggerValue,
    device_category: body.deviceCategory,
    device_class: body.deviceClass,
  };
}
