// Crash and restart: the real server process is SIGKILLed while the real agent streams values, then
// started again on the same database and port; the agent resends what was not acked. Every value the
// agent got an ack for is stored, and nothing is stored twice.
import { connect } from 'node:net';
import { join } from 'node:path';

import { BoxAgent } from '@storefleet/agent';
import { afterAll, expect, it, vi } from 'vitest';

import { type ChildServerSite, childServerSite } from '../../testing/child-server';
import { insertLinkFixture } from './test-support/link-fixture.repository';

const LINES = 3000;
let site: ChildServerSite | null = null;
let agent: BoxAgent | null = null;

afterAll(async () => {
  await agent?.stop();
  await site?.cleanup();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('keeps every acknowledged value, once, when the server is killed and restarted mid-stream', async () => {
  const server = await childServerSite('storefleet-restart-');
  site = server;
  await server.start();
  const db = server.database().db;
  // An SNMP port nobody answers: the switch reports offline values, values all the same.
  const fixture = await insertLinkFixture(db, { port: 9, community: 'public' });
  agent = new BoxAgent({
    server: server.baseUrl,
    key: fixture.boxKey,
    dataDir: join(server.dir, 'agent'),
    syslogPort: 0,
    syslogHost: '127.0.0.1',
    intervalSeconds: 5,
    log: () => undefined,
    link: { backoff: { baseMs: 20, capMs: 300 }, batchSize: 100 },
  });
  const { syslogPort } = await agent.start();
  const acked = new Map<string, number>();
  const buffer = agent.runtime.buffer;
  const ack = buffer.ack.bind(buffer);
  buffer.ack = (committed) => {
    for (const { deviceId, seq } of committed) acked.set(deviceId, Math.max(acked.get(deviceId) ?? 0, seq));
    ack(committed);
  };
  const box = agent;
  await vi.waitFor(() => expect(box.runtime.link.connected).toBe(true), { timeout: 10_000 });

  // Syslog over TCP from 127.0.0.1 (the switch's address): TCP so no line is lost before the agent.
  const sender = connect(syslogPort, '127.0.0.1');
  await new Promise((resolve) => sender.once('connect', resolve));
  let sent = 0;
  const burst = async (count: number) => {
    for (let i = 0; i < count; i++, sent++) sender.write(`<14>Nov 22 03:00:00 switch app: line ${sent}\n`);
    await pause(5);
  };
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
  sender.end();
  expect(sent).toBe(LINES);

  await vi.waitFor(
    async () => {
      const row = await db
        .selectFrom('device_syslogs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', fixture.switchId)
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(LINES);
      expect(box.runtime.buffer.depth()).toBe(0);
    },
    { timeout: 90_000, interval: 250 },
  );

  const lines = await db
    .selectFrom('device_syslogs')
    .select(['seq', 'log_message'])
    .where('device_id', '=', fixture.switchId)
    .execute();
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
  for (const [deviceId, seq] of acked) {
    const [metric, syslog] = await Promise.all([
      db
        .selectFrom('device_metrics')
        .select('id')
        .where('device_id', '=', Number(deviceId))
        .where('seq', '=', seq)
        .executeTakeFirst(),
      db
        .selectFrom('device_syslogs')
        .select('id')
        .where('device_id', '=', Number(deviceId))
        .where('seq', '=', seq)
        .executeTakeFirst(),
    ]);
    expect(metric ?? syslog, `acked value ${deviceId}/${seq}`).toBeDefined();
  }
}, 150_000);
