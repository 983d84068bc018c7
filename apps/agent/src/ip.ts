import { isIP } from 'node:net';

/**
 * The one spelling of an IP address used to match a syslog sender to a device's intranetIp:
 * IPv4-mapped IPv6 (`::ffff:127.0.0.1`, what a dual-stack socket reports) becomes plain IPv4, IPv6 is
 * lower-cased and zero-compressed, zone ids are dropped. Anything that is not an IP gives null.
 */
export function canonicalIp(address: string): string | null {
  const trimmed = address.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  if (mapped?.[1] && isIP(mapped[1]) === 4) return mapped[1];
  switch (isIP(trimmed)) {
    case 4:
      return trimmed;
    case 6:
      // The URL parser writes IPv6 hosts in RFC 5952 form.
      return new URL(`http://[${trimmed}]/`).hostname.slice(1, -1);
    default:
      return null;
  }
}
