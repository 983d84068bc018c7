import type { Device, DeviceStatusEvent, PagedResult } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { pageWithStatusEvent } from './display-state';
import { useDeviceStatusEvents } from './useDeviceStatusEvents';

/** Events often come in bursts (a store's link drops); counts are refetched once per burst. */
const COUNTS_REFRESH_MS = 1000;

/**
 * Keeps a device list live: each status event updates the matching row's badge in the cached pages
 * under `listKey`, and the counts under `countsKey` are refetched (the event alone cannot say whether
 * the device matches the list's filters).
 */
export function useLiveDevices(listKey: readonly unknown[], countsKey: readonly unknown[] | null): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useDeviceStatusEvents((event: DeviceStatusEvent) => {
    queryClient.setQueriesData<PagedResult<Device>>({ queryKey: listKey }, (page) =>
      page ? pageWithStatusEvent(page, event) : page,
    );
    if (!countsKey || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: countsKey });
    }, COUNTS_REFRESH_MS);
  });
}
