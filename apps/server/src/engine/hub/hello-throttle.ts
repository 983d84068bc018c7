/**
 * Slows down security keys tried from one address: every refused key (4001) counts against the address
 * it came from, and past a few the address's next links are refused at the upgrade for a time that
 * doubles with each further failure. Failures are forgotten one per FORGET_MS, so an agent with a
 * rotated key, which retries every 5 minutes, never gets its address blocked and does not shut out the
 * boxes behind the same NAT. In memory: a restart forgets everything, which is fine for a brake on
 * database lookups (a 256-bit key cannot be guessed anyway).
 */
import { isIPv6 } from 'node:net';

/** Refused keys an address may send before it is slowed. */
export const FREE_FAILURES = 3;
/** The first block; each further failure doubles it, up to MAX_BLOCK_MS. */
export const FIRST_BLOCK_MS = 1_000;
export const MAX_BLOCK_MS = 60_000;
/** One failure is forgotten per this much time without failures. */
export const FORGET_MS = 120_000;
/** Addresses remembered; the least recently failed go first (the table cannot grow without bound). */
const MAX_ADDRESSES = 10_000;

interface Failures {
  count: number;
  lastAt: number;
  blockedUntil: number;
}

/**
 * The unit an address is throttled by: an IPv4 address, or the /64 of an IPv6 one (one host usually
 * owns a whole /64, so single IPv6 addresses cost an attacker nothing).
 */
export function throttleKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export class HelloThrottle {
  private readonly failures = new Map<string, Failures>();

  /** How long links from `address` are still refused, ms (0: let it in). */
  retryAfterMs(address: string, now: number): number {
    const entry = this.failures.get(throttleKey(address));
    return entry ? Math.max(0, entry.blockedUntil - now) : 0;
  }

  /** A key from `address` was refused. */
  failed(address: string, now: number): void {
    const key = throttleKey(address);
    const entry = this.failures.get(key) ?? { count: 0, lastAt: now, blockedUntil: 0 };
    const forgotten = Math.floor((now - entry.lastAt) / FORGET_MS);
    entry.count = Math.max(0, entry.count - forgotten) + 1;
    entry.lastAt = now;
    if (entry.count > FREE_FAILURES) {
      const doublings = Math.min(entry.count - FREE_FAILURES - 1, 16);
      entry.blockedUntil = now + Math.min(FIRST_BLOCK_MS * 2 ** doublings, MAX_BLOCK_MS);
    }
    // Re-inserted at the end: the Map's first entries are the least recently failed.
    this.failures.delete(key);
    this.failures.set(key, entry);
    if (this.failures.size > MAX_ADDRESSES) {
      const oldest = this.failures.keys().next();
      if (!oldest.done) this.failures.delete(oldest.value);
    }
  }
}
