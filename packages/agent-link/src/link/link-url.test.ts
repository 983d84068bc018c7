import { describe, expect, it } from 'vitest';

import { backoffDelay } from './backoff';
import { linkUrl } from './link-url';

describe('link URL', () => {
  it('turns the console address into the WebSocket link address, keeping a proxy path prefix', () => {
    expect(linkUrl('http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000/api/agent/link');
    expect(linkUrl('https://console.example/storefleet/')).toBe(
      'wss://console.example/storefleet/api/agent/link',
    );
    expect(() => linkUrl('ftp://console.example')).toThrow(/http/);
  });
});

describe('reconnect backoff', () => {
  it('doubles up to the cap and never waits less than half a step', () => {
    const low = (attempt: number) => backoffDelay(attempt, { baseMs: 1000, capMs: 60_000, random: () => 0 });
    const high = (attempt: number) => backoffDelay(attempt, { baseMs: 1000, capMs: 60_000, random: () => 1 });
    expect([0, 1, 2, 3].map(high)).toEqual([1000, 2000, 4000, 8000]);
    expect([0, 1, 2, 3].map(low)).toEqual([500, 1000, 2000, 4000]);
    expect(high(50)).toBe(60_000);
    expect(low(50)).toBe(30_000);
  });
});
