/**
 * Device state as the lists show it (spec §4 reading B: 1 online, 2 offline, 3 disabled), derived from
 * the management state (reading A: 0 unregistered, 1 enabled, 2 disabled) and the online status.
 */
import type { Device, DeviceStatusEvent, PagedResult } from '@storefleet/contracts';

export type DisplayState = 1 | 2 | 3;

/** A disabled device shows as disabled whatever the network says; otherwise online or offline. */
export function displayStateOf(device: Pick<Device, 'state' | 'deviceOnlineStatus'>): DisplayState {
  if (device.state === 2) return 3;
  return device.deviceOnlineStatus === 1 ? 1 : 2;
}

export interface DisplayBadge {
  status: 'success' | 'default' | 'warning';
  labelKey: 'device.displayState.online' | 'device.displayState.offline' | 'device.displayState.disabled';
}

/** The badge of a display state. */
export function displayBadge(state: DisplayState): DisplayBadge {
  switch (state) {
    case 1:
      return { status: 'success', labelKey: 'device.displayState.online' };
    case 2:
      return { status: 'default', labelKey: 'device.displayState.offline' };
    case 3:
      return { status: 'warning', labelKey: 'device.displayState.disabled' };
    default: {
      const unreachable: never = state;
      throw new RangeError(`unknown display state ${String(unreachable)}`);
    }
  }
}

/** The state switch is on for an enabled device; turning it on enables (1), off disables (2). */
export function isEnabled(device: Pick<Device, 'state'>): boolean {
  return device.state !== 2;
}

/** One device after a live status event: new online status, its time, and the recomputed display state. */
export function withStatusEvent<D extends Device>(device: D, event: DeviceStatusEvent): D {
  if (device.deviceId !== event.deviceId || device.deviceOnlineStatus === event.onlineStatus) return device;
  const online = event.onlineStatus === 1;
  const next: D = {
    ...device,
    deviceOnlineStatus: event.onlineStatus,
    deviceOnlineTime: online ? event.at : device.deviceOnlineTime,
    latestOfflineTime: online ? device.latestOfflineTime : event.at,
  };
  return { ...next, displayState: displayStateOf(next) };
}

/** A page of devices with a live event applied; the same page object when no row changes. */
export function pageWithStatusEvent<D extends Device>(
  page: PagedResult<D>,
  event: DeviceStatusEvent,
): PagedResult<D> {
  let changed = false;
  const list = page.list.map((row) => {
    const next = withStatusEvent(row, event);
    if (next !== row) changed = true;
    return next;
  });
  return changed ? { ...page, list } : page;
}
