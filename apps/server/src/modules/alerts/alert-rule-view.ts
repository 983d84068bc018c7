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
  triggerTypeOf,
} from '@storefleet/contracts';

import type { ActiveRule } from '../../engine/alerting/alert-evaluation';
import type { AlertRuleRow } from './alert-rules.repository';

/** Level code → name in both languages (ALERTPRIORITY). */
export type LevelNames = ReadonlyMap<number, Label>;

const OPERATOR_SIGN: Record<string, string> = { EQ: '=', LT: '<', GT: '>' };

export function productTypeName(code: number, lang: Lang = 'zh'): string {
  return ProductType.has(code) ? ProductType.labelOf(code, lang) : PRODUCT_TYPE_OTHER[lang];
}

const alertTypeName = (code: number, lang: Lang) =>
  AlertType.has(code) ? AlertType.labelOf(code, lang) : String(code);
const connectTypeName = (code: number, lang: Lang) =>
  ConnectType.has(code) ? ConnectType.labelOf(code, lang) : String(code);
const triggerName = (code: number, lang: Lang) => triggerTypeOf(code)?.label[lang];

export function toAlertRule(row: AlertRuleRow, levels: LevelNames, lang: Lang = 'zh'): AlertRule {
  const trigger = triggerTypeOf(row.trigger_type);
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
    productType: row.product_type,
    productTypeName: productTypeName(row.product_type, lang),
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

/** "<name>: <trigger> <operator> <value><unit>", e.g. "CPU 负载过高: CPU 使用率 > 90%" (en: "…: CPU load > 90%"). */
function ruleDescription(rule: ActiveRule, lang: Lang = 'zh'): string {
  const trigger = triggerTypeOf(rule.triggerType);
  const sign = OPERATOR_SIGN[rule.operator] ?? rule.operator;
  const what = trigger?.label[lang] ?? `#${rule.triggerType}`;
  return `${rule.name}: ${what} ${sign} ${rule.threshold}${trigger?.unit ?? ''}`;
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
    unit: triggerTypeOf(rule.triggerType)?.unit ?? '',
  };
}
