/**
 * The page limits, in a module without zod: the web's list pages read them at start, and a module
 * that holds schemas would bring zod along (docs/decisions/web.md "What loads when"). Re-exported by
 * `paging.ts`, where the page schemas use them.
 */

/** Largest page a list call serves. The task dispatcher picker asks for 1000 (spec §9); above it is refused. */
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 10;
/** How many page numbers `navigatepageNums` holds, as the PageHelper-style result the console expects. */
export const NAVIGATE_PAGES = 8;
