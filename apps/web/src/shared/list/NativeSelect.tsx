/**
 * A native `<select>` drawn like antd's Select, for short fixed choices (status and type filters). antd's
 * Select brings rc-select with its virtual list to every page that has one; a native select costs nothing,
 * and the browser gives it keyboard and screen-reader behaviour. Takes the subset of Select's props our
 * filters use: `options` (`{ value, label }`), `value`/`onChange`, `placeholder`, `allowClear` (the
 * placeholder stays choosable and clears the value), `loading`, `disabled`; antd's Form.Item sets `id`,
 * so its label names the select.
 */
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

import { PICKER_CSS, pickerVars } from './picker-style';

export interface NativeSelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface NativeSelectProps {
  options: readonly NativeSelectOption[];
  value?: string | number | null;
  /** `undefined` when the placeholder is chosen (cleared); otherwise the option's value as given. */
  onChange?: (value: string | number | undefined) => void;
  placeholder?: string;
  /** Keeps the placeholder choosable, so the value can be cleared (default true). */
  allowClear?: boolean;
  loading?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  'data-testid'?: string;
}

const ARROW = (
  <svg
    viewBox="0 0 1024 1024"
    width="12"
    height="12"
    fill="currentColor"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
  </svg>
);

export function NativeSelect({
  options,
  value,
  onChange,
  placeholder,
  allowClear = true,
  loading = false,
  disabled = false,
  id,
  'data-testid': testId,
  ...aria
}: NativeSelectProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const chosen = value === undefined || value === null ? '' : String(value);
  const known = chosen === '' || options.some((o) => String(o.value) === chosen);
  return (
    <span className="sf-pk" style={pickerVars(token)}>
      <style href="storefleet-picker" precedence="medium">
        {PICKER_CSS}
      </style>
      <select
        id={id}
        className={`sf-pk-select${chosen === '' ? ' sf-pk-placeholder' : ''}`}
        value={chosen}
        disabled={disabled}
        aria-busy={loading || undefined}
        {...aria}
        data-testid={testId}
        onChange={(event) => {
          const next = event.target.value;
          if (next === '') return onChange?.(undefined);
          const option = options.find((o) => String(o.value) === next);
          onChange?.(option ? option.value : next);
        }}
      >
        <option value="" disabled={!allowClear && chosen !== ''}>
          {loading ? t('common.loading') : (placeholder ?? t('common.pleaseSelect'))}
        </option>
        {known ? null : <option value={chosen}>{chosen}</option>}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <span className="sf-pk-select-arrow">{ARROW}</span>
    </span>
  );
}
