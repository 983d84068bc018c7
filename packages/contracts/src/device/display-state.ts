/**
 * Device state as the lists show it (spec §4 reading B: 1 online, 2 offline, 3 disabled), derived from
 * the management state (reading A: 0 unregistered, 1 enabled, 2 disabled) and the online status. The
 * server sends it, and the console recomputes it when a live status event arrives.
 */
import { DeviceDisplayState, DeviceState, OnlineStatus } from '../enums';
import type { EnumValue } from '../labels';

export type DeviceDisplayStateValue = EnumValue<typeof DeviceDisplayState>;

/** A disabled device shows as disabled whatever the network says; otherwise online or offline. */
export function deviceDisplayState(state: number, onlineStatus: number): DeviceDisplayStateValue {
  if (state === DeviceState.DISABLED) return DeviceDisplayState.DISABLED;
  return onlineStatus === OnlineStatus.ONLINE ? DeviceDisplayState.ONLINE : DeviceDisplayState.OFFLINE;
}
