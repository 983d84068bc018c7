/**
 * The alert rule pages' pure half: how a rule's trigger reads ("CPU load above 90 % for 5 minutes,
 * recovers below 80 %", the contract's `triggerSentence`), how the form's values become the add/update
 * body (checked with the contract's own schema), and how a 400's failed fields find their form field.
 * Tested without a browser.
 */
import {
  type AlertRule,
  AlertRuleBody,
  applyDefaultSchemaMessages,
  type DictionaryItem,
  type Lang,
  schemaMessage,
  triggerSentence,
  triggerTypeOf,
} from '@storefleet/contracts';
import { dictionaryName } from '../device/category-options';
import {
  groupByField,
  type FormFieldErrors as SharedFieldErrors,
  serverFieldErrors as sharedServerFieldErrors,
} from '../form/form-errors';

// The form's own parse words a failed rule as the server does (a phrase the table has in Chinese too),
// not in zod's generic English.
applyDefaultSchemaMessages();

export type TriggerOperator = AlertRule['triggerOperator'];

/** How each operator reads inside a trigger description. */
export const OPERATOR_SYMBOLS: Readonly<Record<TriggerOperator, string>> = { EQ: '=', LT: '<', GT: '>' };

/** A number as people read it: no trailing zeros, no exponent for ordinary values. */
function numberText(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
}

/**
 * The trigger type's name in the console's language; the server's name (or the number) for a trigger
 * type this console does not know yet.
 */
export function triggerName(triggerType: number, english: boolean, fallback?: string | null): string {
  const entry = triggerTypeOf(triggerType);
  if (entry) return entry.label[english ? 'en' : 'zh'];
  return fallback || `#${triggerType}`;
}

/** The unit of a trigger type ('' when it has none or is unknown). */
export function triggerUnit(triggerType: number | undefined, fallback = ''): string {
  if (triggerType === undefined) return fallback;
  return triggerTypeOf(triggerType)?.unit ?? fallback;
}

/**
 * The trigger as a sentence an operator reads: "offline for 3 minutes" / "离线持续 3 分钟", "CPU load
 * above 90 % for 5 minutes, recovers below 80 %" / "CPU 使用率高于 90% 持续 5 分钟，低于 80% 时恢复".
 */
export function triggerText(
  rule: Pick<AlertRule, 'triggerType' | 'triggerOperator' | 'triggerValue'> &
    Partial<Pick<AlertRule, 'holdSeconds' | 'recoveryValue' | 'triggerTypeName' | 'unit'>>,
  english: boolean,
): string {
  if (!triggerTypeOf(rule.triggerType)) {
    // A trigger type this console does not know yet: the server's name and unit, plainly.
    const unit = rule.unit ? ` ${rule.unit}` : '';
    const symbol = OPERATOR_SYMBOLS[rule.triggerOperator] ?? rule.triggerOperator;
    return `${triggerName(rule.triggerType, english, rule.triggerTypeName)} ${symbol} ${numberText(rule.triggerValue)}${unit}`;
  }
  return triggerSentence(
    {
      triggerType: rule.triggerType,
      triggerOperator: rule.triggerOperator,
      triggerValue: Number(numberText(rule.triggerValue)),
      holdSeconds: rule.holdSeconds ?? 0,
      recoveryValue: rule.recoveryValue ?? null,
    },
    english ? 'en' : 'zh',
  );
}

/** The option of the product type select that stands for every product type (sent as productTypes []). */
export const ALL_PRODUCT_TYPES = 0;

/** "Network equipment / Switch", from the category tree; the codes themselves when the tree lacks them. */
export function categoryText(
  tree: readonly DictionaryItem[],
  deviceCategory: string | null,
  deviceClass: string | null,
  english: boolean,
): string {
  if (!deviceCategory) return '-';
  const large = tree.find((item) => item.code === deviceCategory);
  const small = deviceClass ? large?.childLevel.find((item) => item.code === deviceClass) : undefined;
  const parts = [large ? dictionaryName(large, english) : deviceCategory];
  if (deviceClass) parts.push(small ? dictionaryName(small, english) : deviceClass);
  return parts.filter(Boolean).join(' / ') || '-';
}

/** The alert rule form's values. The category is one cascader value: [large] or [large, small]. */
export interface AlertRuleFormValues {
  alertName?: string;
  alertLevel?: number;
  alertType?: number;
  triggerType?: number;
  triggerOperator?: TriggerOperator;
  triggerValue?: number | null;
  /** Minutes the condition must hold (the body's holdSeconds / 60). */
  holdMinutes?: number | null;
  recoveryValue?: number | null;
  /** Empty or null: any connect type. */
  connectType?: number | null;
  /** Product types; ALL_PRODUCT_TYPES (or none) stands for every one. */
  productTypes?: number[];
  /** Stores and regions (level ids as text, from the tree select); none: the whole company. */
  shopIds?: number[];
  areaIds?: string[];
  category?: string[];
}

