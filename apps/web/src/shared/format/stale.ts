/**
 * "A value older than the device's last online change is marked stale" (issue 10): the device went
 * offline or came back since the value was measured, so it does not describe the device as it is now.
 * Times are the server's `YYYY-MM-DD HH:mm:ss` text, which sorts as it reads.
 */

export interface OnlineChanges {
  deviceOnlineTime: string | null;
  latestOfflineTime: string | null;
}

/** The device's last online change (came online or went offline), or null when it never had one. */
export function lastOnlineChange(device: OnlineChanges): string | null {
  const times = [device.deviceOnlineTime, device.latestOfflineTime].filter(
    (time): time is string => typeof time === 'string' && time !== '',
  );
  if (times.length === 0) return null;
  return times.reduce((latest, time) => (time > latest ? time : latest));
}

/** Whether a value measured at `valueTime` is older than the device's last online change. */
export function isStaleValue(valueTime: string | null | undefined, device: OnlineChanges): boolean {
  const change = lastOnlineChange(device);
  if (!valueTime || change === null) return false;
  return valueTime < change;
}
