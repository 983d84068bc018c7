import { LevelEndpoints, type Store } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiQuery } from '../api/call';
import { levelTreeQuery } from './level-tree-query';

export interface ScopeStoresOptions {
  /** Load only when the page needs the stores. */
  enabled?: boolean;
  /** How long the stores stay fresh (ms); the tree keeps its shared staleTime. */
  staleTime?: number;
}

export interface ScopeStores {
  data: Store[] | undefined;
  isPending: boolean;
  isFetching: boolean;
}

/**
 * Every store in the caller's scope, found through the level tree: the stores at or below each region.
 * (store/list needs the store module; the level calls are open to every module that picks stores.)
 */
export function useScopeStores({ enabled = true, staleTime = 0 }: ScopeStoresOptions = {}): ScopeStores {
  const tree = useQuery({ ...levelTreeQuery(), enabled });
  const regionIds = (tree.data ?? []).map((region) => region.id).join(',');
  const stores = useQuery({
    ...apiQuery(LevelEndpoints.listStoreMulti, { params: { levelIdListStr: regionIds } }),
    enabled: enabled && regionIds !== '',
    staleTime,
  });
  // A scope without regions has no stores: there is nothing to ask for.
  const none = tree.isSuccess && regionIds === '';
  return {
    data: none ? [] : stores.data,
    isPending: none ? false : tree.isPending || stores.isPending,
    isFetching: tree.isFetching || stores.isFetching,
  };
}
