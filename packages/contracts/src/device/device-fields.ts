/**
 * Field rules shared by the device add/update bodies and the device import (spec §5): the exact
 * messages 'Invalid IP address' and 'Invalid MAC address', both of which allow an empty value.
 */
import { z } from 'zod';

import { intFromQuery } from '../paging';

export const INVALID_IP_MESSAGE = 'Invalid IP address';
export const INVALID_MAC_MESSAGE = 'Invalid MAC address';
export const DEFAULT_SNMP_PORT = 161;

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

/** True for a dotted IPv4 or any IPv6 form (compressed, with zone-free embedded IPv4). */
export function isIpAddress(text: string): boolean {
  return ipv4.safeParse(text).success || ipv6.safeParse(text).success;
}

/** Six octets separated by `:` or `-` (one separator throughout), or Cisco dotted `xxxx.xxxx.xxxx`. */
const MAC =
  /^(?:[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}|(?:[0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4})$/;

export function isMacAddress(text: string): boolean {
  return MAC.test(text);
}

/** Empty string, null and absent all mean "no value" (stored as null). */
function blankToNull(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' && v.trim() === '') return null;
  return typeof v === 'string' ? v.trim() : v;
}

/** An IPv4 or IPv6 address; empty allowed. */
export const ipAddressField = z.preprocess(
  blankToNull,
  z.string().max(64, INVALID_IP_MESSAGE).refine(isIpAddress, INVALID_IP_MESSAGE).nullable(),
);

/** A MAC address; empty or null allowed. */
export const macAddressField = z.preprocess(
  blankToNull,
  z.string().refine(isMacAddress, INVALID_MAC_MESSAGE).nullable(),
);

/** Optional free text, trimmed, empty → null. */
export function optionalText(max: number) {
  return z.preprocess(blankToNull, z.string().max(max, `must be at most ${max} characters`).nullable());
}

/** Required text, trimmed, not empty. */
export function requiredText(max: number) {
  return z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
}

/** A whole number in [min, max] that may arrive as text. */
export function intIn(min: number, max: number) {
  return intFromQuery.pipe(
    z.number().min(min, `must be ${min} to ${max}`).max(max, `must be ${min} to ${max}`),
  );
}

/** An optional whole number; empty → null. */
export function optionalInt(min: number, max: number) {
  return z.preprocess(blankToNull, intIn(min, max).nullable());
}

/** 0 or 1, sent as a number or text. */
export const zeroOne = intFromQuery.pipe(z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' }));
