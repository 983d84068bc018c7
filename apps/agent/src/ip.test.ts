import { describe, expect, it } from 'vitest';

import { canonicalIp } from './ip';

describe('IP spelling for sender matching', () => {
  it('matches IPv4-mapped, upper-case and uncompressed IPv6 spellings to one form', () => {
    expect(canonicalIp('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(canonicalIp('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(canonicalIp('FE80::1%eth0')).toBe('fe80::1');
    expect(canonicalIp(' 127.0.0.1 ')).toBe('127.0.0.1');
  });

  it('gives null for anything that is not an IP address', () => {
    expect(canonicalIp('printer.local')).toBeNull();
    expect(canonicalIp('')).toBeNull();
  });
});
