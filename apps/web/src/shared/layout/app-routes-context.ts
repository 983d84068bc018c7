/**
 * The route table of the application being shown, handed down by the shell so pages that describe
 * the application itself (the role editor's permission tree) read it instead of a hand-kept list.
 */
import { createContext, useContext } from 'react';

import type { AppRoute } from '../routes/route-table';

export const AppRoutesContext = createContext<readonly AppRoute[]>([]);

/** The current application's route table (empty outside the shell). */
export function useAppRoutes(): readonly AppRoute[] {
  return useContext(AppRoutesContext);
}
