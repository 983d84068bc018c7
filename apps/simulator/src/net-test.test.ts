import { describe, expect, it } from 'vitest';

import { simulatedNetTest } from './net-test';

const target = {
  addressId: '1',
  pingHost: '127.0.0.1',
  downloadUrl: 'http://127.0.0.1:9/d',
  uploadUrl: 'http://127.0.0.1:9/u',
};

describe('simulated net test', () => {
  it('gives each store a line of its own that stays alike from run to run', () => {
    const delays = (shopId: string) =>
      [1, 2, 3].map(() => simulatedNetTest(42, shopId, [target]).targets[0]?.delayMs ?? 0);
    const stores = ['11', '12', '13', '14', '15', '16', '17', '18'].map((shop) => delays(shop));
    for (const runs of stores) {
      // Noise is ±15 % around the store's own delay.
      expect(Math.max(...runs) / Math.min(...runs)).toBeLessThan(1.4);
    }
    const firsts = new Set(stores.map((runs) => Math.round(runs[0] ?? 0)));
    expect(firsts.size).toBeGreaterThan(4);
    const again = simulatedNetTest(42, '11', [target]).targets[0];
    expect(again?.downloadBytesPerSecond).toBeGreaterThan(0);
    expect(again?.uploadBytesPerSecond).toBeGreaterThan(0);
  });
});
