import { AlertSenderEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiQuery } from '@/shared/api/call';

/** The recipient `id` (read through querySender?id=): null when it does not exist or is not visible. */
export function useSender(id: number | null) {
  return useQuery({
    ...apiQuery(AlertSenderEndpoints.querySender, {
      query: { id: id ?? undefined, pageNum: 1, pageSize: 1 },
    }),
    select: (page) => page.list.find((s) => s.id === id) ?? null,
    enabled: id !== null,
  });
}
