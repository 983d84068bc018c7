import { useMatches } from 'react-router';

import type { FlatRoute } from './route-table';

/** What the router keeps on each page route built from the route table. */
export interface PageHandle {
  flat: FlatRoute;
}

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && 'flat' in handle;

/** The route-table entry of the page being shown, or null outside the table (home, not found). */
export function useCurrentRoute(): FlatRoute | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isPageHandle(handle)) return handle.flat;
  }
  return null;
}
