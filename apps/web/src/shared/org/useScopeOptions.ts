import { useQuery } from '@tanstack/react-query';

import { listLevelTree, listStorePage } from '../api/org';

/**
 * The region tree and the stores a user or role can be limited to (the area and store pickers of the
 * user and role forms), loaded only when `enabled`.
 */
export function useScopeOptions(enabled: boolean) {
  const levels = useQuery({
    queryKey: ['levelConfig', 'tree'],
    queryFn: ({ signal }) => listLevelTree(signal),
    enabled,
  });
  const stores = useQuery({
    queryKey: ['store', 'options'],
    queryFn: ({ signal }) => listStorePage({ pageNum: 1, pageSize: 1000 }, signal),
    enabled,
  });
  return { levels, stores };
}
