import { MonitoringEndpoints } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { apiQuery } from '@/shared/api/call';
import { withStatusEvent } from '@/shared/device-status/display-state';
import { useDeviceStatusEvents } from '@/shared/live/useDeviceStatusEvents';
import { deviceDetailQuery } from './useDeviceParam';

/** Keeps one device's cached detail (and its online chart) current as status events arrive. */
export function useLiveDevice(deviceId: number | null): void {
  const queryClient = useQueryClient();
  useDeviceStatusEvents((event) => {
    if (deviceId === null || event.deviceId !== deviceId) return;
    queryClient.setQueryData(deviceDetailQuery(deviceId).queryKey, (device) =>
      device ? withStatusEvent(device, event) : device,
    );
    void queryClient.invalidateQueries({
      queryKey: apiQuery(MonitoringEndpoints.getOnlineChart, { query: { deviceId } }).queryKey,
    });
  });
}
