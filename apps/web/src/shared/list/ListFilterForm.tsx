import { lazy, type ReactNode, Suspense } from 'react';

import type { FilterSpec } from './list-query';
import type { ListPage } from './useListPage';

export interface ListFilterFormProps<S extends FilterSpec> {
  /** The list the form filters (from `useListPage`). */
  list: Pick<ListPage<S, unknown>, 'filters' | 'setFilters' | 'resetFilters' | 'spec'>;
  /** `<Form.Item name="…">` fields, one per filter; each is laid out in a spec §9 grid column. */
  children: ReactNode;
  /** Converts URL filter text to form values (e.g. dates to dayjs); identity by default. */
  toFormValues?: (filters: Record<string, unknown>) => Record<string, unknown>;
  /** Converts form values back to filter values (e.g. dayjs to 'YYYY-MM-DD'); identity by default. */
  fromFormValues?: (values: Record<string, unknown>) => Record<string, unknown>;
}

const ListFilterFormAntd = lazy(() => import('./ListFilterFormAntd'));

/**
 * The filter form of a list page: `<Form.Item name="…">` fields on the shared grid, Search and Reset
 * buttons. It follows the URL, so back/forward and shared links show the filters the list was loaded with.
 * Drawn by `ListFilterFormAntd` (antd's Form), a chunk loaded when a page first shows this form: the
 * list block is imported by every list page, and antd's Form (≈ 20 KB gzipped) must not come with it to
 * pages that filter with `ListFilterBar` (docs/decisions/web.md "What loads when"). Pages that use this
 * form import antd's Form for their `Form.Item`s anyway.
 */
export function ListFilterForm<S extends FilterSpec>(props: ListFilterFormProps<S>) {
  return (
    <Suspense fallback={null}>
      <ListFilterFormAntd {...(props as unknown as ListFilterFormProps<FilterSpec>)} />
    </Suspense>
  );
}
