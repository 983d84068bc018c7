/**
 * The page size a user last chose on a list, remembered in the browser per user and per list (a list is
 * its route path), so it is what the list opens with next time. A size in the URL still wins. Pure
 * functions over a Storage-like object, so they are tested without a browser; storage errors (private
 * mode, full quota) only mean nothing is remembered.
 */

/** The page sizes a list offers; only these are remembered. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export type PageSizeStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The storage key of one user's page size on one list. */
export function pageSizeKey(userId: number, list: string): string {
  return `storefleet.pageSize.${userId}.${list}`;
}

/** The remembered page size, or null when none (or something that is not an offered size) is stored. */
export function readPageSize(storage: PageSizeStorage | null, key: string): number | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  const size = Number(text);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : null;
}

/** Remembers a page size the user chose; other sizes are ignored. */
export function rememberPageSize(storage: PageSizeStorage | null, key: string, size: number): void {
  if (!(PAGE_SIZE_OPTIONS as readonly number[]).includes(size)) return;
  try {
    storage?.setItem(key, String(size));
  } catch {
    // Nothing remembered: the list still works with the default.
  }
}

/** The browser's localStorage, or null where there is none. */
export function browserStorage(): PageSizeStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
