/**
 * Online bookkeeping of one device: signals (probe results saying online or not) move the last known
 * status and record a transition only when it changes. A signal older than the device's latest
 * transition (a value the box buffered during an outage) is history, not news: it never flips status.
 */
import { type EnumValue, OnlineStatus } from '@storefleet/contracts';

import type { OnlineState } from './ingest.repository';

export interface OnlineTransition {
  deviceId: number;
  status: EnumValue<typeof OnlineStatus>;
  at: number;
}

/** The time of the device's latest transition (0 when it never had one). */
export function latestTransitionAt(state: OnlineState): number {
  return Math.max(state.device_online_time ?? 0, state.latest_offline_time ?? 0);
}

/**
 * Applies one signal at `at` to `state` in place; returns the transition it caused, if any. An online
 * signal also moves last_seen_at, which the offline sweep measures silence from.
 */
export function applySignal(state: OnlineState, online: boolean, at: number): OnlineTransition | null {
  if (online) state.last_seen_at = Math.max(state.last_seen_at ?? 0, at);
  if (at < latestTransitionAt(state)) return null;
  const status = online ? OnlineStatus.ONLINE : OnlineStatus.OFFLINE;
  if (
    state.online_status === status &&
    (status === OnlineStatus.OFFLINE || state.device_online_time !== null)
  )
    return null;
  state.online_status = status;
  if (status === OnlineStatus.ONLINE) {
    state.device_online_time = at;
    state.first_online_time ??= at;
  } else {
    state.latest_offline_time = at;
  }
  return { deviceId: state.id, status, at };
}
