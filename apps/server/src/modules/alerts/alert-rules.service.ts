/**
 * Alert rule CRUD (spec §7 listAlertRules, addAlertRule, updateAlertRule, update/{id}/status,
 * delete/{id}/alert). A rule belongs to the caller's company; another company's rule answers 404 like
 * a missing one. Every write invalidates the company's cached rules once it has committed, so the next
 * ingest batch evaluates with the new rules. Disabling or deleting a rule recovers its open records
 * (history stays); so does changing what it watches (its trigger type). Those recoveries are announced
 * on the alert bus once the write commits, like ingest's, so the alert overview and the header badge
 * follow live. Every write ends the rule's pending holds: they were started under the rule as it was.
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
  nameIn,
  type PagedResult,
  toPagedResult,
  triggerTypeOf,
} from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import type { AlertRecordEvent } from '../../engine/alerting/alert-bus';
import { deleteRuleHolds } from '../../engine/alerting/alert-records.repository';
import { type FieldMessage, invalidFields, notFound } from '../../http/errors';
import { listCodeParents, listItemsOfType } from '../dictionaries/dictionary.repository';
import { findCompanyLevels } from '../levels/levels.repository';
import { findStoreIdsInScope } from '../stores/stores.repository';
import { type LevelNames, toAlertRule } from './alert-rule-view';
import {
  deleteAlertRule,
  findCompanyRule,
  insertAlertRule,
  listAlertRules,
  type RuleRecoveredRecord,
  recoverRuleAlerts,
  updateAlertRule,
} from './alert-rules.repository';

/** Announces the records a committed rule write recovered (the live streams' `alert` events). */
function publishRecovered(ctx: AppContext, recovered: readonly RuleRecoveredRecord[], at: number): void {
  if (recovered.length === 0) return;
  const events: AlertRecordEvent[] = recovered.map((r) => ({ change: 'recovered', ...r, at }));
  ctx.engine.statusBus.alerts.publish(events);
}

/** ALERTPRIORITY code → name in both languages (an item without an English name shows its Chinese one). */
export async function levelNames(ctx: AppContext): Promise<LevelNames> {
  const items = await listItemsOfType(ctx.db, 'ALERTPRIORITY');
  return new Map(
    items.map((item) => [Number(item.code), { zh: item.name, en: nameIn('en', item.name, item.name_en) }]),
  );
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
  await checkRule(ctx, companyId, body);
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
  ctx.engine.rulesCache.invalidate(companyId);
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
  await checkRule(ctx, companyId, body);
  const now = Date.now();
  let recovered: RuleRecoveredRecord[] = [];
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await findCompanyRule(trx, companyId, body.id);
    if (!before) throw notFound({ zh: '告警规则', en: 'alert rule' });
    const after = await updateAlertRule(trx, companyId, body.id, {
      ...columnsOf(body),
      updated_at: now,
      update_by: caller.userName,
    });
    if (!after) throw notFound({ zh: '告警规则', en: 'alert rule' });
    if (before.trigger_type !== after.trigger_type) recovered = await recoverRuleAlerts(trx, after.id, now);
    await deleteRuleHolds(trx, after.id);
    return after;
  });
  ctx.engine.rulesCache.invalidate(companyId);
  publishRecovered(ctx, recovered, now);
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
  let recovered: RuleRecoveredRecord[] = [];
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateAlertRule(trx, companyId, id, {
      status,
      updated_at: now,
      update_by: caller.userName,
    });
    if (!updated) throw notFound({ zh: '告警规则', en: 'alert rule' });
    if (status === AlertRuleStatus.DISABLED) recovered = await recoverRuleAlerts(trx, id, now);
    await deleteRuleHolds(trx, id);
    return updated;
  });
  ctx.engine.rulesCache.invalidate(companyId);
  publishRecovered(ctx, recovered, now);
  return toAlertRule(row, await levelNames(ctx), lang);
}

/** Deletes a rule; its open records are recovered now, its records stay as history. */
export async function removeRule(ctx: AppContext, scope: Scope, id: number): Promise<void> {
  const companyId = requireCompany(scope);
  const now = Date.now();
  const recovered = await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteAlertRule(trx, companyId, id))) throw notFound({ zh: '告警规则', en: 'alert rule' });
    const records = await recoverRuleAlerts(trx, id, now);
    await deleteRuleHolds(trx, id);
    return records;
  });
  ctx.engine.rulesCache.invalidate(companyId);
  publishRecovered(ctx, recovered, now);
}

