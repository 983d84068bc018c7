import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HubPeer } from '@storefleet/agent-link/test-support/hub-peer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DeviceReporter } from './device-mode';
import { WAIT } from './test-support/wait';

const KEY = 'pc-key-0f1e2d3c4b5a69788796a5b4c3d2e1f0';
let hub: HubPeer;
let dir: string;
let reporter: DeviceReporter | null = null;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'storefleet-device-'));
  // A server might list devices even to a reporter; a reporter must not probe them.
  const pos = {
    deviceId: '31',
    deviceName: 'POS',
    connectType: 4,
    intranetIp: '127.0.0.1',
    port: 161,
    community: 'public',
    productType: null,
    deviceSystem: null,
  };
  hub = await HubPeer.start({
    key: KEY,
    welcome: { deviceId: '30', shopId: '3', intervalSeconds: 60, devices: [pos] },
  });
});
afterEach(async () => {
  await reporter?.stop();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('device-mode reporter', () => {
  it('links with its own key as a device and pushes only its own host metrics', async () => {
    reporter = new DeviceReporter({ server: hub.url, key: KEY, dataDir: dir, log: () => undefined });
    reporter.start();
    await vi.waitFor(
      () => expect([...hub.stored.values()].map((v) => v.kind).sort()).toEqual(['agentStats', 'host']),
      WAIT,
    );
    expect(hub.hellos[0]).toMatchObject({ mode: 'device', key: KEY });
    const host = [...hub.stored.values()].find((v) => v.kind === 'host');
    expect(host).toMatchObject({ deviceId: '30', cpu: { coreNumber: expect.any(Number) } });
    expect(host).toHaveProperty('battery');
  });
});
