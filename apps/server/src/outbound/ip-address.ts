/**
 * IP addresses as bytes, and CIDR ranges over them: what the outbound policy classifies and what
 * OUTBOUND_ALLOW lists. Only the canonical text forms are read here (dotted-quad IPv4, RFC 4291
 * IPv6 with an optional dotted tail and zone); the other IPv4 spellings (decimal, octal, hex,
 * shortened) are normalised earlier by the WHATWG URL parser (`canonicalHost`).
 */

/** 4 bytes (IPv4) or 16 bytes (IPv6). */
export type IpBytes = Uint8Array;

/** A range of addresses: its first bytes and the prefix length in bits. */
export interface Cidr {
  text: string;
  bytes: IpBytes;
  bits: number;
}

/** Dotted-quad IPv4 to 4 bytes, or null. */
function parseV4(text: string): IpBytes | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i] ?? '';
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    bytes[i] = Number(part);
  }
  return bytes;
}

/** IPv6 text (zone id dropped) to 16 bytes, or null. */
function parseV6(text: string): IpBytes | null {
  const address = text.replace(/%.*$/, '');
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const items = part.split(':');
    for (let i = 0; i < items.length; i++) {
      const item = items[i] ?? '';
      if (i === items.length - 1 && item.includes('.')) {
        const v4 = parseV4(item);
        if (!v4) return null;
        out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/i.test(item)) {
        out.push(Number.parseInt(item, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

/** An address's bytes (IPv4 or IPv6, brackets allowed), or null when the text is not an address. */
export function parseIp(text: string): IpBytes | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, '$1');
  return bare.includes(':') ? parseV6(bare) : parseV4(bare);
}

/** The text of 4 bytes. */
export function v4Text(bytes: IpBytes): string {
  return Array.from(bytes.subarray(0, 4)).join('.');
}

/** Whether the first `bits` bits of `a` and `b` are the same (both of one family). */
export function samePrefix(a: IpBytes, b: IpBytes, bits: number): boolean {
  if (a.length !== b.length) return false;
  const whole = Math.floor(bits / 8);
  for (let i = 0; i < whole; i++) if (a[i] !== b[i]) return false;
  const rest = bits % 8;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((a[whole] ?? 0) & mask) === ((b[whole] ?? 0) & mask);
}

/** `a.b.c.d/n` or `x::y/n`, or a bare address (one address); null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const [address = '', prefix, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const bytes = parseIp(address);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null;
  const bits = prefix === undefined ? max : Number(prefix);
  if (bits > max) return null;
  return { text: text.trim(), bytes, bits };
}

/** Whether `address` lies in `range`. */
export function inCidr(address: IpBytes, range: Cidr): boolean {
  return samePrefix(address, range.bytes, range.bits);
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96, 6to4 2002::/16), or null. */
export function embeddedV4(bytes: IpBytes): IpBytes | null {
  if (bytes.length !== 16) return null;
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated; not :: and ::1).
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12, 16);
  if (zeros(0, 12) && !zeros(12, 15)) return bytes.slice(12, 16);
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix).
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return bytes.slice(12, 16);
  // 2002:AABB:CCDD::/48 (6to4).
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
}
