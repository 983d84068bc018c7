/**
 * The caller's region → province → city tree, read the same way everywhere (region cascaders, the
 * device RegionField, the user and role forms' area pickers, scope store pickers) so it is cached
 * under one key with one staleTime: `useQuery(levelTreeQuery())`, spread and extended where a page
 * needs `enabled` or `select`. The level page's edits invalidate it through `moduleKey`.
 */
import { LevelEndpoints } from '@storefleet/contracts';

import { apiQuery } from '../api/call';

/** Levels change only on the level page, which invalidates them; a minute keeps other tabs close. */
export const LEVEL_TREE_STALE_TIME = 60_000;

export function levelTreeQuery() {
  return { ...apiQuery(LevelEndpoints.listLevelTree), staleTime: LEVEL_TREE_STALE_TIME };
}
