import { UserEndpoints, UserType } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiQuery } from '@/shared/api/call';

/**
 * The assignee picker's users (spec §6: the dispatcher picker lists active common customer users,
 * page 1, size 1000): the company's common users whose status is active.
 */
export function useAssignees() {
  const users = useQuery(
    apiQuery(UserEndpoints.listShopUsers, {
      query: { pageNum: 1, pageSize: 1000, status: 'ACTIVE', userType: UserType.CUSTOMER_COMMON_USER },
    }),
  );
  const options = (users.data?.list ?? [])
    .filter((u) => u.userType === UserType.CUSTOMER_COMMON_USER && u.status === 'ACTIVE')
    .map((u) => ({ value: u.id, label: `${u.name} (${u.accountName})` }));
  return { options, loading: users.isLoading };
}
