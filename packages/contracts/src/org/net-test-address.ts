/** Net-test addresses (spec §3 Network test address; §7 systemSetting/listAddress and its edits). */
import { z } from 'zod';

import { idParam, optionalFilter } from '../query';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Whether text is a host name (RFC 1123), an IPv4 address or an IPv6 address, with no scheme or port. */
export function isHostOrIp(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (text.includes(':')) return isIpv6(text);
  if (text.length > 253) return false;
  const labels = text.replace(/\.$/, '').split('.');
  // An all-numeric dotted name is a malformed IPv4 address, not a host name.
  if (labels.every((l) => /^\d+$/.test(l))) return false;
  return labels.every((l) => HOST_LABEL.test(l));
}

function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const all = [...head, ...tail];
  const last = all[all.length - 1];
  const v4Tail = last !== undefined && IPV4.test(last);
  const hexGroups = v4Tail ? all.slice(0, -1) : all;
  if (!hexGroups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false;
  const count = hexGroups.length + (v4Tail ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

const optionalUrl = optionalFilter(
  z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .regex(/^https?:\/\/[^\s]+$/i, 'must be an http:// or https:// URL'),
);

/** POST systemSetting/addOrUpdateAddress (admin application). companyId absent: offered to every company. */
export const NetTestAddressSaveBody = z.object({
  id: optionalFilter(idParam),
  companyId: optionalFilter(idParam),
  pingUrl: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .refine(isHostOrIp, 'must be a host name or an IP address (no scheme, path or port)'),
  pingUrlName: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters'),
  uploadUrl: optionalUrl,
  downloadUrl: optionalUrl,
});
export type NetTestAddressSaveBody = z.infer<typeof NetTestAddressSaveBody>;

export const NetTestAddressIdParams = z.object({ id: idParam });

/** GET systemSetting/listAddress?companyId=. */
export const NetTestAddressListQuery = z.object({ companyId: optionalFilter(idParam) });
export type NetTestAddressListQuery = z.infer<typeof NetTestAddressListQuery>;

export const NetTestAddressSchema = z.object({
  id: z.number(),
  companyId: z.number().nullable(),
  pingUrl: z.string(),
  pingUrlName: z.string(),
  uploadUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string(),
  updateBy: z.string().nullable(),
  updateTime: z.string(),
});
export type NetTestAddress = z.infer<typeof NetTestAddressSchema>;
