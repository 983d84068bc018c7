import { describe, expect, it } from 'vitest';

import {
  defaultEnableRemote,
  deviceBodyOf,
  deviceFormFieldOf,
  NEW_DEVICE_VALUES,
  storePathOf,
} from './device-form-values';

const BASE = {
  hostid: ' box-7 ',
  deviceName: 'Front switch',
  productId: 3,
  connectType: 2,
  deviceSystem: 0,
  deviceBrand: 'Huawei',
  model: 'S5735',
  category: ['network', 'switch'],
};

describe('device form → add body', () => {
  it('takes the store and its region, province and city from the store path', () => {
    const body = deviceBodyOf({ ...NEW_DEVICE_VALUES, ...BASE, store: ['3', '17', '40', 's9'] });
    expect(body).toMatchObject({ shopId: 9, areaId: 3, proviceId: 17, cityId: 40 });
  });

  it('leaves the lower levels empty for a store that hangs directly under a region', () => {
    expect(deviceBodyOf({ ...BASE, store: ['3', 's9'] })).toMatchObject({
      shopId: 9,
      areaId: 3,
      proviceId: null,
      cityId: null,
    });
  });

  it('refuses a path that stops at a region instead of a store', () => {
    expect(() => deviceBodyOf({ ...BASE, store: ['3', '17'] })).toThrow();
  });

  it('starts a new device on SNMP port 161 and sends 161 when the port is cleared', () => {
    expect(NEW_DEVICE_VALUES.port).toBe(161);
    expect(deviceBodyOf({ ...BASE, store: ['s9'], port: null }).port).toBe(161);
  });

  it('turns remote control on by default for Android only', () => {
    expect(defaultEnableRemote(2)).toBe(true);
    expect(defaultEnableRemote(0)).toBe(false);
    expect(deviceBodyOf({ ...BASE, deviceSystem: 2, store: ['s9'] }).enableRemote).toBe(1);
    expect(deviceBodyOf({ ...BASE, deviceSystem: 2, enableRemote: false, store: ['s9'] }).enableRemote).toBe(
      0,
    );
  });

  it('sends the category pair, trimmed text, flags as 0/1 and blank optional fields as null', () => {
    const body = deviceBodyOf({
      ...BASE,
      store: ['s9'],
      isPreinstallation: true,
      macAddress: '  ',
      assetNo: '',
    });
    expect(body).toMatchObject({
      hostid: 'box-7',
      deviceCategory: 'network',
      deviceClass: 'switch',
      isPreinstallation: 1,
      macAddress: null,
      assetNo: null,
    });
  });

  it("rebuilds a saved device's store path for the update form", () => {
    expect(storePathOf({ areaId: 3, proviceId: 17, cityId: null, shopId: 9 })).toEqual(['3', '17', 's9']);
  });
});

describe('a refused save on the device form', () => {
  it('puts each server field on the form field that shows it', () => {
    expect(deviceFormFieldOf('body.intranetIp')).toBe('intranetIp');
    expect(deviceFormFieldOf('hostid')).toBe('hostid');
    expect(deviceFormFieldOf('body.shopId')).toBe('store');
    expect(deviceFormFieldOf('body.proviceId')).toBe('store');
    expect(deviceFormFieldOf('body.deviceClass')).toBe('category');
  });

  it('leaves fields the form does not show to the notice', () => {
    expect(deviceFormFieldOf('body.deviceId')).toBeNull();
    expect(deviceFormFieldOf('body')).toBeNull();
  });
});
