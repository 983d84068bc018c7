import { describe, expect, it } from 'vitest';

import { DeviceAddBody } from './device-body';
import { isIpAddress, isMacAddress } from './device-fields';
import { DeviceListQuery } from './device-list';

describe('device field rules', () => {
  it('accepts IPv4 and IPv6 forms and refuses out-of-range or partial addresses', () => {
    for (const ip of ['127.0.0.1', '::1', 'fe80::1', '2001:db8::8a2e:370:7334', '::ffff:127.0.0.1']) {
      expect(isIpAddress(ip), ip).toBe(true);
    }
    for (const ip of ['127.0.0.256', '127.0.0', '1.2.3.4.5', 'localhost', ':::1']) {
      expect(isIpAddress(ip), ip).toBe(false);
    }
  });

  it('accepts six-octet MAC addresses and refuses one with 5 octets or mixed separators', () => {
    for (const mac of ['00:26:ab:12:34:56', '00-26-AB-12-34-56', '0026.ab12.3456'])
      expect(isMacAddress(mac), mac).toBe(true);
    for (const mac of ['00:26:ab:12:34', '00:26-ab:12:34:56', '00:26:ab:12:34:5g'])
      expect(isMacAddress(mac), mac).toBe(false);
  });

  it('defaults the port to 161 and keeps an empty MAC as null', () => {
    const body = DeviceAddBody.parse({
      hostid: 'h',
      deviceName: 'n',
      productId: '5',
      connectType: 2,
      deviceSystem: 3,
      deviceBrand: 'b',
      model: 'm',
      isPreinstallation: 0,
      macAddress: '',
      shopId: 1,
      deviceCategory: 'print',
      deviceClass: 'receipt-printer',
    });
    expect(body.port).toBe(161);
    expect(body.macAddress).toBeNull();
  });

  it('reads comma-joined and repeated list filters alike', () => {
    const joined = DeviceListQuery.parse({ shopIdStr: '3,4', storeStatus: '0,1' });
    const repeated = DeviceListQuery.parse({ shopIdStr: ['3', '4'], storeStatus: ['0', '1'] });
    expect(joined.shopIdStr).toEqual([3, 4]);
    expect(repeated).toMatchObject({ shopIdStr: [3, 4], storeStatus: [0, 1] });
  });
});
