/** Converts between config items (text values) and the monitoring settings form's field values. */
import {
  CONFIG_ITEM_CODES,
  CONFIG_ITEM_DEFINITIONS,
  type ConfigItem,
  type ConfigItemCode,
  type ConfigValues,
  defaultConfigValues,
  isConfigItemCode,
} from '@storefleet/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Parsing 'HH:mm' with an explicit format needs the plugin (antd loads it too, but not in unit tests).
dayjs.extend(customParseFormat);

export type ConfigFieldValue = number | boolean | Dayjs | string | null | undefined;
export type ConfigFormValues = Partial<Record<ConfigItemCode, ConfigFieldValue>>;

export const TIME_FORMAT = 'HH:mm';

/** The field value the form control of `code` expects. */
function toField(code: ConfigItemCode, value: string): ConfigFieldValue {
  const rule = CONFIG_ITEM_DEFINITIONS[code].rule;
  switch (rule.kind) {
    case 'integer':
      return /^\d+$/.test(value) ? Number(value) : value;
    case 'time':
      return value === '' ? null : dayjs(value, TIME_FORMAT);
    case 'flag':
      return value === '1';
  }
}

/** The text value of one field as the server stores it. */
export function fieldText(value: ConfigFieldValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim();
  return value.isValid() ? value.format(TIME_FORMAT) : '';
}

/** Form values from the server's items (defaults where a code is missing). */
export function toConfigFormValues(items: readonly ConfigItem[]): ConfigFormValues {
  const values = defaultConfigValues();
  for (const item of items) if (isConfigItemCode(item.code)) values[item.code] = item.value;
  const form: ConfigFormValues = {};
  for (const code of CONFIG_ITEM_CODES) form[code] = toField(code, values[code]);
  return form;
}

/** The complete text value set of the form. */
export function fromConfigFormValues(form: ConfigFormValues): ConfigValues {
  const values = defaultConfigValues();
  for (const code of CONFIG_ITEM_CODES) if (code in form) values[code] = fieldText(form[code]);
  return values;
}
