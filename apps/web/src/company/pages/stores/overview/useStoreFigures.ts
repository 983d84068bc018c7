import { DashboardEndpoints, type StoreFigures } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { apiQuery } from '@/shared/api/call';

/** The figures of the stores on the page (one call per page), by store id. */
export function useStoreFigures(shopIds: readonly number[]): Map<number, StoreFigures> {
  const shopIdStr = shopIds.join(',');
  const figures = useQuery({
    ...apiQuery(DashboardEndpoints.getStoreFigures, { query: { shopIdStr } }),
    enabled: shopIdStr !== '',
  });
  return useMemo(() => new Map((figures.data ?? []).map((f) => [f.shopId, f])), [figures.data]);
}
