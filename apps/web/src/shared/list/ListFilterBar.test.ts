/**
 * The filter bar without antd's Form: what it draws, and how it reads a control's change. Typing and
 * searching are covered by the browser tests (e2e/stores, e2e/device-pages).
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { changedValue, FilterField, ListFilterBar } from './ListFilterBar';
import { NativeSelect } from './NativeSelect';

/** createElement with children as arguments, for props whose types require `children`. */
const h = createElement as unknown as (
  type: unknown,
  props: Record<string, unknown> | null,
  ...children: unknown[]
) => ReactElement;

const list = {
  filters: { storeName: 'North', status: '1' },
  spec: { storeName: 'text', status: 'text' } as const,
  setFilters: () => {},
  resetFilters: () => {},
};

describe('ListFilterBar', () => {
  it('draws each field with a label naming its control, then Search and Reset', () => {
    const html = renderToStaticMarkup(
      h(
        ListFilterBar,
        { list },
        h(FilterField, { key: 'name', name: 'storeName', label: 'Store name' }, createElement('input')),
        null,
        h(
          FilterField,
          { key: 'status', name: 'status', label: 'Status' },
          createElement(NativeSelect, { options: [{ value: '1', label: 'Moved' }] }),
        ),
      ),
    );
    const ids = [...html.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(html).toContain(`id="${id}"`);
    expect(html).toMatch(/<form data-testid="list-filter-form"/);
    expect(html).toMatch(/>Store name<span aria-hidden="true"[^>]*>:<\/span><\/label>/);
    const search = html.match(/<button[^>]*data-testid="list-search"[^>]*>/)?.[0] ?? '';
    expect(search).toContain('type="submit"');
    expect(html).toContain('data-testid="list-reset"');
  });

  it("reads an input's change event or a picker's value", () => {
    expect(changedValue({ target: { value: 'abc' } })).toBe('abc');
    expect(changedValue(['1', '11'])).toEqual(['1', '11']);
    expect(changedValue(undefined)).toBeUndefined();
    expect(changedValue('0')).toBe('0');
  });
});
