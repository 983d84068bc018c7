import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { UnsequencedValue } from '@storefleet/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ValueBuffer } from '../buffer/value-buffer';
import { createCommandDispatcher } from '../commands';
import type { Log } from '../log';
import { HubPeer } from '../test-support/hub-peer';
import { AgentLink, type LinkOptions } from './link-client';

const KEY = 'k-0123456789abcdef0123456789abcdef';
const welcome = { deviceId: '100', shopId: '9', intervalSeconds: 60, devices: [] };

let dir: string;
let hub: HubPeer;
let buffer: ValueBuffer;
let link: AgentLink | null;
let logs: string[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'storefleet-link-'));
  hub = await HubPeer.start({ key: KEY, welcome });
  buffer = new ValueBuffer(dir);
  logs = [];
  link = null;
});
afterEach(async () => {
  link?.stop();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
});

const log: Log = (level, message) => logs.push(`${level} ${message}`);

function startLink(overrides: Partial<LinkOptions> = {}): AgentLink {
  link = new AgentLink({
    server: hub.url,
    key: KEY,
    mode: 'box',
    hostname: 'box-1',
    buffer,
    log,
    onWelcome: () => undefined,
    onConfig: () => undefined,
    onCommand: createCommandDispatcher({ reloadConfig: () => Promise.reject(new Error('not in this test')) }),
    backoff: { baseMs: 20, capMs: 100 },
    ...overrides,
  });
  link.start();
  return link;
}

const reach = (deviceId: string, at: number): UnsequencedValue => ({
  deviceId,
  at,
  kind: 'reachability',
  online: true,
  delayMs: 0.1,
  jitterMs: 0,
  lossRate: 0,
});

describe('agent link against a test hub', () => {
  it('introduces itself with its key, mode, version and protocol version, and is welcomed', async () => {
    const onWelcome = vi.fn();
    const agentLink = startLink({ onWelcome });
    await vi.waitFor(() => expect(agentLink.connected).toBe(true));
    expect(hub.hellos[0]).toMatchObject({
      type: 'hello',
      key: KEY,
      mode: 'box',
      protocolVersion: 1,
      hostname: 'box-1',
    });
    expect(hub.hellos[0]?.agentVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(onWelcome).toHaveBeenCalledWith(expect.objectContaining({ deviceId: '100', shopId: '9' }));
  });

  it('sends buffered values and forgets them once the server acks them', async () => {
    buffer.append([reach('1', 1), reach('2', 2), reach('1', 3)]);
    startLink();
    await vi.waitFor(() => expect(hub.stored.size).toBe(3));
    await vi.waitFor(() => expect(buffer.depth()).toBe(0));
    buffer.append([reach('1', 4)]);
    link?.notify();
    await vi.waitFor(() => expect(hub.stored.size).toBe(4));
    expect(hub.received).toHaveLength(4);
  });

  it('resends unacked values after the server drops the link, and never resends acked ones', async () => {
    const agentLink = startLink();
    buffer.append([reach('1', 1), reach('1', 2)]);
    agentLink.notify();
    await vi.waitFor(() => expect(buffer.depth()).toBe(0));

    hub.holdAcks = true;
    buffer.append([reach('1', 3), reach('2', 4)]);
    agentLink.notify();
    await vi.waitFor(() => expect(hub.received).toHaveLength(4));
    hub.holdAcks = false;
    hub.dropConnections();

    await vi.waitFor(() => expect(buffer.depth()).toBe(0));
    const sends = (at: number) => hub.received.filter((v) => v.at === at).length;
    expect([sends(1), sends(2)]).toEqual([1, 1]);
    expect([sends(3), sends(4)]).toEqual([2, 2]);
    expect(hub.stored.size).toBe(4);
    expect(hub.hellos).toHaveLength(2);
  });

  it('keeps values sent into a dead link in the buffer until a later link delivers them', async () => {
    const agentLink = startLink();
    await vi.waitFor(() => expect(agentLink.connected).toBe(true));
    const port = hub.port;
    await hub.close();
    buffer.append([reach('1', 1)]);
    agentLink.notify();
    expect(buffer.depth()).toBe(1);
    hub = await HubPeer.start({ key: KEY, welcome, port });
    await vi.waitFor(() => expect(hub.stored.size).toBe(1), { timeout: 5000 });
    await vi.waitFor(() => expect(buffer.depth()).toBe(0));
  });

  it('reports a refused key with the server reason and waits long before trying again', async () => {
    startLink({ key: 'k-not-the-right-key-000000000000', refusedRetryMs: 60_000 });
    await vi.waitFor(() => expect(logs.join('\n')).toContain('4001: Unknown security key'));
    await new Promise((r) => setTimeout(r, 300));
    expect(hub.hellos).toHaveLength(1);
  });
});
