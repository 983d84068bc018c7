import type { Device, PagedResult } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import {
  displayBadge,
  displayStateOf,
  isEnabled,
  pageWithStatusEvent,
  shownStateOf,
  withStatusEvent,
} from './display-state';

function device(overrides: Partial<Device>): Device {
  return {
    deviceId: 1,
    index: 1,
    hostid: 'h-1',
    deviceName: 'POS 1',
    deviceSn: null,
    deviceBrand: null,
    model: null,
    productId: 4,
    connectType: 4,
    deviceSystem: 0,
    intranetIp: '127.0.0.2',
    extranetIp: null,
    macAddress: null,
    community: null,
    port: 161,
    udpType: null,
    describe: null,
    assetNo: null,
    vinNo: null,
    parentDeviceId: null,
    shopId: 7,
    shopName: 'Store 7',
    shopStatusStr: '0',
    areaId: null,
    proviceId: null,
    cityId: null,
    deviceCategory: null,
    categoryName: null,
    categoryNameEn: null,
    deviceClass: null,
    className: null,
    classNameEn: null,
    propertyType: null,
    propertyTypeName: null,
    serviceLife: null,
    custodian: null,
    specifications: null,
    obtainTime: null,
    state: 1,
    displayState: 2,
    deviceOnlineStatus: 0,
    deviceOnlineTime: null,
    firstOnlineTime: null,
    latestOfflineTime: null,
    registerTime: null,
    isPreinstallation: 0,
    monitored: 1,
    enableRemote: 0,
    isNetworkDevice: 0,
    usageRate: null,
    ...overrides,
  };
}

describe('device display state (reading B)', () => {
  it('shows an enabled device online (1) or offline (2) by its online status', () => {
    expect(displayStateOf({ state: 1, deviceOnlineStatus: 1 })).toBe(1);
    expect(displayStateOf({ state: 1, deviceOnlineStatus: 0 })).toBe(2);
    expect(displayStateOf({ state: 0, deviceOnlineStatus: 1 })).toBe(1);
  });

  it('shows a disabled device (state 2) as disabled (3) even while it answers', () => {
    expect(displayStateOf({ state: 2, deviceOnlineStatus: 1 })).toBe(3);
    expect(displayStateOf({ state: 2, deviceOnlineStatus: 0 })).toBe(3);
  });

  it('shows an unmonitored device as "not monitored", never "offline"; disabled still wins', () => {
    expect(shownStateOf({ state: 1, deviceOnlineStatus: 0, monitored: 0 })).toBe('notMonitored');
    expect(shownStateOf({ state: 1, deviceOnlineStatus: 1, monitored: 0 })).toBe('notMonitored');
    expect(shownStateOf({ state: 2, deviceOnlineStatus: 0, monitored: 0 })).toBe('disabled');
    expect(shownStateOf({ state: 1, deviceOnlineStatus: 0, monitored: 1 })).toBe('offline');
    expect(shownStateOf({ state: 1, deviceOnlineStatus: 1, monitored: 1 })).toBe('online');
  });

  it('labels each shown state with its own badge, offline in red', () => {
    expect(displayBadge('online')).toEqual({ status: 'success', labelKey: 'device.displayState.online' });
    expect(displayBadge('offline')).toEqual({ status: 'error', labelKey: 'device.displayState.offline' });
    expect(displayBadge('disabled')).toEqual({ status: 'warning', labelKey: 'device.displayState.disabled' });
    expect(displayBadge('notMonitored')).toEqual({
      status: 'default',
      labelKey: 'device.displayState.notMonitored',
    });
  });

  it('shows the state switch on for enabled and unregistered devices, off for disabled ones', () => {
    expect(isEnabled({ state: 1 })).toBe(true);
    expect(isEnabled({ state: 0 })).toBe(true);
    expect(isEnabled({ state: 2 })).toBe(false);
  });
});

describe('live status events', () => {
  const at = '2026-11-22 03:30:00';

  it('turns the badge online and records the online time when the device comes up', () => {
    const next = withStatusEvent(device({}), { deviceId: 1, shopId: 7, onlineStatus: 1, at });
    expect(next).toMatchObject({ deviceOnlineStatus: 1, displayState: 1, deviceOnlineTime: at });
  });

  it('records the offline time and keeps a disabled device shown as disabled', () => {
    const up = device({
      state: 2,
      deviceOnlineStatus: 1,
      displayState: 3,
      deviceOnlineTime: '2026-11-22 01:00:00',
    });
    const next = withStatusEvent(up, { deviceId: 1, shopId: 7, onlineStatus: 0, at });
    expect(next).toMatchObject({
      deviceOnlineStatus: 0,
      displayState: 3,
      latestOfflineTime: at,
      deviceOnlineTime: '2026-11-22 01:00:00',
    });
  });

  it('changes only the row the event names, and leaves the page untouched when none matches', () => {
    const page: PagedResult<Device> = {
      list: [device({ deviceId: 1 }), device({ deviceId: 2 })],
    } as PagedResult<Device>;
    const changed = pageWithStatusEvent(page, { deviceId: 2, shopId: 7, onlineStatus: 1, at });
    expect(changed.list.map((d) => d.displayState)).toEqual([2, 1]);
    expect(changed.list[0]).toBe(page.list[0]);
    expect(pageWithStatusEvent(page, { deviceId: 99, shopId: 7, onlineStatus: 1, at })).toBe(page);
    expect(pageWithStatusEvent(page, { deviceId: 1, shopId: 7, onlineStatus: 0, at })).toBe(page);
  });
});
