/** The order a list query asks for: one of the list's whitelisted fields, and a direction. */

/** The sort a query names (`asc` when it gives no direction), else `fallback`. */
export function requestedSort<F extends string, S extends { field: string; direction: 'asc' | 'desc' }>(
  query: { sortBy?: F | undefined; sortDirection?: 'asc' | 'desc' | undefined },
  fallback: S,
): S | { field: F; direction: 'asc' | 'desc' } {
  if (!query.sortBy) return fallback;
  return { field: query.sortBy, direction: query.sortDirection ?? 'asc' };
}
