// Crash and restart: the real server process is SIGKILLed while the real agent streams values, then
// started again on the same database and port; the agent resends what was not acked. Every value the
// agent got an ack for is stored, and nothing is stored twice.
import type { BoxAgent } from '@storefleet/agent';
import { afterAll, expect, it, vi } from 'vitest';

import { type ChildServerSite, childServerSite } from '../../testing/child-server';
import { insertLinkFixture } from './test-support/link-fixture.repository';
import {
  expectAckedStored,
  startStreamingAgent,
  syslogSender,
  syslogsWhenDrained,
} from './test-support/streaming-agent';

const LINES = 3000;
let site: ChildServerSite | null = null;
let agent: BoxAgent | null = null;

afterAll(async () => {
  await agent?.stop();
  await site?.cleanup();
});

it('keeps every acknowledged value, once, when the server is killed and restarted mid-stream', async () => {
  const server = await childServerSite('storefleet-restart-');
  site = server;
  await server.start();
  const db = server.database().db;
  // An SNMP port nobody answers: the switch reports offline values, values all the same.
  const fixture = await insertLinkFixture(db, { port: 9, community: 'public' });
  const streaming = await startStreamingAgent(server.baseUrl, fixture.boxKey, server.dir);
  agent = streaming.agent;
  const { syslogPort, acked } = streaming;
  const box = agent;
  await vi.waitFor(() => expect(box.runtime.link.connected).toBe(true), { timeout: 10_000 });

  // Syslog over TCP from 127.0.0.1 (the switch's address).
  const sender = await syslogSender(syslogPort);
  const burst = sender.burst;
  // Some values stored and acked first, then kill it without warning in the middle of more traffic.
  for (let i = 0; i < 10; i++) await burst(100);
  await vi.waitFor(() => expect(acked.has(String(fixture.switchId))).toBe(true), { timeout: 30_000 });
  for (let i = 0; i < 5; i++) await burst(100);
  const killing = server.kill();
  for (let i = 0; i < 10; i++) await burst(100);
  await killing;
  const ackedBeforeRestart = new Map(acked);
  await server.start();
  for (let i = 0; i < 5; i++) await burst(100);
  sender.socket.end();
  expect(sender.sent).toBe(LINES);

  const lines = await syslogsWhenDrained(db, box, fixture.switchId, LINES, 90_000);
  expect(new Set(lines.map((m) => m.log_message)).size).toBe(LINES);
  expect(new Set(lines.map((m) => m.seq)).size).toBe(LINES);
  const twice = await db
    .selectFrom('device_metrics')
    .select(['device_id', 'seq', 'item'])
    .groupBy(['device_id', 'seq', 'item'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(twice).toEqual([]);
  // Values are acked cumulatively: the highest acked value of each device must be stored.
  expect(ackedBeforeRestart.size).toBeGreaterThan(0);
  await expectAckedStored(db, acked);
}, 150_000);
