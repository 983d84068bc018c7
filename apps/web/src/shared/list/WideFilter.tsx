import type { ReactNode } from 'react';

/**
 * Marks a field of a filter form as wide: the form gives it two fields' room (WIDE_FILTER_COL), so a
 * range of two dates shows both in full in either language.
 */
export function WideFilter({ children }: { children: ReactNode }) {
  return children;
}
