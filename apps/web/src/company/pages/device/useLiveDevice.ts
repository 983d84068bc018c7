import type { Device } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { withStatusEvent } from './display-state';
import { useDeviceStatusEvents } from './useDeviceStatusEvents';

/** Keeps one device's cached detail (and its online chart) current as status events arrive. */
export function useLiveDevice(deviceId: number | null): void {
  const queryClient = useQueryClient();
  useDeviceStatusEvents((event) => {
    if (event.deviceId !== deviceId) return;
    queryClient.setQueryData<Device>(['device', 'detail', deviceId], (device) =>
      device ? withStatusEvent(device, event) : device,
    );
    void queryClient.invalidateQueries({ queryKey: ['device', 'onlineChart', deviceId] });
  });
}
