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
  MonitoredFlag,
  OnlineStatus,
  type PagedResult,
} from '@storefleet/contracts';

export type DisplayState = DeviceDisplayStateValue;

/** The display state of a device row. */
export function displayStateOf(device: Pick<Device, 'state' | 'deviceOnlineStatus'>): DisplayState {
  return deviceDisplayState(device.state, device.deviceOnlineStatus);
}

/**
 * What a device row shows: the display state, except that a device nobody monitors is "not monitored",
 * never "offline" (no one watches it, so its silence means nothing). Disabled wins over both.
 */
export type ShownState = 'online' | 'offline' | 'disabled' | 'notMonitored';

/** The shown state of a device row. */
export function shownStateOf(device: Pick<Device, 'state' | 'deviceOnlineStatus' | 'monitored'>): ShownState {
  const state = displayStateOf(device);
  if (state === DeviceDisplayState.DISABLED) return 'disabled';
  if (device.monitored !== MonitoredFlag.MONITORED) return 'notMonitored';
  return state === DeviceDisplayState.ONLINE ? 'online' : 'offline';
}

export interface DisplayBadge {
  status: 'success' | 'error' | 'warning' | 'default';
  labelKey:
    | 'device.displayState.online'
    | 'device.displayState.offline'
    | 'device.displayState.disabled'
    | 'device.displayState.notMonitored';
}

/** The badge of a shown state: offline is the problem, so it is the red one. */
export function displayBadge(state: ShownState): DisplayBadge {
  switch (state) {
    case 'online':
      return { status: 'success', labelKey: 'device.displayState.online' };
    case 'offline':
      return { status: 'error', labelKey: 'device.displayState.offline' };
    case 'disabled':
      return { status: 'warning', labelKey: 'device.displayState.disabled' };
    case 'notMonitored':
      return { status: 'default', labelKey: 'device.displayState.notMonitored' };
    default: {
      const unreachable: never = state;
      throw new RangeError(`unknown shown state ${String(unreachable)}`);
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
