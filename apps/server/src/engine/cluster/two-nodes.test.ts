// Two real server processes on one PostgreSQL database and Redis, behind a loopback round-robin
// proxy (issue 15). The real agent links through the proxy; a ping asked of the node without the link
// is run by the node with it; then the node holding the link is SIGKILLed mid-stream: the agent
// reconnects through the proxy to the other node and every value it got an ack for is stored, once.
// Several nodes need PostgreSQL, so this file uses it in both test runs.
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { BoxAgent } from '@storefleet/agent';
import { afterAll, expect, it, vi } from 'vitest';
import { type ChildServerSite, childServerSite, freePort } from '../../testing/child-server';
import { insertLinkFixture } from '../hub/test-support/link-fixture.repository';
import { type ServerProcess, startServerProcess } from '../hub/test-support/server-process';
import {
  expectAckedStored,
  startStreamingAgent,
  syslogSender,
  syslogsWhenDrained,
} from '../hub/test-support/streaming-agent';

const LINES = 2000;
let site: ChildServerSite | null = null;
let nodeB: ServerProcess | null = null;
let agent: BoxAgent | null = null;
let proxy: Server | null = null;
const sockets = new Set<Socket>();

afterAll(async () => {
  await agent?.stop();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(null)));
  await nodeB?.kill();
  await site?.cleanup();
});

/** A TCP proxy on loopback that hands each connection to the next backend that accepts it. */
function roundRobin(ports: readonly number[]): Promise<number> {
  let next = 0;
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    const attempt = (tries: number) => {
      if (tries === ports.length) return client.destroy();
      const port = ports[next++ % ports.length] as number;
      const upstream = connect(port, '127.0.0.1');
      sockets.add(upstream);
      upstream.once('error', () => {
        sockets.delete(upstream);
        attempt(tries + 1);
      });
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  proxy = server;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

async function linksOpen(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('storefleet_links_open '));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

it('serves one fleet from two nodes and keeps every acknowledged value when the node holding the link dies', async () => {
  const server = await childServerSite('storefleet-two-nodes-', { dialect: 'postgres' });
  site = server;
  server.env.REDIS_URL = 'redis://127.0.0.1:6379';
  // The first node migrates and seeds the empty database; the second starts on it.
  await server.start(60_000);
  const portB = await freePort();
  nodeB = await startServerProcess(server.env, portB, 60_000);
  const ports = [server.port, portB];
  const proxyPort = await roundRobin(ports);

  const db = server.database().db;
  const fixture = await insertLinkFixture(db, { port: 9, community: 'public' });
  const streaming = await startStreamingAgent(`http://127.0.0.1:${proxyPort}`, fixture.boxKey, server.dir);
  agent = streaming.agent;
  const { syslogPort, acked } = streaming;
  const box = agent;
  await vi.waitFor(() => expect(box.runtime.link.connected).toBe(true), { timeout: 20_000 });
  let holder = -1;
  await vi.waitFor(
    async () => {
      const open = await Promise.all(ports.map(linksOpen));
      expect(open.sort()).toEqual([0, 1]);
      holder = ports[(await Promise.all(ports.map(linksOpen))).indexOf(1)] as number;
    },
    { timeout: 20_000, interval: 250 },
  );
  const other = ports.find((p) => p !== holder) as number;

  // A ping asked of the node without the link is run by the box through the node with it.
  const login = await fetch(`http://127.0.0.1:${other}/api/user-service/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Storefleet@2026' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const ping = async (port: number) => {
    const res = await fetch(
      `http://127.0.0.1:${port}/api/device-service/aibox/device/queryAnswer/pingIp?deviceId=${fixture.switchId}&ipAddress=127.0.0.1`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    return { status: res.status, body: (await res.json()) as { data: { delayTime: number | null } } };
  };
  await vi.waitFor(
    async () => {
      const answer = await ping(other);
      expect(answer.status).toBe(200);
      expect(answer.body.data.delayTime).not.toBeNull();
    },
    { timeout: 30_000, interval: 500 },
  );

  // Syslog over TCP from 127.0.0.1 (the switch's address): values stream while the holder dies.
  const sender = await syslogSender(syslogPort);
  const burst = sender.burst;
  for (let i = 0; i < 8; i++) await burst(100);
  await vi.waitFor(() => expect(acked.has(String(fixture.switchId))).toBe(true), { timeout: 30_000 });
  for (let i = 0; i < 4; i++) await burst(100);
  const dying = holder === server.port ? server.kill() : (nodeB as ServerProcess).kill();
  for (let i = 0; i < 8; i++) await burst(100);
  await dying;
  sender.socket.end();
  expect(sender.sent).toBe(LINES);

  // The agent is back, through the proxy, on the surviving node, which has the box's link now.
  await vi.waitFor(async () => expect(await linksOpen(other)).toBe(1), { timeout: 60_000, interval: 250 });
  const lines = await syslogsWhenDrained(db, box, fixture.switchId, LINES, 120_000);
  expect(new Set(lines.map((m) => m.log_message)).size).toBe(LINES);
  await expectAckedStored(db, acked);
  // And the survivor answers a ping through its own link now.
  expect((await ping(other)).status).toBe(200);
}, 240_000);
