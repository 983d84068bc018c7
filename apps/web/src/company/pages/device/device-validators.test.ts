import { describe, expect, it } from 'vitest';

import enUS from '@/locales/en-US/device';
import zhCN from '@/locales/zh-CN/device';
import { INVALID_IP_KEY, INVALID_MAC_KEY, ipAddressProblem, macAddressProblem } from './device-validators';

describe('device form IP address check', () => {
  it('accepts IPv4 and IPv6 addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '127.20.30.40',
      '::1',
      'fe80::1',
      '2001:db8::8a2e:370:7334',
      '::ffff:127.0.0.1',
    ])
      expect(ipAddressProblem(ip), ip).toBeNull();
  });

  it('refuses text that is not an address', () => {
    for (const ip of ['256.1.1.1', '127.0.0', '1.2.3.4.5', 'localhost', '2001:db8:::1', '12345::'])
      expect(ipAddressProblem(ip), ip).toBe(INVALID_IP_KEY);
  });

  it('allows an empty value', () => {
    expect(ipAddressProblem('')).toBeNull();
    expect(ipAddressProblem('  ')).toBeNull();
    expect(ipAddressProblem(undefined)).toBeNull();
    expect(ipAddressProblem(null)).toBeNull();
  });

  it("says 'Invalid IP address' in English and 'IP 地址无效' in Chinese", () => {
    expect(enUS[INVALID_IP_KEY]).toBe('Invalid IP address');
    expect(zhCN[INVALID_IP_KEY]).toBe('IP 地址无效');
  });
});

describe('device form MAC address check', () => {
  it('accepts six octets with colons or dashes, and the dotted form', () => {
    for (const mac of ['00:1A:2b:3c:4D:5e', '00-1A-2B-3C-4D-5E', '001a.2b3c.4d5e'])
      expect(macAddressProblem(mac), mac).toBeNull();
  });

  it('refuses a MAC address with 5 octets', () => {
    expect(macAddressProblem('00:1A:2B:3C:4D')).toBe(INVALID_MAC_KEY);
  });

  it('refuses mixed separators, 7 octets and non-hex digits', () => {
    for (const mac of ['00:1A-2B:3C:4D:5E', '00:1A:2B:3C:4D:5E:6F', '00:1A:2B:3C:4D:5G'])
      expect(macAddressProblem(mac), mac).toBe(INVALID_MAC_KEY);
  });

  it('allows an empty value', () => {
    expect(macAddressProblem('')).toBeNull();
    expect(macAddressProblem(null)).toBeNull();
  });

  it("says 'Invalid MAC address' in English and 'MAC 地址无效' in Chinese", () => {
    expect(enUS[INVALID_MAC_KEY]).toBe('Invalid MAC address');
    expect(zhCN[INVALID_MAC_KEY]).toBe('MAC 地址无效');
  });
});
