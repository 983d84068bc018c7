import { z } from 'zod';

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, NAVIGATE_PAGES } from './paging-limits';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, NAVIGATE_PAGES } from './paging-limits';

/** Query-string numbers arrive as text; this accepts both and rejects anything that is not a whole number. */
export const intFromQuery = z.union(
  [
    z.number().int('must be a whole number'),
    z
      .string()
      .trim()
      .regex(/^-?\d+$/, 'must be a whole number')
      .transform(Number),
  ],
  { error: 'must be a whole number' },
);

export const PageQuery = z.object({
  pageNum: intFromQuery.pipe(z.number().min(1, 'must be 1 or more')).default(1),
  pageSize: intFromQuery
    .pipe(z.number().min(1, 'must be 1 or more').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`))
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const SortDirection = z.enum(['asc', 'desc'], { error: 'must be asc or desc' });
export type SortDirection = z.infer<typeof SortDirection>;

/** A sort over a whitelist of fields: anything else is refused with a message naming the allowed ones. */
export function sortQuery<const F extends readonly [string, ...string[]]>(fields: F, required = false) {
  const field = z.enum(fields, { error: `must be one of ${fields.join(', ')}` });
  return z.object({
    sortBy: required ? field : field.optional(),
    sortDirection: required ? SortDirection : SortDirection.optional(),
  });
}

/** The paged result of spec §3, field for field. */
export interface PagedResult<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  pages: number;
  size: number;
  startRow: number;
  endRow: number;
  firstPage: number;
  lastPage: number;
  prevPage: number;
  nextPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  isFirstPage: boolean;
  isLastPage: boolean;
  navigatePages: number;
  navigatepageNums: number[];
  orderBy: string | null;
}

export function pagedResultSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number(),
    pageNum: z.number(),
    pageSize: z.number(),
    pages: z.number(),
    size: z.number(),
    startRow: z.number(),
    endRow: z.number(),
    firstPage: z.number(),
    lastPage: z.number(),
    prevPage: z.number(),
    nextPage: z.number(),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    isFirstPage: z.boolean(),
    isLastPage: z.boolean(),
    navigatePages: z.number(),
    navigatepageNums: z.array(z.number()),
    orderBy: z.string().nullable(),
  });
}

/**
 * Builds the full paged result from one page of rows and the total. Rows are numbered from 1;
 * an empty page has startRow and endRow 0. Page numbers past the last page return an empty list.
 */
export function toPagedResult<T>(
  list: T[],
  total: number,
  page: PageQuery,
  orderBy: string | null = null,
): PagedResult<T> {
  const { pageNum, pageSize } = page;
  const pages = total === 0 ? 0 : Math.ceil(total / pageSize);
  const size = list.length;
  const startRow = size === 0 ? 0 : (pageNum - 1) * pageSize + 1;
  const endRow = size === 0 ? 0 : startRow + size - 1;
  let first = 1;
  let last = pages;
  if (pages > NAVIGATE_PAGES) {
    first = Math.max(1, pageNum - Math.floor(NAVIGATE_PAGES / 2));
    last = first + NAVIGATE_PAGES - 1;
    if (last > pages) {
      last = pages;
      first = last - NAVIGATE_PAGES + 1;
    }
  }
  const navigatepageNums: number[] = [];
  for (let n = first; n <= last; n++) navigatepageNums.push(n);
  return {
    list,
    total,
    pageNum,
    pageSize,
    pages,
    size,
    startRow,
    endRow,
    firstPage: navigatepageNums[0] ?? 0,
    lastPage: navigatepageNums[navigatepageNums.length - 1] ?? 0,
    prevPage: pageNum > 1 ? pageNum - 1 : 0,
    nextPage: pageNum < pages ? pageNum + 1 : 0,
    hasNextPage: pageNum < pages,
    hasPreviousPage: pageNum > 1,
    isFirstPage: pageNum === 1,
    isLastPage: pageNum >= pages,
    navigatePages: NAVIGATE_PAGES,
    navigatepageNums,
    orderBy,
  };
}