/** A new rule: the most common comparison preselected, every product type, no hold. */
export const NEW_RULE_VALUES: AlertRuleFormValues = {
  triggerOperator: 'GT',
  productTypes: [ALL_PRODUCT_TYPES],
  holdMinutes: 0,
};

/** The product types a form's selection means: [] (every one) when "all" or nothing is picked. */
export function productTypesOfForm(selected: readonly number[] | undefined): number[] {
  if (!selected || selected.includes(ALL_PRODUCT_TYPES)) return [];
  return [...selected];
}

/** A saved rule as form values. */
export function formValuesOfRule(rule: AlertRule): AlertRuleFormValues {
  return {
    alertName: rule.alertName,
    alertLevel: rule.alertLevel,
    alertType: rule.alertType,
    triggerType: rule.triggerType,
    triggerOperator: rule.triggerOperator,
    triggerValue: rule.triggerValue,
    holdMinutes: rule.holdSeconds / 60,
    recoveryValue: rule.recoveryValue,
    connectType: rule.connectType,
    productTypes: rule.productTypes.length > 0 ? rule.productTypes : [ALL_PRODUCT_TYPES],
    shopIds: rule.shopIds,
    areaIds: rule.areaIds.map(String),
    category: [rule.deviceCategory, rule.deviceClass].filter((c): c is string => !!c),
  };
}

/** The form field a body field belongs to (the category pair is one cascader); null when none does. */
export function formFieldOf(bodyField: string): keyof AlertRuleFormValues | null {
  const name = bodyField.replace(/^body\.?/, '').split(/[.[]/)[0] ?? '';
  if (name === 'deviceCategory' || name === 'deviceClass') return 'category';
  if (name === 'holdSeconds') return 'holdMinutes';
  if (name === 'productType') return 'productTypes';
  const fields: readonly (keyof AlertRuleFormValues)[] = [
    'alertName',
    'alertLevel',
    'alertType',
    'triggerType',
    'triggerOperator',
    'triggerValue',
    'connectType',
    'productTypes',
    'recoveryValue',
    'shopIds',
    'areaIds',
  ];
  return (fields as readonly string[]).includes(name) ? (name as keyof AlertRuleFormValues) : null;
}

export type FormFieldErrors = SharedFieldErrors<keyof AlertRuleFormValues>;

/** The product types after a pick: "all" and single types exclude each other, the last pick wins. */
export function pickProductTypes(picked: readonly number[]): number[] {
  return picked[picked.length - 1] === ALL_PRODUCT_TYPES
    ? [ALL_PRODUCT_TYPES]
    : picked.filter((p) => p !== ALL_PRODUCT_TYPES);
}

export type ParsedRuleForm = { ok: true; body: AlertRuleBody } | { ok: false; errors: FormFieldErrors[] };

/**
 * Form values → the add body, checked by the contract's schema and the server's trigger/alert type
 * rule, so the page refuses what the server would. Failures come back per form field, in `lang`.
 */
export function parseRuleForm(values: AlertRuleFormValues, lang: Lang = 'zh'): ParsedRuleForm {
  const [deviceCategory, deviceClass] = values.category ?? [];
  const candidate = {
    alertName: values.alertName ?? '',
    alertLevel: values.alertLevel,
    alertType: values.alertType,
    connectType: values.connectType ?? null,
    productTypes: productTypesOfForm(values.productTypes),
    shopIds: values.shopIds ?? [],
    areaIds: (values.areaIds ?? []).map(Number),
    holdSeconds: Math.round((values.holdMinutes ?? 0) * 60),
    recoveryValue: values.recoveryValue ?? null,
    triggerOperator: values.triggerOperator,
    triggerType: values.triggerType,
    triggerValue: values.triggerValue ?? undefined,
    deviceCategory: deviceCategory ?? null,
    deviceClass: deviceClass ?? null,
  };
  const result = AlertRuleBody.safeParse(candidate);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        message: schemaMessage(issue.message, lang),
      }));
  // The server's own rule beyond the schema: the item must be one of the alert type's.
  const trigger = values.triggerType === undefined ? undefined : triggerTypeOf(values.triggerType);
  if (trigger && values.alertType !== undefined && trigger.alertType !== values.alertType)
    problems.push({
      field: 'triggerType',
      message: schemaMessage(`is not a trigger of alert type ${values.alertType}`, lang),
    });
  if (result.success && problems.length === 0) return { ok: true, body: result.data };
  return { ok: false, errors: groupByField(problems, formFieldOf) };
}

/** The failed fields of a refused save, on the rule form's fields (the category pair on the cascader). */
export function serverFieldErrors(error: unknown): FormFieldErrors[] {
  return sharedServerFieldErrors(error, formFieldOf);
}
