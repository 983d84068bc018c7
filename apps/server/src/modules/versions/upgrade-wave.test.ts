// The verdict on a wave: boxes that never connected within the reconnection grace are not judged.
import { describe, expect, it } from 'vitest';

import { neverConnectedReason, waitingReason, waveHaltReason } from './upgrade-wave';

const installed = { state: 'installed' as const, reason: null };
const failed = { state: 'failed' as const, reason: 'Checksum mismatch' };
const unreachable = { state: 'failed' as const, reason: neverConnectedReason(300_000) };

describe('the verdict on a wave', () => {
  it('leaves boxes that never connected out of the failure rate', () => {
    expect(waveHaltReason([installed, unreachable, unreachable], 0, 1, 3)).toBeNull();
    expect(waveHaltReason([unreachable, unreachable], 0, 2, 3)).toBeNull();
  });

  it('halts on real failures above the threshold and says how many were not counted', () => {
    expect(waveHaltReason([installed, failed], 25, 1, 2)).toBe(
      'Wave 1 of 2: 1 of 2 boxes failed (50 %), above the 25 % threshold; later waves were not sent',
    );
    expect(waveHaltReason([installed, failed, unreachable, unreachable, unreachable], 49, 2, 4)).toBe(
      'Wave 2 of 4: 1 of 2 boxes failed (50 %), above the 49 % threshold; 3 boxes that never connected ' +
        'were not counted; later waves were not sent',
    );
    expect(waveHaltReason([installed, failed], 50, 1, 2)).toBeNull();
  });

  it('words the grace in minutes or seconds, and the wait with its end', () => {
    expect(neverConnectedReason(300_000)).toMatch(/^The box did not connect within 5 minutes/);
    expect(neverConnectedReason(20_000)).toMatch(/^The box did not connect within 20 seconds/);
    expect(waitingReason(Date.UTC(2026, 11, 7, 21, 0))).toBe(
      'Waiting for the box to connect (until 2026-12-07T21:00:00.000Z)',
    );
  });
});
