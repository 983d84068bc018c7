import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { describe, expect, it } from 'vitest';

import { measuredNetTest, simulatedNetTest } from './net-test';

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

describe('measured net test', () => {
  it('really transfers to a loopback endpoint and reports an unreachable one as an error', async () => {
    let downloads = 0;
    let uploaded = 0;
    const server = createServer((req, res) => {
      if (req.url === '/down') {
        downloads += 1;
        return void res.end(Buffer.alloc(200_000, 1));
      }
      req.on('data', (chunk: Buffer) => {
        uploaded += chunk.length;
      });
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await measuredNetTest(42, '11', [
        { addressId: '1', pingHost: '127.0.0.1', downloadUrl: `${base}/down`, uploadUrl: `${base}/up` },
        { addressId: '2', pingHost: '127.0.0.1', downloadUrl: 'http://127.0.0.1:9/d' },
      ]);
      expect(downloads).toBe(1);
      expect(uploaded).toBeGreaterThan(0);
      const [reached, unreachable] = result.targets;
      expect(reached?.downloadBytesPerSecond).toBeGreaterThan(0);
      expect(reached?.uploadBytesPerSecond).toBeGreaterThan(0);
      expect(reached?.downloadError).toBeNull();
      expect(unreachable?.downloadBytesPerSecond).toBeNull();
      expect(unreachable?.downloadError).toBeTruthy();
      expect(unreachable?.delayMs).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
