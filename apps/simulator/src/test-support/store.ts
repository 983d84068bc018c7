// Test data: one store of a simulated box, every address on loopback.
import type { MonitoredDevice } from '@storefleet/contracts';

export const BOX_KEY = 'sim-box-key-3c9d0f6a2b8e4d71a5c3';
export const OTHER_KEY = 'sim-box-key-other-7e1f0c4b9a2d';
export const BOX_ID = '10';
export const SHOP_ID = '7';

const base = { port: 161, community: 'public' };

/** A store with one device of each kind the simulator treats differently. */
export function storeDevices(): MonitoredDevice[] {
  return [
    {
      ...base,
      deviceId: '11',
      deviceName: 'Core switch',
      connectType: 2,
      intranetIp: '127.0.0.11',
      productType: 3,
      deviceSystem: null,
    },
    {
      ...base,
      deviceId: '12',
      deviceName: 'POS 1',
      connectType: 1,
      intranetIp: '127.0.0.12',
      productType: 4,
      deviceSystem: 0,
    },
    {
      ...base,
      deviceId: '13',
      deviceName: 'Handheld 1',
      connectType: 5,
      intranetIp: '127.0.0.13',
      productType: 10,
      deviceSystem: 2,
    },
    {
      ...base,
      deviceId: '14',
      deviceName: 'Receipt printer',
      connectType: 3,
      intranetIp: '127.0.0.14',
      productType: 5,
      deviceSystem: 3,
    },
    {
      ...base,
      deviceId: '15',
      deviceName: 'Door camera',
      connectType: 4,
      intranetIp: '127.0.0.15',
      productType: null,
      deviceSystem: null,
    },
    {
      ...base,
      deviceId: '16',
      deviceName: 'Back office PC',
      connectType: 1,
      intranetIp: '',
      productType: 6,
      deviceSystem: 1,
    },
  ];
}

/** A local moment in a UTC+8 store: `hour` o'clock on 2025-01-06. */
export const UTC_OFFSET = 480;
export function localTime(hour: number, day = 0): number {
  return Date.UTC(2025, 0, 6 + day, 0, 0) - UTC_OFFSET * 60_000 + hour * 3_600_000;
}
