/**
 * What the list table decides, without React: sort cycling, which rows a page shows, the pager's page
 * buttons, row keys and row selection. Unit-tested in list-table-logic.test.ts.
 */
import type { Key } from 'react';

export type SortOrder = 'ascend' | 'descend' | null;

/** A header click: unsorted → ascending → descending → unsorted (antd's cycle). */
export function nextSortOrder(current: SortOrder | undefined): SortOrder {
  if (current === 'ascend') return 'descend';
  if (current === 'descend') return null;
  return 'ascend';
}

/** The `aria-sort` of a sortable header for its order. */
export function ariaSort(order: SortOrder | undefined): 'ascending' | 'descending' | 'none' {
  return order === 'ascend' ? 'ascending' : order === 'descend' ? 'descending' : 'none';
}

/** The row's key: a field of the row, or what the function answers. */
export function keyOfRow<Row>(row: Row, rowKey: string | ((row: Row) => Key)): Key {
  if (typeof rowKey === 'function') return rowKey(row);
  const value = (row as Record<string, unknown>)[rowKey];
  return typeof value === 'number' || typeof value === 'string' ? value : String(value);
}

/** A cell's value: the row's field named by `dataIndex` (dotted paths walk nested objects). */
export function cellValue(row: unknown, dataIndex: string | undefined): unknown {
  if (dataIndex === undefined) return undefined;
  let value: unknown = row;
  for (const part of dataIndex.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Number of pages for `total` rows, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * The rows the table shows: all of them when the server already sent one page (no more rows than the
 * page size), else the current page's slice (a list held in full in the browser).
 */
export function rowsOfPage<Row>(rows: readonly Row[], current: number, pageSize: number): readonly Row[] {
  if (rows.length <= pageSize) return rows;
  const start = (current - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** A pager entry: a page number, or a gap (`'…'`) standing for the pages left out. */
export type PagerItem = number | 'gap-before' | 'gap-after';

/**
 * The page buttons: all pages up to 7; beyond that the first, the last, the current page with two
 * neighbours each side, and gaps (like antd's pager).
 */
export function pagerItems(current: number, pages: number): PagerItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  let from = Math.max(2, current - 2);
  let to = Math.min(pages - 1, current + 2);
  if (current <= 4) {
    from = 2;
    to = 5;
  } else if (current >= pages - 3) {
    from = pages - 4;
    to = pages - 1;
  }
  const items: PagerItem[] = [1];
  if (from > 2) items.push('gap-before');
  for (let page = from; page <= to; page += 1) items.push(page);
  if (to < pages - 1) items.push('gap-after');
  items.push(pages);
  return items;
}

/** The first and last row number a page shows (for `showTotal`), `[0, 0]` when there is none. */
export function pageRange(current: number, pageSize: number, total: number): [number, number] {
  if (total === 0) return [0, 0];
  const first = (current - 1) * pageSize + 1;
  return [Math.min(first, total), Math.min(current * pageSize, total)];
}

/**
 * The selection after ticking or clearing `keys` on the shown page. Keys of rows no longer shown are
 * dropped (as antd does without `preserveSelectedRowKeys`), so a selection never names a row the user
 * cannot see.
 */
export function toggleSelection(
  selected: readonly Key[],
  shown: readonly Key[],
  keys: readonly Key[],
  checked: boolean,
): Key[] {
  const kept = selected.filter((key) => shown.includes(key) && !keys.includes(key));
  return checked ? [...kept, ...keys.filter((key) => shown.includes(key))] : kept;
}

/** The header checkbox: every shown row selected, some, or none. */
export function selectionState(selected: readonly Key[], shown: readonly Key[]): 'all' | 'some' | 'none' {
  const count = shown.filter((key) => selected.includes(key)).length;
  if (count === 0) return 'none';
  return count === shown.length ? 'all' : 'some';
}
