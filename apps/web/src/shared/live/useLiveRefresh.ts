import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { useDeviceStatusEvents } from './useDeviceStatusEvents';

/** A burst of status events (a store's link dropping) refreshes the figures once. */
const REFRESH_MS = 1000;

/**
 * Refreshes the queries under `keys` when the live stream reports a device status change or an alert
 * record change (the stream the header badge already holds), at most once a second.
 */
export function useLiveRefresh(keys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(keys);
  latest.current = keys;
  const schedule = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      for (const queryKey of latest.current) void queryClient.invalidateQueries({ queryKey });
    }, REFRESH_MS);
  };
  useDeviceStatusEvents(schedule, schedule);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
