/** LIMIT / OFFSET of a page, safe for any page number the contracts' PageQuery lets through. */

/** Both dialects store offsets as 64-bit integers; past this no page has rows anyway. */
const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/**
 * `{ limit, offset }` for `.limit(…).offset(…)`. A page number so large that its offset would
 * overflow (pageNum=99999999999999999999) yields an empty page instead of a database error.
 */
export function pageWindow(page: { pageNum: number; pageSize: number }): { limit: number; offset: number } {
  const offset = (page.pageNum - 1) * page.pageSize;
  return { limit: page.pageSize, offset: Number.isSafeInteger(offset) ? offset : MAX_OFFSET };
}
