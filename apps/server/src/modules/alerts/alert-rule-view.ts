/**
 * Alert rules as replies show them: the stored codes with their names. Names are the Chinese labels,
 * as every other server-made name (the console's default language; the web has both label sets in the
 * contracts for codes it shows itself). Level names come from the ALERTPRIORITY dictionary.
 */
import {
  type AlertRule,
  AlertType,
  ConnectType,
  type DeviceAlertRule,
  PRODUCT_TYPE_OTHER,
  ProductType,
  triggerTypeOf,
} from '@storefleet/contracts';

import type { AlertRuleRow } from './alert-rules.repository';

/** Level code → name (ALERTPRIORITY). */
export type LevelNames = ReadonlyMap<number, string>;

const OPERATOR_SIGN: Record<string, string> = { EQ: '=', LT: '<', GT: '>' };

export function productTypeName(code: number): string {
  return ProductType.has(code) ? ProductType.labelOf(code, 'zh') : PRODUCT_TYPE_OTHER.zh;
}

const alertTypeName = (code: number) => (AlertType.has(code) ? AlertType.labelOf(code, 'zh') : String(code));
const connectTypeName = (code: number) =>
  ConnectType.has(code) ? ConnectType.labelOf(code, 'zh') : String(code);

export function toAlertRule(row: AlertRuleRow, levels: LevelNames): AlertRule {
  const trigger = triggerTypeOf(row.trigger_type);
  return {
    id: row.id,
    companyId: row.company_id,
    alertLevel: row.alert_level,
    alertLevelName: levels.get(row.alert_level) ?? String(row.alert_level),
    alertName: row.alert_name,
    alertType: row.alert_type,
    alertTypeName: alertTypeName(row.alert_type),
    connectType: row.connect_type,
    connectTypeName: connectTypeName(row.connect_type),
    productType: row.product_type,
    productTypeName: productTypeName(row.product_type),
    triggerOperator: row.trigger_operator as AlertRule['triggerOperator'],
    triggerType: row.trigger_type,
    triggerTypeName: trigger?.label.zh ?? String(row.trigger_type),
    triggerId: trigger?.item ?? '',
    triggerValue: Number(row.trigger_value),
    unit: trigger?.unit ?? '',
    deviceCategory: row.device_category,
    deviceClass: row.device_class,
    status: row.status,
  };
}

/** "<name>: <trigger> <operator> <value><unit>", e.g. "CPU overload: CPU 使用率 > 90%". */
export function ruleDescription(row: AlertRuleRow): string {
  const trigger = triggerTypeOf(row.trigger_type);
  const sign = OPERATOR_SIGN[row.trigger_operator] ?? row.trigger_operator;
  const what = trigger?.label.zh ?? `#${row.trigger_type}`;
  return `${row.alert_name}: ${what} ${sign} ${Number(row.trigger_value)}${trigger?.unit ?? ''}`;
}

export function toDeviceAlertRule(row: AlertRuleRow): DeviceAlertRule {
  return {
    ruleId: row.id,
    priority: row.alert_level,
    ruleDesc: ruleDescription(row),
    alertName: row.alert_name,
    triggerType: row.trigger_type,
    triggerOperator: row.trigger_operator as DeviceAlertRule['triggerOperator'],
    triggerValue: Number(row.trigger_value),
    unit: triggerTypeOf(row.trigger_type)?.unit ?? '',
  };
}