/**
 * Rules the schema cannot check: the trigger type belongs to the alert type; category and class are
 * codes of the category dictionary, the class one of the category's (a class needs its category);
 * productType, when sent with productTypes, is one of them; the recovery value lies on the recovering
 * side of the trigger value (GT: at most it, LT: at least it; EQ has none); the stores and regions
 * are the company's.
 */
async function checkRule(ctx: AppContext, companyId: number, body: AlertRuleBody): Promise<void> {
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
  if (
    body.productType !== null &&
    body.productTypes.length > 0 &&
    !body.productTypes.includes(body.productType)
  )
    problems.push({
      field: 'productType',
      message: { zh: '必须是 productTypes 中的一个', en: 'must be one of productTypes' },
    });
  problems.push(...recoveryProblems(body));
  if (body.deviceCategory === null) {
    if (body.deviceClass !== null)
      problems.push({
        field: 'deviceClass',
        message: { zh: '需要同时选择设备大类（deviceCategory）', en: 'needs a deviceCategory' },
      });
  } else {
    const [categories, classes] = await Promise.all([
      listCodeParents(ctx.db, 'CATEGORY_TYPE'),
      listCodeParents(ctx.db, 'SUBCLASS_TYPE'),
    ]);
    problems.push(...checkCategoryClass({ categories, classes }, body.deviceCategory, body.deviceClass));
  }
  const [stores, levels] = await Promise.all([
    findStoreIdsInScope(ctx.db, { companyId, storeIds: null, levelIds: null }, body.shopIds),
    findCompanyLevels(ctx.db, companyId, body.areaIds),
  ]);
  const unknown = (ids: readonly number[], known: readonly number[]) =>
    ids.filter((id) => !known.includes(id));
  const strangeStores = unknown(body.shopIds, stores);
  if (strangeStores.length > 0)
    problems.push({
      field: 'shopIds',
      message: {
        zh: `不是本公司的门店：${strangeStores.join(', ')}`,
        en: `are not stores of the company: ${strangeStores.join(', ')}`,
      },
    });
  const strangeAreas = unknown(
    body.areaIds,
    levels.map((l) => l.id),
  );
  if (strangeAreas.length > 0)
    problems.push({
      field: 'areaIds',
      message: {
        zh: `不是本公司的区域：${strangeAreas.join(', ')}`,
        en: `are not regions of the company: ${strangeAreas.join(', ')}`,
      },
    });
  if (problems.length > 0) throw invalidFields(problems);
}

function recoveryProblems(body: AlertRuleBody): FieldMessage[] {
  const value = body.recoveryValue;
  if (value === null) return [];
  const field = 'recoveryValue';
  switch (body.triggerOperator) {
    case 'EQ':
      return [
        {
          field,
          message: {
            zh: '等于（EQ）规则没有恢复值，请留空',
            en: 'has no meaning for an EQ rule: leave it empty',
          },
        },
      ];
    case 'GT':
      return value > body.triggerValue
        ? [
            {
              field,
              message: {
                zh: `必须不大于触发值 ${body.triggerValue}（高于触发值告警，低于恢复值恢复）`,
                en: `must be at most the trigger value ${body.triggerValue} (fires above it, recovers below this)`,
              },
            },
          ]
        : [];
    case 'LT':
      return value < body.triggerValue
        ? [
            {
              field,
              message: {
                zh: `必须不小于触发值 ${body.triggerValue}（低于触发值告警，高于恢复值恢复）`,
                en: `must be at least the trigger value ${body.triggerValue} (fires below it, recovers above this)`,
              },
            },
          ]
        : [];
  }
}

/**
 * The columns of a rule body. Product types: productTypes when sent (empty: all), else the spec's
 * productType, else all.
 */
function columnsOf(body: AlertRuleBody) {
  const productTypes =
    body.productTypes.length > 0 ? body.productTypes : body.productType !== null ? [body.productType] : [];
  return {
    alert_name: body.alertName,
    alert_level: body.alertLevel,
    alert_type: body.alertType,
    connect_type: body.connectType,
    product_types: JSON.stringify(productTypes),
    shop_ids: JSON.stringify(body.shopIds),
    area_ids: JSON.stringify(body.areaIds),
    hold_seconds: body.holdSeconds,
    recovery_value: body.recoveryValue,
    trigger_type: body.triggerType,
    trigger_operator: body.triggerOperator,
    trigger_value: body.triggerValue,
    device_category: body.deviceCategory,
    device_class: body.deviceClass,
  };
}
