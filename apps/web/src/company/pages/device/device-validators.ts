/**
 * Client-side checks of the device form (spec §5), the same rules the server applies, with the same
 * message: 'Invalid IP address' / 'Invalid MAC address' (zh-CN 'IP 地址无效' / 'MAC 地址无效').
 * Empty values are allowed. The functions return the message's i18n key, or null when the value passes.
 */
import { isIpAddress, isMacAddress } from '@storefleet/contracts';

export const INVALID_IP_KEY = 'device.validation.invalidIp';
export const INVALID_MAC_KEY = 'device.validation.invalidMac';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** An IPv4 or IPv6 address, or nothing. */
export function ipAddressProblem(value: unknown): typeof INVALID_IP_KEY | null {
  if (blank(value)) return null;
  return typeof value === 'string' && isIpAddress(value.trim()) ? null : INVALID_IP_KEY;
}

/** A six-octet MAC address, or nothing. */
export function macAddressProblem(value: unknown): typeof INVALID_MAC_KEY | null {
  if (blank(value)) return null;
  return typeof value === 'string' && isMacAddress(value.trim()) ? null : INVALID_MAC_KEY;
}
