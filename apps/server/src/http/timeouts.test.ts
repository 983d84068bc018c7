// Client timeouts over real loopback sockets (short ones here; production's are in timeouts.ts):
// sockets that say nothing, trickle their headers or trickle their body are closed, while the
// live-updates stream and the agent WebSocket, open all along, keep working.
import { connect, type Socket } from 'node:net';

import { AGENT_LINK_PATH, MonitoringEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AgentPeer, helloFrame } from '../engine/hub/test-support/agent-peer';
import { reachabilityValue } from '../engine/hub/test-support/agent-values';
import { insertLinkFixture } from '../engine/hub/test-support/link-fixture.repository';
import { bearer, createTestApp, TEST_LANGUAGE, type TestApp } from '../testing/test-app';
import type { HttpTimeouts } from './timeouts';

const TIMEOUTS: HttpTimeouts = {
  firstByteMs: 1_000,
  headersMs: 1_000,
  requestMs: 2_000,
  idleMs: 60_000,
  checkEveryMs: 200,
};

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ httpTimeouts: TIMEOUTS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}, 60_000);
afterAll(() => t.close());

/** A raw socket to the server that records what it was sent and resolves `closed` when it closes. */
function rawSocket(onOpen: (socket: Socket) => void) {
  const socket = connect(port, '127.0.0.1', () => onOpen(socket));
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) => {
    const started = Date.now();
    socket.once('close', () => resolve({ afterMs: Date.now() - started, received }));
  });
  return { socket, closed };
}

it('closes silent, slow-header and slow-body sockets; the stream and the agent link stay open', async () => {
  // The long-lived connections, opened first.
  const token = await t.signIn('admin');
  const ticketRes = await fetch(`http://127.0.0.1:${port}${MonitoringEndpoints.eventsTicket.path}`, {
    method: 'POST',
    headers: bearer(token),
  });
  const ticket = ((await ticketRes.json()) as { data: { ticket: string } }).data.ticket;
  const events = await fetch(
    `http://127.0.0.1:${port}${MonitoringEndpoints.events.path}?ticket=${encodeURIComponent(ticket)}`,
    { headers: TEST_LANGUAGE },
  );
  expect(events.status).toBe(200);
  const reader = events.body?.getReader();
  if (!reader) throw new Error('no stream body');
  let streamText = '';
  const readUntil = async (needle: string) => {
    while (!streamText.includes(needle)) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the stream ended before "${needle}": ${streamText}`);
      streamText += new TextDecoder().decode(chunk.value);
    }
  };
  await readUntil(': connected');
  const fixture = await insertLinkFixture(t.database.db, { port: 9, community: 'public' });
  const agent = await AgentPeer.open(`ws://127.0.0.1:${port}${AGENT_LINK_PATH}`);
  agent.send(helloFrame(fixture.boxKey, { hostname: 'box' }));
  await agent.next('welcome');

  // The abusers: nothing at all; half the headers; the headers and a body that never completes.
  const silent = rawSocket(() => undefined);
  const slowHeaders = rawSocket((socket) => socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
  const slowBody = rawSocket((socket) => {
    socket.write(
      'POST /api/user-service/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"username":',
    );
    // A byte now and then keeps the socket busy, so only the request timer can end it.
    const drip = setInterval(() => socket.write(' '), 300);
    socket.once('close', () => clearInterval(drip));
  });
  const [silentEnd, headersEnd, bodyEnd] = await Promise.all([
    silent.closed,
    slowHeaders.closed,
    slowBody.closed,
  ]);
  expect(silentEnd.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.firstByteMs - 50);
  expect(headersEnd.received).toContain('408');
  expect(bodyEnd.received).toContain('408');
  expect(bodyEnd.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);

  // Well past every limit: the agent link still carries values and gets them acknowledged…
  agent.send({
    type: 'results',
    batchId: 1,
    values: [reachabilityValue({ deviceId: fixture.posId, seq: 1, at: Date.now() })],
  });
  const ack = await agent.next('ack');
  expect(ack).toMatchObject({ type: 'ack', batchId: 1 });
  // …and the stream sends its next heartbeat (every 15 s) on the connection opened before them.
  await readUntil(': keep-alive');
  await reader.cancel();
  agent.socket.close();
  // A normal request is served as ever.
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
}, 90_000);
