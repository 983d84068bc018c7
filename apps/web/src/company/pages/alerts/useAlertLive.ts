import type { AlertLiveEvent } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { useDeviceStatusEvents } from '@/shared/live/useDeviceStatusEvents';

/** Events come in bursts (a store's box drops with its devices): one refetch per burst. */
const REFRESH_MS = 1000;

/**
 * Keeps the alert pages live from the live-updates stream: every `alert` event (a record opened,
 * recovered, acknowledged or closed in the caller's scope) — and, with `withStatus`, every device
 * status change — refetches the queries under `keys` once per burst, so new records appear at the
 * top and the counts follow without a reload. `onAlert` sees each alert event as it arrives.
 */
export function useAlertLive(
  keys: ReadonlyArray<readonly unknown[]>,
  options: { withStatus?: boolean; onAlert?: (event: AlertLiveEvent) => void } = {},
): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ keys, options });
  latest.current = { keys, options };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refreshSoon = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      for (const key of latest.current.keys) void queryClient.invalidateQueries({ queryKey: key });
    }, REFRESH_MS);
  };
  useDeviceStatusEvents(
    () => {
      if (latest.current.options.withStatus) refreshSoon();
    },
    (event) => {
      latest.current.options.onAlert?.(event);
      refreshSoon();
    },
  );
}
