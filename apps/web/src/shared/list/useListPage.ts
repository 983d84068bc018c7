import {
  type AnyEndpoint,
  type BodyInput,
  DEFAULT_PAGE_SIZE,
  type PagedResult,
  type QueryInput,
  type ResponseOf,
} from '@storefleet/contracts';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';

import { api, endpointKey } from '../api/call';
import { useSession } from '../session/useSession';
import type { ListTableProps } from './ListTable';
import {
  columnSortOrder,
  type FilterSpec,
  type FilterValues,
  type ListDefaults,
  type ListParams,
  type ListSort,
  RESERVED_PARAMS,
  readListParams,
  sortFromTable,
  type TableSorter,
  writeListParams,
} from './list-query';
import {
  browserStorage,
  PAGE_SIZE_OPTIONS,
  pageSizeKey,
  readPageSize,
  rememberPageSize,
} from './page-size-memory';

/** An endpoint whose reply is a paged result (spec §3). */
// biome-ignore lint/suspicious/noExplicitAny: any row type
export type PagedEndpoint = AnyEndpoint & { response: { _zod: { output: PagedResult<any> } } };
/** The row type of a paged endpoint. */
export type RowOf<E extends AnyEndpoint> = ResponseOf<E> extends PagedResult<infer Row> ? Row : never;
/** What `toQuery` builds: the call's query, or its body for a paged call that reads a body. */
export type ListCallInput<E extends AnyEndpoint> = [QueryInput<E>] extends [never]
  ? BodyInput<E>
  : QueryInput<E>;

export interface UseListPageOptions<E extends PagedEndpoint, S extends FilterSpec> {
  /** The paged call (an endpoint of the contracts); its key caches the pages. */
  endpoint: E;
  /** The filters the list offers and their kinds. Never `pageNum`, `pageSize`, `sortBy`, `sortDirection`. */
  filters: S;
  /**
   * Builds the call's query from the URL's filters, page and sort (URL text). By default they are sent
   * as they are; pages whose filters are not the call's fields (a region path, a fixed scope) convert here.
   */
  toQuery?: (params: ListParams<S>) => ListCallInput<E>;
  /** Row identity for the table. */
  rowKey: Extract<keyof RowOf<E>, string> | ((row: RowOf<E>) => string);
  /**
   * Page size when the URL names none and the user has not chosen one on this list before (the choice
   * is remembered per user and list, see page-size-memory.ts); defaults to DEFAULT_PAGE_SIZE.
   */
  defaultPageSize?: number;
  /** Columns the call can sort by; other `sortBy` values in the URL are ignored. None: not sortable. */
  sortFields?: readonly string[];
  /** Sort applied when the URL has none, for calls that require one (spec §5). */
  defaultSort?: ListSort;
}

export interface ListPage<S extends FilterSpec, Row> {
  /** The current filters, page and sort, read from the URL. */
  params: ListParams<S>;
  /** The current filters alone (for the filter form). */
  filters: FilterValues<S>;
  /** The TanStack query of the current page. */
  query: UseQueryResult<PagedResult<Row>>;
  /** Replaces the filters (empty values dropped) and goes back to page 1. */
  setFilters: (values: Record<string, unknown>) => void;
  /** Clears every filter and goes back to page 1, keeping page size and sort. */
  resetFilters: () => void;
  /** The `sortOrder` to give a sortable column: `{ sorter: true, sortOrder: list.sortOrder('x') }`. */
  sortOrder: (field: string) => 'ascend' | 'descend' | null;
  /** Spread onto `<ListTable>`: rows, loading, row key, paging and sort handling. */
  tableProps: Pick<ListTableProps<Row>, 'dataSource' | 'loading' | 'rowKey' | 'pagination' | 'onChange'>;
  /** The filter spec, for the filter form. */
  spec: S;
}

/**
 * The list-page block: filters, paging and sorting kept in the query string (empty values dropped)
 * and wired to a paged call through TanStack Query. See `src/shared/list/index.ts` for a full example.
 */
