import { DeviceEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiQuery } from '@/shared/api/call';
import { useIdParam } from '@/shared/form';

/** The `?deviceId=` of a device page; null when missing or not a positive whole number. */
export function useDeviceIdParam(): number | null {
  return useIdParam('deviceId');
}

/** The device a page is about. */
export function useDevice(deviceId: number | null) {
  return useQuery({ ...deviceDetailQuery(deviceId ?? 0), enabled: deviceId !== null });
}

/** The detail call of one device; live status events update its cached reply under this key. */
export function deviceDetailQuery(deviceId: number) {
  return apiQuery(DeviceEndpoints.detail, { params: { deviceId } });
}
