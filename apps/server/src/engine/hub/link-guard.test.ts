// The agent link before and after hello, with real WebSockets against a real hub (its own HTTP server
// on loopback, so its limits can be small and its key throttle starts empty): small frames before
// hello, a cap on links that have not said hello, refused keys slowed per address, and results frames
// taking turns box by box.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { AGENT_CLOSE, AGENT_LINK_PATH, MAX_HELLO_FRAME_BYTES } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { createTestApp, type TestApp } from '../../testing/test-app';
import { BoxHub } from './box-hub';
import { FREE_FAILURES } from './hello-throttle';
import { AgentPeer, helloFrame } from './test-support/agent-peer';
import { reachabilityValue } from './test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from './test-support/link-fixture.repository';

const MAX_PENDING = 3;

let t: TestApp;
let http: Server;
let hub: BoxHub;
let url: string;
let fixture: LinkFixture;
/** A second store with its own box: the flooding box's neighbour. */
let other: LinkFixture;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  other = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  http = createServer((_req, res) => res.writeHead(404).end());
  // One results frame at a time, so the order of turns is the order of commits.
  hub = new BoxHub(t.parts, { maxPendingLinks: MAX_PENDING, ingestSlots: 1 });
  hub.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}${AGENT_LINK_PATH}`;
});
afterAll(async () => {
  await hub.close();
  await new Promise((resolve) => http.close(resolve));
  await t.close();
});

/** Opens a link: the peer, or the HTTP status and Retry-After the upgrade was refused with. */
function open(): Promise<AgentPeer | { status: number; retryAfter: number; body: string }> {
  const socket = new WebSocket(url);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(new AgentPeer(socket)));
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after']), body }),
      );
    });
    socket.once('error', reject);
  });
}

async function openPeer(): Promise<AgentPeer> {
  const opened = await open();
  if (!(opened instanceof AgentPeer)) throw new Error(`link refused with ${opened.status}: ${opened.body}`);
  return opened;
}

async function linked(key: string): Promise<AgentPeer> {
  const peer = await openPeer();
  peer.send(helloFrame(key));
  await peer.next('welcome');
  return peer;
}

describe('agent link before hello', () => {
  it('closes a link whose first frame is larger than 8 KiB with 1009, and takes full-size frames after hello', async () => {
    const rude = await openPeer();
    rude.send({ ...helloFrame(fixture.boxKey), hostname: 'x'.repeat(MAX_HELLO_FRAME_BYTES) });
    expect((await rude.closed).code).toBe(AGENT_CLOSE.TOO_LARGE);

    const box = await linked(fixture.boxKey);
    // 1000 values (the most a frame holds): far over 8 KiB.
    const values = Array.from({ length: 1000 }, (_, i) =>
      reachabilityValue({ deviceId: fixture.posId, seq: i + 1, at: Date.now() }),
    );
    expect(JSON.stringify(values).length).toBeGreaterThan(10 * MAX_HELLO_FRAME_BYTES);
    box.send({ type: 'results', batchId: 0, values });
    expect(await box.next('ack')).toMatchObject({
      batchId: 0,
      committed: [{ deviceId: String(fixture.posId), seq: 1000 }],
    });
    await box.close();
  });

  it(`refuses link ${MAX_PENDING + 1} with 503 while ${MAX_PENDING} have not said hello, and lets one in once a place is free`, async () => {
    const waiting = await Promise.all(Array.from({ length: MAX_PENDING }, () => openPeer()));
    const refused = await open();
    expect(refused).toMatchObject({ status: 503, body: expect.stringContaining('waiting to say hello') });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(0);

    // A link that says hello is no longer waiting: its place goes to the next one.
    const first = waiting[0] as AgentPeer;
    first.send(helloFrame(fixture.boxKey));
    await first.next('welcome');
    const next = await openPeer();
    await Promise.all([...waiting, next].map((peer) => peer.close()));
  });

  it('refuses an address with 429 after repeated unknown keys, for a while, whatever key it brings next', async () => {
    for (let i = 0; i < FREE_FAILURES; i++) {
      const guess = await openPeer();
      guess.send(helloFrame(randomBytes(32).toString('base64url')));
      expect((await guess.closed).code).toBe(AGENT_CLOSE.AUTH_FAILED);
    }
    // Still let in after the free failures; this refused key starts the slow-down.
    const guess = await openPeer();
    guess.send(helloFrame(randomBytes(32).toString('base64url')));
    expect((await guess.closed).code).toBe(AGENT_CLOSE.AUTH_FAILED);
    const blocked = await open();
    expect(blocked).toMatchObject({
      status: 429,
      retryAfter: 1,
      body: expect.stringContaining('refused security keys'),
    });
    // Refused before any key is looked at: a right key has to wait too.
    expect(await open()).toMatchObject({ status: 429 });
  });
});

describe('agent link after hello', () => {
  it('gives a box that sends one frame its turn before a flooding box gets a second one', async () => {
    // Wait for the throttle of the test above to let this address in again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const flooding = await linked(fixture.boxKey);
    const neighbour = await linked(other.boxKey);
    const frames = 10;
    const perFrame = 200;
    const seqBase = 10_000;
    for (let frame = 0; frame < frames; frame++) {
      flooding.send({
        type: 'results',
        batchId: frame,
        values: Array.from({ length: perFrame }, (_, i) =>
          reachabilityValue({
            deviceId: fixture.posId,
            seq: seqBase + frame * perFrame + i + 1,
            at: Date.now(),
          }),
        ),
      });
    }
    neighbour.send({
      type: 'results',
      batchId: 0,
      values: [reachabilityValue({ deviceId: other.posId, seq: seqBase + 1, at: Date.now() })],
    });
    await neighbour.next('ack');
    for (let frame = 0; frame < frames; frame++) await flooding.next('ack');

    // The order of turns is the order of the rows (one frame stored at a time).
    const rows = await t.ctx.db
      .selectFrom('device_metrics')
      .select(['id', 'device_id', 'seq'])
      .where('item', '=', 'icmp.delay')
      .where('device_id', 'in', [fixture.posId, other.posId])
      .where('seq', '>', seqBase)
      .orderBy('id')
      .execute();
    const neighbourAt = rows.findIndex((row) => row.device_id === other.posId);
    const floodFramesBefore = new Set(
      rows.slice(0, neighbourAt).map((row) => Math.floor((Number(row.seq) - seqBase - 1) / perFrame)),
    );
    // At most the flooding frame being stored when the neighbour's arrived, and the one after it if
    // the neighbour's frame was still on the wire then.
    expect(neighbourAt).toBeGreaterThan(-1);
    expect(floodFramesBefore.size).toBeLessThanOrEqual(2);
    await Promise.all([flooding.close(), neighbour.close()]);
  });
});
