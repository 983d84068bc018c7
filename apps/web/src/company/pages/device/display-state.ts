/**
 * Device state as the lists show it (spec §4 reading B), computed by the contracts' `deviceDisplayState`
 * like the server's, and its badge; live status events recompute it.
 */
import {
  type Device,
  DeviceDisplayState,
  type DeviceDisplayStateValue,
  DeviceState,
  type DeviceStatusEvent,
  deviceDisplayState,
  OnlineStatus,
  type PagedResult,
} from '@storefleet/contracts';

export type DisplayState = DeviceDisplayStateValue;

/** The display state of a device row. */
export function displayStateOf(device: Pick<Device, 'state' | 'deviceOnlineStatus'>): DisplayState {
  return deviceDisplayState(device.state, device.deviceOnlineStatus);
}

export interface DisplayBadge {
  status: 'success' | 'default' | 'warning';
  labelKey: 'device.displayState.online' | 'device.displayState.offline' | 'device.displayState.disabled';
}

/** The badge of a display state. */
export function displayBadge(state: DisplayState): DisplayBadge {
  switch (state) {
    case DeviceDisplayState.ONLINE:
      return { status: 'success', labelKey: 'device.displayState.online' };
    case DeviceDisplayState.OFFLINE:
      return { status: 'default', labelKey: 'device.displayState.offline' };
    case DeviceDisplayState.DISABLED:
      return { status: 'warning', labelKey: 'device.displayState.disabled' };
    default: {
      const unreachable: never = state;
      throw new RangeError(`unknown display state ${String(unreachable)}`);
    }
  }
}

/** The state switch is on for an enabled device; turning it on enables (1), off disables (2). */
export function isEnabled(device: Pick<Device, 'state'>): boolean {
  return device.state !== DeviceState.DISABLED;
}

/** One device after a live status event: new online status, its time, and the recomputed display state. */
export function withStatusEvent<D extends Device>(device: D, event: DeviceStatusEvent): D {
  if (device.deviceId !== event.deviceId || device.deviceOnlineStatus === event.onlineStatus) return device;
  const online = event.onlineStatus === OnlineStatus.ONLINE;
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
