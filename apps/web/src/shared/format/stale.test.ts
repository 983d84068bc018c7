import { describe, expect, it } from 'vitest';

import { isStaleValue, lastOnlineChange } from './stale';

describe('stale running values', () => {
  const cameBack = { deviceOnlineTime: '2026-11-20 10:00:00', latestOfflineTime: '2026-11-20 09:00:00' };
  const wentOffline = { deviceOnlineTime: '2026-11-20 08:00:00', latestOfflineTime: '2026-11-20 09:30:00' };

  it("takes the later of coming online and going offline as the device's last online change", () => {
    expect(lastOnlineChange(cameBack)).toBe('2026-11-20 10:00:00');
    expect(lastOnlineChange(wentOffline)).toBe('2026-11-20 09:30:00');
    expect(lastOnlineChange({ deviceOnlineTime: null, latestOfflineTime: null })).toBeNull();
  });

  it('marks a value measured before the device came back online as stale', () => {
    expect(isStaleValue('2026-11-20 09:59:59', cameBack)).toBe(true);
    expect(isStaleValue('2026-11-20 10:00:00', cameBack)).toBe(false);
    expect(isStaleValue('2026-11-20 10:05:00', cameBack)).toBe(false);
  });

  it('marks every value measured before the device went offline as stale', () => {
    expect(isStaleValue('2026-11-20 09:29:00', wentOffline)).toBe(true);
  });

  it('never marks a value of a device that never changed state, or a value without a time', () => {
    expect(isStaleValue('2020-01-01 00:00:00', { deviceOnlineTime: null, latestOfflineTime: null })).toBe(
      false,
    );
    expect(isStaleValue(null, cameBack)).toBe(false);
  });
});
