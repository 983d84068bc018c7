/**
 * Which addresses the server does not send to on a user's behalf: the classes of the outbound policy.
 * A pure decision over bytes (ip-address.ts); the policy (outbound-policy.ts) adds OUTBOUND_ALLOW and
 * the server's own listen addresses.
 */
import type { Label } from '@storefleet/contracts';

import { type Cidr, embeddedV4, type IpBytes, inCidr, parseCidr } from './ip-address';

export type RefusedClass =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrierNat'
  | 'linkLocal'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'reserved'
  | 'ownAddress';

/** How a message names each class: "… is <label>". */
export const REFUSED_CLASS_LABELS: Record<RefusedClass, Label> = {
  unspecified: { zh: '未指定地址', en: 'an unspecified ("this network") address' },
  loopback: { zh: '本机回环地址', en: 'a loopback address' },
  private: { zh: '内网（私有）地址', en: 'a private network address' },
  carrierNat: { zh: '运营商级 NAT 地址', en: 'a carrier-grade NAT address' },
  linkLocal: { zh: '链路本地地址', en: 'a link-local address' },
  multicast: { zh: '组播地址', en: 'a multicast address' },
  broadcast: { zh: '广播地址', en: 'the broadcast address' },
  documentation: { zh: '文档示例地址', en: 'a documentation address' },
  reserved: { zh: '保留地址', en: 'a reserved address' },
  ownAddress: { zh: '本服务器自己的监听地址', en: "one of this server's own listen addresses" },
};

const ranges = (list: Array<[string, RefusedClass]>) =>
  list.map(([text, refused]) => {
    const cidr = parseCidr(text);
    if (!cidr) throw new Error(`bad built-in range ${text}`);
    return { cidr, refused };
  });

// Most specific first: the first range that holds the address decides.
const V4: Array<{ cidr: Cidr; refused: RefusedClass }> = ranges([
  ['255.255.255.255/32', 'broadcast'],
  ['0.0.0.0/8', 'unspecified'],
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'carrierNat'],
  ['169.254.0.0/16', 'linkLocal'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['198.18.0.0/15', 'reserved'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
]);

const V6: Array<{ cidr: Cidr; refused: RefusedClass }> = ranges([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'],
  ['fc00::/7', 'private'],
  ['fec0::/10', 'private'],
  ['fe80::/10', 'linkLocal'],
  ['ff00::/8', 'multicast'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['100::/64', 'reserved'],
  ['2001::/23', 'reserved'],
]);

const GLOBAL_UNICAST_V6 = parseCidr('2000::/3') as Cidr;
const NAT64 = parseCidr('64:ff9b::/96') as Cidr;
const MAPPED = parseCidr('::ffff:0:0/96') as Cidr;

function classifyV4(bytes: IpBytes): RefusedClass | null {
  return V4.find((r) => inCidr(bytes, r.cidr))?.refused ?? null;
}

/**
 * The class that keeps the server from sending to `bytes`, or null when the address is a public one.
 * An IPv6 address that carries an IPv4 one (mapped, compatible, NAT64, 6to4) is judged by what it
 * carries; IPv6 outside global unicast (2000::/3) is reserved.
 */
export function classifyAddress(bytes: IpBytes): RefusedClass | null {
  if (bytes.length === 4) return classifyV4(bytes);
  const listed = V6.find((r) => inCidr(bytes, r.cidr))?.refused;
  if (listed) return listed;
  const carried = embeddedV4(bytes);
  if (carried) {
    const inner = classifyV4(carried);
    if (inner) return inner;
    // Public IPv4 behind a mapping the host or a NAT64 gateway translates is public; the deprecated
    // IPv4-compatible form (::a.b.c.d) is not routed anywhere.
    if (inCidr(bytes, MAPPED) || inCidr(bytes, NAT64) || inCidr(bytes, GLOBAL_UNICAST_V6)) return null;
    return 'reserved';
  }
  return inCidr(bytes, GLOBAL_UNICAST_V6) ? null : 'reserved';
}
