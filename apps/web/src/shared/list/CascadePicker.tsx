/**
 * A cascading list of our own (region → province → city → store, large → small category), used instead
 * of antd's Cascader, which brings rc-select, rc-cascader and its tree/checkbox code to every page with a
 * filter form (docs/decisions/web.md "What loads when"). Its subset of Cascader's props: `options`,
 * `value`/`onChange` (a path of values; `multiple`: a list of paths kept as antd's `SHOW_PARENT`),
 * `changeOnSelect`, `loadData`, `allowClear`, `placeholder`, `loading`, `disabled`.
 *
 * Keyboard and screen readers: the field is a `combobox` that keeps the focus; its popup holds one
 * `listbox` per level, the highlighted option named by `aria-activedescendant`. Enter, Space or ↓ open;
 * ↑/↓ (Home/End) move in a level, → opens the highlighted option's level, ← goes back; Enter chooses
 * (in `multiple`, Space or Enter checks); typed letters find an option of the level; Escape or Tab closes. Stable hooks for tests keep antd's class
 * names: options are `li.ant-cascader-menu-item` with their text in `.ant-cascader-menu-item-content`,
 * the chosen value is `.ant-select-selection-item`.
 */
import { ConfigProvider, theme } from 'antd';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

import {
  type CascadeOption,
  checkState,
  columnsFor,
  findTyped,
  isLeafOption,
  optionsAlong,
  pathLabel,
  stepIndex,
  toggleChecked,
} from './cascade-logic';
import { PICKER_CSS, pickerVars } from './picker-style';

export type { CascadeOption } from './cascade-logic';

interface CascadePickerCommon {
  options: CascadeOption[];
  placeholder?: string;
  /** Shows a clear button while a value is chosen (default true). */
  allowClear?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** Called when an option with `isLeaf: false` and no children is opened; add its children to `options`. */
  loadData?: (selected: CascadeOption[]) => void | Promise<void>;
  /** Set by antd's Form.Item, so its label names this field. */
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  'data-testid'?: string;
}

export interface CascadePickerSingleProps extends CascadePickerCommon {
  multiple?: false;
  value?: string[];
  onChange?: (path: string[]) => void;
  /** Lets the user stop at any depth (filters); off when a full path is required (forms). */
  changeOnSelect?: boolean;
}

export interface CascadePickerMultipleProps extends CascadePickerCommon {
  multiple: true;
  value?: string[][];
  onChange?: (paths: string[][]) => void;
  changeOnSelect?: never;
}

export type CascadePickerProps = CascadePickerSingleProps | CascadePickerMultipleProps;

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

