import { useQuery } from '@tanstack/react-query';

import { apiQuery } from '../api/call';
import { levelTreeQuery } from './level-tree-query';
import { StorePageEndpoint } from './store-list';

/**
 * The region tree and the stores a user or role can be limited to (the area and store pickers of the
 * user and role forms), loaded only when `enabled`.
 */
export function useScopeOptions(enabled: boolean) {
  const levels = useQuery({ ...levelTreeQuery(), enabled });
  const stores = useQuery({
    ...apiQuery(StorePageEndpoint, { query: { pageNum: 1, pageSize: 1000 } }),
    enabled,
  });
  return { levels, stores };
}
