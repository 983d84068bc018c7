import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HubPeer } from '@storefleet/agent-link/test-support/hub-peer';
import type { UnsequencedValue } from '@storefleet/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ValueBuffer } from '../buffer/value-buffer';
import { createCommandDispatcher } from '../commands';
import type { Log } from '../log';
import { WAIT } from '../test-support/wait';
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
  vi.useRealTimers();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Real time for letting sockets talk while the link's own timers are fake. */
const realSetTimeout = globalThis.setTimeout;
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
    await vi.waitFor(() => expect(agentLink.connected).toBe(true), WAIT);
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

  it('stamps hello and results with the box clock and names its seq epoch, for the server to correct times', async () => {
    const boxClock = () => 1_600_000_000_000;
    buffer.append([reach('1', 1)]);
    startLink({ clock: boxClock });
    await vi.waitFor(() => expect(hub.stored.size).toBe(1), WAIT);
    expect(hub.hellos[0]).toMatchObject({ sentAt: 1_600_000_000_000, epoch: buffer.epoch });
    expect(hub.resultsSentAt).toEqual([1_600_000_000_000]);
  });

  it('sends buffered values and forgets them once the server acks them', async () => {
    buffer.append([reach('1', 1), reach('2', 2), reach('1', 3)]);
    startLink();
    await vi.waitFor(() => expect(hub.stored.size).toBe(3), WAIT);
    await vi.waitFor(() => expect(buffer.depth()).toBe(0), WAIT);
    buffer.append([reach('1', 4)]);
    link?.notify();
    await vi.waitFor(() => expect(hub.stored.size).toBe(4), WAIT);
    expect(hub.received).toHaveLength(4);
  });

  it('resends unacked values after the server drops the link, and never resends acked ones', async () => {
    const agentLink = startLink();
    buffer.append([reach('1', 1), reach('1', 2)]);
    agentLink.notify();
    await vi.waitFor(() => expect(buffer.depth()).toBe(0), WAIT);

    hub.holdAcks = true;
    buffer.append([reach('1', 3), reach('2', 4)]);
    agentLink.notify();
    await vi.waitFor(() => expect(hub.received).toHaveLength(4), WAIT);
    hub.holdAcks = false;
    hub.dropConnections();

    await vi.waitFor(() => expect(buffer.depth()).toBe(0), WAIT);
    const sends = (at: number) => hub.received.filter((v) => v.at === at).length;
    expect([sends(1), sends(2)]).toEqual([1, 1]);
    expect([sends(3), sends(4)]).toEqual([2, 2]);
    expect(hub.stored.size).toBe(4);
    expect(hub.hellos).toHaveLength(2);
  });

  it('keeps values sent into a dead link in the buffer until a later link delivers them', async () => {
    const agentLink = startLink();
    await vi.waitFor(() => expect(agentLink.connected).toBe(true), WAIT);
    const port = hub.port;
    await hub.close();
    buffer.append([reach('1', 1)]);
    agentLink.notify();
    expect(buffer.depth()).toBe(1);
    hub = await HubPeer.start({ key: KEY, welcome, port });
    await vi.waitFor(() => expect(hub.stored.size).toBe(1), WAIT);
    await vi.waitFor(() => expect(buffer.depth()).toBe(0), WAIT);
  });

  it('reports a refused key with the server reason and waits refusedRetryMs, not the backoff, before trying again', async () => {
    // Fake timers: the minute passes at once, and no load on the machine can make an early retry look patient.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const refusal = new Promise<string>((resolve) =>
      startLink({
        key: 'k-not-the-right-key-000000000000',
        refusedRetryMs: 60_000,
        // Longer than the jump below, so a too-early retry would not be cut off before it says hello.
        answerTimeoutMs: 120_000,
        log: (level, message) => {
          log(level, message);
          if (message.startsWith('link closed')) resolve(message);
        },
      }),
    );
    expect(await refusal).toBe('link closed (4001: Unknown security key); reconnecting in 60000 ms');
    // Far past the longest backoff step (100 ms), still short of the refusal wait: no second hello.
    vi.advanceTimersByTime(59_000);
    await new Promise((resolve) => realSetTimeout(resolve, 300));
    expect(hub.hellos).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    await vi.waitFor(() => expect(hub.hellos).toHaveLength(2), WAIT);
  });
});
