/**
 * The filter form of a list page without antd's Form: `ListFilterForm`'s behaviour (fields on the spec §9
 * grid, Search and Reset, following the URL) with `<FilterField name label>` children instead of
 * `<Form.Item>`. antd's Form brings its field store and async validator (≈ 20 KB gzipped) to every page
 * that has one, though a filter form validates nothing (docs/decisions/web.md "What loads when").
 *
 * ```tsx
 * <ListFilterBar list={list}>
 *   <FilterField name="storeName" label={t('stores.filter.storeName')}><Input allowClear /></FilterField>
 *   <FilterField name="status" label={t('stores.filter.status')}><NativeSelect options={…} /></FilterField>
 * </ListFilterBar>
 * ```
 *
 * Each field's control gets `id` (its label names it), `value` and `onChange` (an input's change event
 * or the value itself, as antd's Form reads them). Enter in a text field searches (a native form).
 * `ListFilterForm` stays for pages that keep `Form.Item` children.
 */
import { Col, Row, theme } from 'antd';
import {
  Children,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

import { FILTER_COL } from '../grid';
import { FilterButtons } from './FilterButtons';
import type { ListFilterFormProps } from './ListFilterForm';
import type { FilterSpec } from './list-query';

export interface FilterFieldProps {
  /** The filter's name in the list's filter spec. */
  name: string;
  label: ReactNode;
  /** One control taking `value`/`onChange` (Input, NativeSelect, CascadePicker …). */
  children: ReactElement;
}

/** One field of a `ListFilterBar`; it only describes the field, the bar draws it. */
export function FilterField(_props: FilterFieldProps): null {
  return null;
}

/** What a control's `onChange` hands over: an input's change event, or the value itself. */
export function changedValue(arg: unknown): unknown {
  if (arg && typeof arg === 'object' && 'target' in arg) {
    const target = (arg as { target: unknown }).target;
    if (target && typeof target === 'object' && 'value' in target)
      return (target as { value: unknown }).value;
  }
  return arg;
}

const identity = (v: Record<string, unknown>) => v;

export function ListFilterBar<S extends FilterSpec>({
  list,
  children,
  toFormValues = identity,
  fromFormValues = identity,
}: ListFilterFormProps<S>) {
  const { token } = theme.useToken();
  const baseId = useId();
  const { filters, spec } = list;
  // Held in a ref so an inline converter does not reset what the user is typing on every render.
  const toForm = useRef(toFormValues);
  toForm.current = toFormValues;
  const [values, setValues] = useState<Record<string, unknown>>({});

  useEffect(() => {
    // Every declared field, so a filter removed from the URL is cleared in the form too.
    const blank = Object.fromEntries(Object.keys(spec).map((name) => [name, undefined]));
    setValues({ ...blank, ...toForm.current(filters as Record<string, unknown>) });
  }, [filters, spec]);

  const fields = Children.toArray(children).filter(
    (child): child is ReactElement<FilterFieldProps> =>
      isValidElement<FilterFieldProps>(child) && typeof child.props.name === 'string',
  );

  return (
    <form
      data-testid="list-filter-form"
      style={{ marginBottom: 16 }}
      onSubmit={(event) => {
        event.preventDefault();
        list.setFilters(fromFormValues(values));
      }}
    >
      <Row gutter={16}>
        {fields.map(({ props: { name, label, children: control } }) => {
          const id = `${baseId}-${name}`;
          return (
            <Col key={name} {...FILTER_COL}>
              <div style={{ display: 'flex', marginBottom: token.marginLG }}>
                <label
                  htmlFor={id}
                  style={{
                    flex: 'none',
                    height: token.controlHeight,
                    lineHeight: `${token.controlHeight}px`,
                    color: token.colorTextHeading,
                    whiteSpace: 'nowrap',
                  }}
                >
                  {label}
                  <span aria-hidden="true" style={{ marginInline: '2px 8px' }}>
                    :
                  </span>
                </label>
                <div style={{ flex: 1, minWidth: 0 }}>
                  {cloneElement(control as ReactElement<Record<string, unknown>>, {
                    id,
                    value: values[name],
                    onChange: (arg: unknown) => setValues((prev) => ({ ...prev, [name]: changedValue(arg) })),
                  })}
                </div>
              </div>
            </Col>
          );
        })}
        <FilterButtons onReset={list.resetFilters} />
      </Row>
    </form>
  );
}
