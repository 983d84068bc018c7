/**
 * The sweep table's rows for a device's own calls (registry and monitoring), asked by company A's
 * admin and the agent admin for company B's canary device, and by the operator for the canary device
 * outside its region (sweep-canaries.ts). sweep-cases.ts lists them with the rest.
 */
import { ENDPOINT_GROUPS as E } from '@storefleet/contracts';

import type { SweepCase } from './sweep-cases';
import type { SweepFixtures } from './sweep-fixtures';

export const DEVICE_SWEEP_CASES: SweepCase[] = (['admin', 'agent', 'operator'] as const).flatMap(
  (as): SweepCase[] => {
    const place = (f: SweepFixtures) => (as === 'operator' ? f.outside : f.b);
    const M = E.monitoring;
    return [
      { as, endpoint: E.device.detail, fill: (f) => ({ params: { deviceId: place(f).deviceId } }) },
      {
        as,
        endpoint: E.device.updateState,
        fill: (f) => ({ params: { deviceId: place(f).deviceId, state: 0 } }),
      },
      { as, endpoint: E.device.rotateKey, fill: (f) => ({ params: { deviceId: place(f).boxId } }) },
      {
        as,
        endpoint: E.device.isPreinstallation,
        fill: (f) => ({ body: { deviceId: place(f).boxId, status: 1 } }),
      },
      {
        as,
        endpoint: E.device.ids,
        expect: [200, 403, 404],
        note: 'sets nothing outside',
        fill: (f) => ({ query: { ids: place(f).deviceIds.join(','), mornitored: 0 } }),
      },
      {
        as,
        endpoint: E.device.listSubDevices,
        fill: (f) => ({ query: { parentId: place(f).boxId } }),
        expect: [200, 403, 404],
      },
      {
        as,
        endpoint: E.device.update,
        fill: (f) => ({
          body: {
            ...sweepDevice(place(f).storeId),
            deviceId: place(f).deviceId,
            hostid: place(f).hostids[1],
          },
        }),
      },
      { as, endpoint: M.getRunninginfo, fill: (f) => ({ query: { deviceId: place(f).deviceId } }) },
      {
        as,
        endpoint: M.getRunninginfos,
        fill: (f) => ({ query: { deviceId: place(f).deviceId, itemid: 'icmp.delay' } }),
      },
      { as, endpoint: M.getOnlineChart, fill: (f) => ({ query: { deviceId: place(f).deviceId } }) },
      { as, endpoint: M.getEloDeviceStatistic, fill: (f) => ({ query: { deviceId: place(f).deviceId } }) },
      { as, endpoint: M.getRemoteUrl, fill: (f) => ({ query: { eloDeviceId: place(f).deviceId } }) },
      {
        as,
        endpoint: M.pingIp,
        fill: (f) => ({ query: { deviceId: place(f).deviceId, ipAddress: '127.0.0.1' } }),
      },
      { as, endpoint: M.listDeviceLog, fill: (f) => ({ query: { deviceId: place(f).deviceId } }) },
      {
        as,
        endpoint: E.alert.listAlertsHistory,
        note: 'canary device',
        fill: (f) => ({ query: { deviceId: place(f).deviceId } }),
      },
      {
        as,
        endpoint: E.alert.listAlertsRule,
        note: 'canary device (spec: hostid is the device id)',
        fill: (f) => ({ query: { hostid: place(f).deviceId } }),
      },
      {
        as,
        endpoint: E.device.importExcel,
        fill: (f) => ({ params: { shopId: place(f).storeId } }),
      },
    ];
  },
);

/** A device add or update body placing the device in the store `shopId`. */
export function sweepDevice(shopId: number) {
  return {
    hostid: 'sweep',
    deviceName: 'Sweep device',
    productId: 1,
    connectType: 1,
    deviceSystem: 0,
    deviceBrand: 'Sweep',
    model: 'Sweep',
    isPreinstallation: 0,
    shopId,
    deviceCategory: 'box',
    deviceClass: 'aibox',
  };
}
