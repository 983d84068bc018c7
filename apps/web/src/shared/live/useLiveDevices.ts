import type { Device, DeviceStatusEvent, PagedResult } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { pageWithStatusEvent } from '../device-status/display-state';
import { useDeviceStatusEvents } from './useDeviceStatusEvents';

/** Events often come in bursts (a store's link drops); lists and counts are refetched once per burst. */
const REFRESH_MS = 1000;
/** How long a row that changed state stays highlighted. */
export const FLASH_MS = 4000;

/**
 * Keeps a device list live: each status event updates the matching row's badge in the cached pages
 * under `listKey` at once and marks the device as flashing; then, once per burst, the list and the counts
 * under `countsKey` are refetched, so the list re-sorts (problems first: a device going offline moves
 * to the top) and the counts follow. The event alone cannot say where the row now belongs or whether it
 * still matches the list's filters. Returns the ids of the devices flashing now.
 */
export function useLiveDevices(
  listKey: readonly unknown[],
  countsKey: readonly unknown[] | null,
): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flashTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const [flashing, setFlashing] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    const timers = flashTimers.current;
    return () => {
      if (refresh.current) clearTimeout(refresh.current);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  useDeviceStatusEvents((event: DeviceStatusEvent) => {
    queryClient.setQueriesData<PagedResult<Device>>({ queryKey: listKey }, (page) =>
      page ? pageWithStatusEvent(page, event) : page,
    );
    // Also a device not on this page yet: after the refetch it may be, at the top, and flashes there.
    flash(event.deviceId);
    if (refresh.current) return;
    refresh.current = setTimeout(() => {
      refresh.current = null;
      void queryClient.invalidateQueries({ queryKey: listKey });
      if (countsKey) void queryClient.invalidateQueries({ queryKey: countsKey });
    }, REFRESH_MS);
  });

  function flash(deviceId: number) {
    const timers = flashTimers.current;
    const running = timers.get(deviceId);
    if (running) clearTimeout(running);
    setFlashing((now) => (now.has(deviceId) ? now : new Set(now).add(deviceId)));
    timers.set(
      deviceId,
      setTimeout(() => {
        timers.delete(deviceId);
        setFlashing((now) => {
          const next = new Set(now);
          next.delete(deviceId);
          return next;
        });
      }, FLASH_MS),
    );
  }
  return flashing;
}
