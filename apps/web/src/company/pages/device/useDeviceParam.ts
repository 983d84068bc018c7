import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { getDevice } from '../../../shared/api/devices';

/** The `?deviceId=` of a device page; null when missing or not a positive whole number. */
export function useDeviceIdParam(): number | null {
  const [search] = useSearchParams();
  const text = search.get('deviceId') ?? '';
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

/** The device a page is about. */
export function useDevice(deviceId: number | null) {
  return useQuery({
    queryKey: ['device', 'detail', deviceId],
    queryFn: ({ signal }) => getDevice(deviceId ?? 0, signal),
    enabled: deviceId !== null,
  });
}
