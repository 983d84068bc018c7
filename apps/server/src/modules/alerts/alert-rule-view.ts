/**
 * Alert rules as replies show them: the stored codes with their names in the caller's language
 * (Chinese by default, docs/decisions/language.md). Level names come from the ALERTPRIORITY dictionary.
 * The rule's own name is what the company typed and is shown as it is.
 */
import {
  type AlertRule,
  AlertType,
  ConnectType,
  type DeviceAlertRule,
  type Label,
  type Lang,
  PRODUCT_TYPE_OTHER,
  ProductType,
  triggerSentence,
  triggerTypeOf,
} from '@storefleet/contracts';

import type { ActiveRule } from '../../engine/alerting/alert-evaluation';
import { idsOf } from '../../engine/alerting/rules-cache';
import type { AlertRuleRow } from './alert-rules.repository';

/** Level code → name in both languages (ALERTPRIORITY). */
export type LevelNames = ReadonlyMap<number, Label>;

export function productTypeName(code: number, lang: Lang = 'zh'): string {
  return ProductType.has(code) ? ProductType.labelOf(code, lang) : PRODUCT_TYPE_OTHER[lang];
}

const ANY: Label = { zh: '不限', en: 'Any' };
const ALL: Label = { zh: '全部', en: 'All' };

const alertTypeName = (code: number, lang: Lang) =>
  AlertType.has(code) ? AlertType.labelOf(code, lang) : String(code);
const connectTypeName = (code: number | null, lang: Lang) =>
  code === null ? ANY[lang] : ConnectType.has(code) ? ConnectType.labelOf(code, lang) : String(code);

/** The product types' names joined ("路由器、交换机"); every product type: "全部" / "All". */
export function productTypesName(codes: readonly number[], lang: Lang = 'zh'): string {
  if (codes.length === 0) return ALL[lang];
  return codes.map((code) => productTypeName(code, lang)).join(lang === 'zh' ? '、' : ', ');
}
const triggerName = (code: number, lang: Lang) => triggerTypeOf(code)?.label[lang];

export function toAlertRule(row: AlertRuleRow, levels: LevelNames, lang: Lang = 'zh'): AlertRule {
  const trigger = triggerTypeOf(row.trigger_type);
  const productTypes = idsOf(row.product_types);
  return {
    id: row.id,
    companyId: row.company_id,
    alertLevel: row.alert_level,
    alertLevelName: levels.get(row.alert_level)?.[lang] ?? String(row.alert_level),
    alertName: row.alert_name,
    alertType: row.alert_type,
    alertTypeName: alertTypeName(row.alert_type, lang),
    connectType: row.connect_type,
    connectTypeName: connectTypeName(row.connect_type, lang),
    productType: productTypes.length === 1 ? (productTypes[0] ?? null) : null,
    productTypeName: productTypesName(productTypes, lang),
    productTypes,
    shopIds: idsOf(row.shop_ids),
    areaIds: idsOf(row.area_ids),
    holdSeconds: Number(row.hold_seconds),
    recoveryValue: row.recovery_value === null ? null : Number(row.recovery_value),
    triggerOperator: row.trigger_operator as AlertRule['triggerOperator'],
    triggerType: row.trigger_type,
    triggerTypeName: triggerName(row.trigger_type, lang) ?? String(row.trigger_type),
    triggerId: trigger?.item ?? '',
    triggerValue: Number(row.trigger_value),
    unit: trigger?.unit ?? '',
    deviceCategory: row.device_category,
    deviceClass: row.device_class,
    status: row.status,
  };
}

/** "<name>: <trigger sentence>", e.g. "CPU 负载过高: CPU 使用率高于 90% 持续 5 分钟，低于 80% 时恢复". */
function ruleDescription(rule: ActiveRule, lang: Lang = 'zh'): string {
  const sentence = triggerSentence(
    {
      triggerType: rule.triggerType,
      triggerOperator: rule.operator,
      triggerValue: rule.threshold,
      holdSeconds: rule.holdMs / 1000,
      recoveryValue: rule.recoveryThreshold,
    },
    lang,
  );
  return `${rule.name}: ${sentence}`;
}

/** An enabled rule as the device page lists it (the rules cache's form of the rule). */
export function toDeviceAlertRule(rule: ActiveRule, lang: Lang = 'zh'): DeviceAlertRule {
  return {
    ruleId: rule.id,
    priority: rule.level,
    ruleDesc: ruleDescription(rule, lang),
    alertName: rule.name,
    triggerType: rule.triggerType,
    triggerOperator: rule.operator,
    triggerValue: rule.threshold,
    holdSeconds: rule.holdMs / 1000,
    recoveryValue: rule.recoveryThreshold,
    unit: triggerTypeOf(rule.triggerType)?.unit ?? '',
  };
}
