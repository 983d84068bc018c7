/**
 * The two lookups of the rule form: alert types (getAlertType) and the trigger items of an alert type
 * (getAlertItems). Names in the caller's language, like the other server-made names (alert-rule-view.ts).
 */
import {
  type AlertItem,
  type AlertItemsQuery,
  AlertType,
  type AlertTypeItem,
  type Lang,
  TRIGGER_TYPES,
} from '@storefleet/contracts';

/** Every alert type: 1 warehouse network, 2 warehouse device. */
export function alertTypes(lang: Lang = 'zh'): AlertTypeItem[] {
  return AlertType.entries.map((entry) => ({ code: entry.value, name: entry.label[lang] }));
}

/**
 * The trigger types of `alertTypeCode` (all of them without it). productId is accepted and does not
 * narrow the list: every product type reports every item its connect type yields, so which items a
 * device has depends on how it is monitored, not on its product type.
 */
export function alertItems(query: AlertItemsQuery, lang: Lang = 'zh'): AlertItem[] {
  return TRIGGER_TYPES.filter(
    (trigger) => query.alertTypeCode === undefined || trigger.alertType === query.alertTypeCode,
  ).map((trigger) => ({
    triggerType: trigger.value,
    name: trigger.label[lang],
    itemKey: trigger.item,
    unit: trigger.unit,
    alertType: trigger.alertType,
  }));
}
