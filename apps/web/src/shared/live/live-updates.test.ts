import { MonitoringEndpoints } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { deviceEventsUrl, reconnectDelayMs } from './live-updates';

describe('live-updates stream', () => {
  it('opens the stream with a ticket and nothing else in the URL', () => {
    const url = deviceEventsUrl({ ticket: 'T'.repeat(43) });
    expect(url).toBe(`${MonitoringEndpoints.events.path}?ticket=${'T'.repeat(43)}`);
    expect(url).not.toContain('token');
  });

  it('waits longer after each failed reconnect, up to half a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(reconnectDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
