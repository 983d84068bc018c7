import { describe, expect, it } from 'vitest';

import { DeviceDisplayState, DeviceState, OnlineStatus } from '../enums';
import { deviceDisplayState } from './display-state';

describe('device display state (spec §4 reading B)', () => {
  it('shows an enabled or unregistered device as online or offline', () => {
    expect(deviceDisplayState(DeviceState.ENABLED, OnlineStatus.ONLINE)).toBe(1);
    expect(deviceDisplayState(DeviceState.ENABLED, OnlineStatus.OFFLINE)).toBe(2);
    expect(deviceDisplayState(DeviceState.UNREGISTERED, OnlineStatus.ONLINE)).toBe(1);
    expect(deviceDisplayState(DeviceState.UNREGISTERED, OnlineStatus.OFFLINE)).toBe(2);
  });

  it('shows a disabled device as disabled whatever the network says', () => {
    expect(deviceDisplayState(DeviceState.DISABLED, OnlineStatus.ONLINE)).toBe(3);
    expect(deviceDisplayState(DeviceState.DISABLED, OnlineStatus.OFFLINE)).toBe(DeviceDisplayState.DISABLED);
  });
});
