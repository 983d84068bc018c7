import { describe, expect, it } from 'vitest';

import {
  FIRST_BLOCK_MS,
  FORGET_MS,
  FREE_FAILURES,
  HelloThrottle,
  MAX_BLOCK_MS,
  throttleKey,
} from './hello-throttle';

describe('hello throttle', () => {
  it('lets an address through its free failures, then blocks it for a time that doubles up to a ceiling', () => {
    const throttle = new HelloThrottle();
    let now = 1_000_000;
    for (let i = 0; i < FREE_FAILURES; i++) throttle.failed('127.0.113.7', now);
    expect(throttle.retryAfterMs('127.0.113.7', now)).toBe(0);
    const blocks: number[] = [];
    for (let i = 0; i < 9; i++) {
      throttle.failed('127.0.113.7', now);
      const block = throttle.retryAfterMs('127.0.113.7', now);
      blocks.push(block);
      now += block;
    }
    expect(blocks).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60].map((s) => s * FIRST_BLOCK_MS));
    expect(Math.max(...blocks)).toBe(MAX_BLOCK_MS);
    // Other addresses are not affected.
    expect(throttle.retryAfterMs('127.0.113.8', now - 1)).toBe(0);
  });

  it('never blocks an agent with a rotated key, which retries every 5 minutes', () => {
    const throttle = new HelloThrottle();
    for (let attempt = 0, now = 0; attempt < 50; attempt++, now += 300_000) {
      expect(throttle.retryAfterMs('127.51.100.1', now)).toBe(0);
      throttle.failed('127.51.100.1', now);
    }
  });

  it('forgets one failure per quiet period', () => {
    const throttle = new HelloThrottle();
    for (let i = 0; i <= FREE_FAILURES; i++) throttle.failed('127.0.2.1', 0);
    expect(throttle.retryAfterMs('127.0.2.1', 0)).toBe(FIRST_BLOCK_MS);
    // Two quiet periods later two failures are forgotten: the next one is free again.
    throttle.failed('127.0.2.1', 2 * FORGET_MS);
    expect(throttle.retryAfterMs('127.0.2.1', 2 * FORGET_MS)).toBe(0);
  });

  it('counts an IPv6 host by its /64 and an IPv4-mapped address as the IPv4 one', () => {
    expect(throttleKey('2001:db8:1:2:aaaa::1')).toBe(throttleKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(throttleKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleKey('::ffff:127.0.2.9')).toBe('127.0.2.9');
    expect(throttleKey('::1')).toBe('0:0:0:0::/64');
  });
});
