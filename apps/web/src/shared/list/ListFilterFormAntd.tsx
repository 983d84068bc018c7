import { Col, Form, Row } from 'antd';
import { Children, isValidElement, useEffect, useRef } from 'react';

import { FILTER_COL, WIDE_FILTER_COL } from '../grid';
import { FilterButtons } from './FilterButtons';
import type { ListFilterFormProps } from './ListFilterForm';
import type { FilterSpec } from './list-query';
import { WideFilter } from './WideFilter';

const identity = (v: Record<string, unknown>) => v;

/**
 * `ListFilterForm` drawn with antd's Form (loaded with the first page that shows one: ListFilterForm.tsx).
 * It follows the URL, so back/forward and shared links show the filters the list was loaded with.
 */
export default function ListFilterFormAntd<S extends FilterSpec>({
  list,
  children,
  toFormValues = identity,
  fromFormValues = identity,
}: ListFilterFormProps<S>) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const { filters, spec } = list;
  // Held in a ref so an inline converter does not reset what the user is typing on every render.
  const toForm = useRef(toFormValues);
  toForm.current = toFormValues;

  useEffect(() => {
    // Set every declared field, so a filter removed from the URL is cleared in the form too.
    const blank = Object.fromEntries(Object.keys(spec).map((name) => [name, undefined]));
    form.setFieldsValue({ ...blank, ...toForm.current(filters as Record<string, unknown>) });
  }, [form, filters, spec]);

  return (
    <Form
      form={form}
      data-testid="list-filter-form"
      onFinish={(values) => list.setFilters(fromFormValues(values))}
      style={{ marginBottom: 16 }}
    >
      <Row gutter={16}>
        {Children.map(children, (child) => (
          <Col {...(isValidElement(child) && child.type === WideFilter ? WIDE_FILTER_COL : FILTER_COL)}>
            {child}
          </Col>
        ))}
        <FilterButtons onReset={list.resetFilters} />
      </Row>
    </Form>
  );
}