export function useListPage<E extends PagedEndpoint, S extends FilterSpec>(
  options: UseListPageOptions<E, S>,
): ListPage<S, RowOf<E>> {
  type Row = RowOf<E>;
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { endpoint, filters: spec, toQuery, rowKey, sortFields, defaultSort } = options;
  const clash = RESERVED_PARAMS.find((name) => name in spec);
  if (clash) throw new Error(`list filter "${clash}" clashes with a paging parameter`);

  const userId = useSession()?.result.accountId ?? null;
  const { pathname } = useLocation();
  const memoryKey = userId === null ? null : pageSizeKey(userId, pathname);
  const remembered = useMemo(
    () => (memoryKey === null ? null : readPageSize(browserStorage(), memoryKey)),
    [memoryKey],
  );
  const defaults: ListDefaults = useMemo(
    () => ({
      pageSize: remembered ?? options.defaultPageSize ?? DEFAULT_PAGE_SIZE,
      sortFields: sortFields ?? [],
      ...(defaultSort ? { defaultSort } : {}),
    }),
    [remembered, options.defaultPageSize, sortFields, defaultSort],
  );
  const params = useMemo(() => readListParams(search, spec, defaults), [search, spec, defaults]);

  const callQuery = useMemo(() => (toQuery ? toQuery(params) : params), [toQuery, params]);
  const query = useQuery({
    queryKey: [...endpointKey(endpoint), callQuery],
    queryFn: ({ signal }) =>
      (api as (e: AnyEndpoint, i: unknown, o: { signal: AbortSignal }) => Promise<PagedResult<Row>>)(
        endpoint,
        // A paged call that reads its filters from a body (callLog/queryByPage) gets them there.
        endpoint.body ? { body: callQuery } : { query: callQuery },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const { refetch } = query;
  const go = useCallback(
    (next: ListParams<S>) => {
      const written = writeListParams(next, spec, defaults);
      // Searching again with unchanged filters leaves the URL as it is; the user still expects fresh rows.
      if (written.toString() === search.toString()) void refetch();
      else setSearch(written);
    },
    [setSearch, search, spec, defaults, refetch],
  );

  const setFilters = useCallback(
    (values: Record<string, unknown>) =>
      go({ ...(values as FilterValues<S>), pageNum: 1, pageSize: params.pageSize, ...sortOf(params) }),
    [go, params],
  );
  const resetFilters = useCallback(
    () => go({ pageNum: 1, pageSize: params.pageSize, ...sortOf(params) } as ListParams<S>),
    [go, params],
  );

  const onChange = useCallback<NonNullable<ListTableProps<Row>['onChange']>>(
    (pagination, _filters, sorter) => {
      const sort = sortFromTable(sorter as TableSorter | TableSorter[]);
      const pageSize = pagination.pageSize ?? params.pageSize;
      if (pageSize !== params.pageSize && memoryKey !== null)
        rememberPageSize(browserStorage(), memoryKey, pageSize);
      const sortChanged = sort.sortBy !== params.sortBy || sort.sortDirection !== params.sortDirection;
      // A new sort or page size starts again from page 1: the old page number means nothing in the new order.
      const pageNum = sortChanged || pageSize !== params.pageSize ? 1 : (pagination.current ?? 1);
      go({ ...filtersOf(params, spec), pageNum, pageSize, ...sort } as ListParams<S>);
    },
    [go, params, spec, memoryKey],
  );

  const filters = useMemo(() => filtersOf(params, spec), [params, spec]);
  const data = query.data;
  return {
    params,
    filters,
    query,
    setFilters,
    resetFilters,
    sortOrder: (field) => columnSortOrder(params, field),
    spec,
    tableProps: {
      dataSource: data?.list ?? [],
      loading: query.isFetching,
      rowKey,
      onChange,
      pagination: {
        current: params.pageNum,
        pageSize: params.pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZE_OPTIONS],
        showTotal: (total) => t('common.total', { total }),
      },
    },
  };
}

function sortOf(params: Partial<ListSort>): Partial<ListSort> {
  return params.sortBy && params.sortDirection
    ? { sortBy: params.sortBy, sortDirection: params.sortDirection }
    : {};
}

function filtersOf<S extends FilterSpec>(params: ListParams<S>, spec: S): FilterValues<S> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(spec)) {
    const value = (params as Record<string, unknown>)[name];
    if (value !== undefined) out[name] = value;
  }
  return out as FilterValues<S>;
}
