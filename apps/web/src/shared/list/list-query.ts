/**
 * The pure half of the list-page block: how a list's filters, page and sort live in the query string.
 * Empty values are never written (spec §2), so a URL holds only what the user actually chose.
 */
import { MAX_PAGE_SIZE, type SortDirection } from '@storefleet/contracts';

/** A filter holds one text value, or a list of values (repeated in the URL: `?shopId=1&shopId=2`). */
export type FilterKind = 'text' | 'list';
/** Declares a list's filters: `{ userName: 'text', shopIds: 'list' }`. */
export type FilterSpec = Record<string, FilterKind>;
/** Filter values as they live in the URL: strings, or string lists; absent when not set. */
export type FilterValues<S extends FilterSpec> = { [K in keyof S]?: S[K] extends 'list' ? string[] : string };

export interface ListSort {
  sortBy: string;
  sortDirection: SortDirection;
}

/** Everything a list call needs: the filters plus paging and (optional) sorting. */
export type ListParams<S extends FilterSpec> = FilterValues<S> & {
  pageNum: number;
  pageSize: number;
  sortBy?: string;
  sortDirection?: SortDirection;
};

export interface ListDefaults {
  pageSize: number;
  /** Fields the list call accepts in `sortBy`; a URL naming another field is ignored. */
  sortFields: readonly string[];
  /** The sort used when the URL has none (lists where the spec requires a sort). */
  defaultSort?: ListSort;
}

export const RESERVED_PARAMS = ['pageNum', 'pageSize', 'sortBy', 'sortDirection'] as const;

/** A list call's input without its page and sort: what the calls that count or export the whole list take. */
export function withoutPaging<T extends object>(input: T): Omit<T, (typeof RESERVED_PARAMS)[number]> {
  const {
    pageNum: _p,
    pageSize: _s,
    sortBy: _b,
    sortDirection: _d,
    ...filters
  } = input as T & Partial<Record<(typeof RESERVED_PARAMS)[number], unknown>>;
  return filters;
}

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/** True for values a filter treats as "not set". */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyValue);
  return false;
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * Turns form values into filter values: trims text, turns numbers into text and drops every empty
 * value (undefined, null, blank text, empty lists). Keys not in the spec are ignored.
 */
export function cleanFilters<S extends FilterSpec>(
  spec: S,
  values: Record<string, unknown>,
): FilterValues<S> {
  const out: Record<string, string | string[]> = {};
  for (const [name, kind] of Object.entries(spec)) {
    const value = values[name];
    if (isEmptyValue(value)) continue;
    if (kind === 'list') {
      const items = (Array.isArray(value) ? value : [value])
        .map(textOf)
        .filter((v): v is string => v !== null);
      if (items.length > 0) out[name] = items;
    } else {
      const text = textOf(value);
      if (text !== null) out[name] = text;
    }
  }
  return out as FilterValues<S>;
}

/** Reads a list's state from the query string; malformed or out-of-range values fall back to defaults. */
export function readListParams<S extends FilterSpec>(
  search: URLSearchParams,
  spec: S,
  defaults: ListDefaults,
): ListParams<S> {
  const raw: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(spec))
    raw[name] = kind === 'list' ? search.getAll(name) : search.get(name);
  const pageSize = Math.min(positiveInt(search.get('pageSize')) ?? defaults.pageSize, MAX_PAGE_SIZE);
  const params: ListParams<S> = {
    ...cleanFilters(spec, raw),
    pageNum: positiveInt(search.get('pageNum')) ?? 1,
    pageSize,
  };
  const sortBy = search.get('sortBy');
  const sortDirection = search.get('sortDirection');
  if (
    sortBy &&
    defaults.sortFields.includes(sortBy) &&
    (sortDirection === 'asc' || sortDirection === 'desc')
  ) {
    params.sortBy = sortBy;
    params.sortDirection = sortDirection;
  } else if (defaults.defaultSort) {
    params.sortBy = defaults.defaultSort.sortBy;
    params.sortDirection = defaults.defaultSort.sortDirection;
  }
  return params;
}

/** Writes a list's state to a query string, leaving out empty filters and values equal to the defaults. */
export function writeListParams<S extends FilterSpec>(
  params: ListParams<S>,
  spec: S,
  defaults: ListDefaults,
): URLSearchParams {
  const out = new URLSearchParams();
  const filters = cleanFilters(spec, params as Record<string, unknown>);
  for (const name of Object.keys(spec)) {
    const value = (filters as Record<string, string | string[] | undefined>)[name];
    if (Array.isArray(value)) for (const item of value) out.append(name, item);
    else if (value !== undefined) out.set(name, value);
  }
  if (params.pageNum > 1) out.set('pageNum', String(params.pageNum));
  if (params.pageSize !== defaults.pageSize) out.set('pageSize', String(params.pageSize));
  const isDefaultSort =
    params.sortBy === defaults.defaultSort?.sortBy &&
    params.sortDirection === defaults.defaultSort?.sortDirection;
  if (params.sortBy && params.sortDirection && !isDefaultSort) {
    out.set('sortBy', params.sortBy);
    out.set('sortDirection', params.sortDirection);
  }
  return out;
}

/** antd Table's sorter, reduced to what matters here. */
export interface TableSorter {
  field?: unknown;
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

/** Maps antd's sorter to spec sorting: asc/desc only, no sort when the column's sort is cleared. */
export function sortFromTable(sorter: TableSorter | readonly TableSorter[]): Partial<ListSort> {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) return {};
  const key = first.columnKey ?? first.field;
  const sortBy = Array.isArray(key) ? key.join('.') : typeof key === 'string' ? key : null;
  if (!sortBy) return {};
  return { sortBy, sortDirection: first.order === 'ascend' ? 'asc' : 'desc' };
}

/** The antd `sortOrder` a column shows for the current state. */
export function columnSortOrder(params: Partial<ListSort>, field: string): 'ascend' | 'descend' | null {
  if (params.sortBy !== field || !params.sortDirection) return null;
  return params.sortDirection === 'asc' ? 'ascend' : 'descend';
}