export function CascadePicker(props: CascadePickerProps) {
  const {
    options,
    placeholder,
    allowClear = true,
    disabled = false,
    loading = false,
    loadData,
    id,
    'data-testid': testId,
  } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const locale = useContext(ConfigProvider.ConfigContext).locale;
  const baseId = useId();
  const popId = `${baseId}-pop`;
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // The open path: the highlighted option is its last step, in column `activePath.length - 1`.
  const [activePath, setActivePath] = useState<string[]>([]);
  // Type to find: letters typed within a moment jump to the first option of the level that holds them.
  const typed = useRef({ text: '', at: 0 });

  const multiple = props.multiple === true;
  const singleValue = props.multiple ? undefined : props.value;
  const multiValue = useMemo(
    () => (props.multiple ? (props.value ?? []) : []),
    [props.multiple, props.value],
  );
  const hasValue = multiple ? multiValue.length > 0 : (singleValue?.length ?? 0) > 0;
  const columns = useMemo(() => columnsFor(options, activePath), [options, activePath]);

  const display = multiple
    ? multiValue.map((path) => optionsAlong(options, path).at(-1)?.label ?? path.at(-1)).join(', ')
    : singleValue && singleValue.length > 0
      ? pathLabel(options, singleValue)
      : '';

  const close = useCallback(() => {
    setOpen(false);
    setActivePath([]);
  }, []);

  const openPicker = () => {
    if (disabled) return;
    setOpen(true);
    // Open on the chosen path (single) so the user sees where they are; else on the first option.
    const start = !multiple && singleValue?.length ? singleValue : multiValue[0] ? multiValue[0] : [];
    const known = optionsAlong(options, start).map((o) => o.value);
    setActivePath(known.length > 0 ? known : options[0] ? [options[0].value] : []);
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, close]);

  const expand = (path: string[]) => {
    const along = optionsAlong(options, path);
    const last = along.at(-1);
    if (last && !last.children?.length && last.isLeaf === false && loadData) void loadData(along);
  };

  /** The user picked the option at `path` (click, Enter or Space). */
  const choose = (path: string[], via: 'label' | 'check') => {
    const option = optionsAlong(options, path).at(-1);
    if (!option) return;
    setActivePath(path);
    const leaf = isLeafOption(option);
    if (props.multiple) {
      if (via === 'check' || leaf) props.onChange?.(toggleChecked(options, multiValue, path));
      else expand(path);
      return;
    }
    if (!leaf) expand(path);
    if (leaf || props.changeOnSelect) props.onChange?.(path);
    if (leaf) close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const key = event.key;
    if (!open) {
      if (key === 'Enter' || key === ' ' || key === 'ArrowDown') {
        event.preventDefault();
        openPicker();
      }
      return;
    }
    const depth = Math.max(activePath.length - 1, 0);
    const column = columns[depth] ?? [];
    const index = column.findIndex((o) => o.value === activePath[depth]);
    if (key === 'Escape' || key === 'Tab') {
      if (key === 'Escape') event.preventDefault();
      close();
    } else if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End') {
      event.preventDefault();
      const next = column[stepIndex(index, column.length, key)];
      if (next) setActivePath([...activePath.slice(0, depth), next.value]);
    } else if (key === 'ArrowRight') {
      event.preventDefault();
      const current = column[index];
      if (current && !isLeafOption(current)) {
        expand(activePath);
        const first = current.children?.[0];
        if (first) setActivePath([...activePath, first.value]);
      }
    } else if (key === 'ArrowLeft') {
      event.preventDefault();
      if (activePath.length > 1) setActivePath(activePath.slice(0, -1));
    } else if (key === 'Enter' || (key === ' ' && multiple)) {
      event.preventDefault();
      if (activePath.length > 0) choose(activePath, multiple ? 'check' : 'label');
    } else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      const now = Date.now();
      typed.current = { text: (now - typed.current.at < 800 ? typed.current.text : '') + key, at: now };
      const next = findTyped(column, typed.current.text);
      if (next) setActivePath([...activePath.slice(0, depth), next.value]);
    }
  };

  const itemId = (depth: number, index: number) => `${baseId}-${depth}-${index}`;
  const activeDepth = activePath.length - 1;
  const activeIndex =
    activeDepth >= 0
      ? (columns[activeDepth]?.findIndex((o) => o.value === activePath[activeDepth]) ?? -1)
      : -1;

  const renderItem = (option: CascadeOption, depth: number, index: number): ReactNode => {
    const path = [...activePath.slice(0, depth), option.value];
    const state = multiple ? checkState(multiValue, path) : null;
    const chosen = multiple
      ? state === 'checked'
      : singleValue?.[depth] === option.value && pathStartsWith(singleValue, path);
    const active = depth === activeDepth && index === activeIndex;
    const className = ['ant-cascader-menu-item', 'sf-pk-item', active ? 'sf-pk-active' : '']
      .filter(Boolean)
      .join(' ');
    return (
      <li
        key={option.value}
        id={itemId(depth, index)}
        role="option"
        aria-selected={chosen}
        {...(state === 'partial' ? { 'aria-checked': 'mixed' as const } : {})}
        className={className}
        title={option.label}
        onClick={() => choose(path, 'label')}
      >
        {multiple ? (
          <span
            className="sf-pk-check"
            data-state={state ?? undefined}
            aria-hidden="true"
            onClick={(event) => {
              event.stopPropagation();
              choose(path, 'check');
            }}
          />
        ) : null}
        <span className="ant-cascader-menu-item-content">{option.label}</span>
        {isLeafOption(option) ? null : (
          <span className="sf-pk-expand" aria-hidden="true">
            ›
          </span>
        )}
      </li>
    );
  };

  const rootClass = ['sf-pk', open ? 'sf-pk-open' : '', disabled ? 'sf-pk-disabled' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div ref={rootRef} className={rootClass} style={pickerVars(token)}>
      <style href="storefleet-picker" precedence="medium">
        {PICKER_CSS}
      </style>
      <div
        id={id}
        role="combobox"
        tabIndex={disabled ? -1 : 0}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-controls={open ? popId : undefined}
        aria-activedescendant={open && activeIndex >= 0 ? itemId(activeDepth, activeIndex) : undefined}
        aria-disabled={disabled || undefined}
        aria-busy={loading || undefined}
        aria-label={props['aria-label']}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        aria-required={props['aria-required']}
        className={`sf-pk-trigger${hasValue ? ' sf-pk-has-value' : ''}`}
        data-testid={testId}
        onClick={() => (open ? close() : openPicker())}
        onKeyDown={onKeyDown}
      >
        {hasValue ? (
          <span className="sf-pk-value ant-select-selection-item" title={display}>
            {display}
          </span>
        ) : (
          <span className="sf-pk-value sf-pk-placeholder">{placeholder ?? t('common.pleaseSelect')}</span>
        )}
        {allowClear && hasValue && !disabled ? (
          <button
            type="button"
            className="sf-pk-clear"
            aria-label={t('common.clear')}
            title={t('common.clear')}
            onClick={(event) => {
              event.stopPropagation();
              if (props.multiple) props.onChange?.([]);
              else props.onChange?.([]);
              close();
            }}
          >
            ×
          </button>
        ) : null}
        <span className="sf-pk-suffix sf-pk-arrow">{loading ? '…' : ARROW}</span>
      </div>
      {open ? (
        <div id={popId} className="sf-pk-pop" onMouseDown={(event) => event.preventDefault()}>
          {options.length === 0 ? (
            <div className="sf-pk-empty">{locale?.Empty?.description ?? t('common.loading')}</div>
          ) : (
            columns.map((column, depth) => (
              <ul
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its depth
                key={depth}
                role="listbox"
                aria-multiselectable={multiple || undefined}
                aria-label={
                  depth === 0
                    ? (props['aria-label'] ?? placeholder)
                    : optionsAlong(options, activePath)[depth - 1]?.label
                }
                className="ant-cascader-menu sf-pk-col"
              >
                {column.map((option, index) => renderItem(option, depth, index))}
              </ul>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}

function pathStartsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((v, i) => v === path[i]);
}
