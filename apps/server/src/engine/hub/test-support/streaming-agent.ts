/**
 * Test support for crash tests (server-restart.test.ts, cluster/two-nodes.test.ts): the real box agent
 * with fast reconnects, the highest seq acked per device as the agent saw the acks, a syslog sender
 * over TCP, and the check that every acked value is stored once.
 */
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';

import { BoxAgent } from '@storefleet/agent';
import type { Kysely } from 'kysely';
import { expect, vi } from 'vitest';

import type { DB } from '../../../db/database';

export interface StreamingAgent {
  agent: BoxAgent;
  syslogPort: number;
  /** Device id → highest seq the server acked to the agent. */
  acked: Map<string, number>;
}

/**
 * Starts the real agent on `serverUrl` with `key`, its data under `dir`/agent, recording acks. Its
 * reconnects are fast unless `backoff` is given (`{}`: the agent's own defaults).
 */
export async function startStreamingAgent(
  serverUrl: string,
  key: string,
  dir: string,
  backoff: { baseMs?: number; capMs?: number } = { baseMs: 20, capMs: 300 },
): Promise<StreamingAgent> {
  const agent = new BoxAgent({
    server: serverUrl,
    key,
    dataDir: join(dir, 'agent'),
    syslogPort: 0,
    syslogHost: '127.0.0.1',
    intervalSeconds: 5,
    log: () => undefined,
    link: { backoff, batchSize: 100 },
  });
  const { syslogPort } = await agent.start();
  const acked = new Map<string, number>();
  const buffer = agent.runtime.buffer;
  const ack = buffer.ack.bind(buffer);
  buffer.ack = (committed) => {
    for (const { deviceId, seq } of committed) acked.set(deviceId, Math.max(acked.get(deviceId) ?? 0, seq));
    ack(committed);
  };
  return { agent, syslogPort, acked };
}

/** A syslog sender over TCP from 127.0.0.1 (TCP, so no line is lost before the agent); `sent` counts lines. */
export async function syslogSender(port: number): Promise<{
  socket: Socket;
  burst(count: number): Promise<void>;
  readonly sent: number;
}> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let sent = 0;
  return {
    socket,
    async burst(count: number) {
      for (let i = 0; i < count; i++, sent++) socket.write(`<14>Nov 22 03:00:00 switch app: line ${sent}\n`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    },
    get sent() {
      return sent;
    },
  };
}

/** Values are acked cumulatively: the highest acked value of each device must be stored. */
export async function expectAckedStored(db: Kysely<DB>, acked: ReadonlyMap<string, number>): Promise<void> {
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
}

/**
 * Waits until the device holds `lines` syslog lines and the agent's buffer is empty (everything sent and
 * acked), within `timeoutMs`; then returns the stored lines (seq, message).
 */
export async function syslogsWhenDrained(
  db: Kysely<DB>,
  agent: BoxAgent,
  deviceId: number,
  lines: number,
  timeoutMs: number,
): Promise<Array<{ seq: number; log_message: string }>> {
  await vi.waitFor(
    async () => {
      const row = await db
        .selectFrom('device_syslogs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(lines);
      expect(agent.runtime.buffer.depth()).toBe(0);
    },
    { timeout: timeoutMs, interval: 250 },
  );
  return db
    .selectFrom('device_syslogs')
    .select(['seq', 'log_message'])
    .where('device_id', '=', deviceId)
    .execute();
}
