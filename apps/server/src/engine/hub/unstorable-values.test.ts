// Device text the database cannot hold, and values it refuses, sent to the real hub by a raw WebSocket
// peer (no agent cleaning in between, as an older or foreign agent would): the link keeps going, the
// box's next values are stored, and what was set aside is acked, counted on the box and logged.
import type { AddressInfo } from 'node:net';

import {
  AGENT_CLOSE,
  AGENT_LINK_PATH,
  type AgentValue,
  type RunningItem,
  type ServerToAgentMessage,
} from '@storefleet/contracts';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { storedBoxKey } from '../../testing/box-keys.repository';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { helloFrame } from './test-support/agent-peer';
import { reachabilityValue, syslogValue } from './test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from './test-support/link-fixture.repository';

let t: TestApp;
let url: string;
let fixture: LinkFixture;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    demo: true,
    logger: pino({ level: 'error' }, { write: (line: string) => void logLines.push(line) }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${AGENT_LINK_PATH}`;
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
});
afterAll(() => t.close());

type Ack = Extract<ServerToAgentMessage, { type: 'ack' }>;
type Welcome = Extract<ServerToAgentMessage, { type: 'welcome' }>;

/** The box's link: sends results and answers with the ack, or fails with the close code if the hub closed. */
class BoxPeer {
  private readonly acks: Ack[] = [];
  private wake: (() => void) | null = null;
  private closedWith: string | null = null;
  private batchId = 0;
  /** The hub's welcome: its `committed` marks are what an agent drops from its buffer on linking. */
  welcome: Welcome | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerToAgentMessage;
      if (message.type === 'ack') this.acks.push(message);
      this.wake?.();
    });
    socket.on('close', (code, reason) => {
      this.closedWith = `${code} ${reason.toString()}`;
      this.wake?.();
    });
  }

  static async link(): Promise<BoxPeer> {
    const key = await storedBoxKey(t.ctx.db, fixture.boxId);
    const socket = new WebSocket(url);
    const peer = new BoxPeer(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const welcome = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as ServerToAgentMessage;
        if (message.type === 'welcome') {
          peer.welcome = message;
          resolve();
        }
      }),
    );
    socket.send(JSON.stringify(helloFrame(key)));
    await welcome;
    return peer;
  }

  get closed(): string | null {
    return this.closedWith;
  }

  async send(values: AgentValue[]): Promise<Ack> {
    const batchId = ++this.batchId;
    this.socket.send(JSON.stringify({ type: 'results', batchId, values }));
    for (;;) {
      const ack = this.acks.find((a) => a.batchId === batchId);
      if (ack) return ack;
      if (this.closedWith !== null) throw new Error(`the hub closed the link: ${this.closedWith}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /** Resolves with "code reason" once the hub closed the link. */
  async untilClosed(): Promise<string> {
    while (this.closedWith === null) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    return this.closedWith;
  }
}

const syslog = (deviceId: number, seq: number, message: string, hostname?: string): AgentValue =>
  syslogValue({ deviceId, seq, at: Date.now(), message, hostname });

const snmp = (deviceId: number, seq: number, sysName: string, sysDescr: string): AgentValue => ({
  kind: 'snmp',
  deviceId: String(deviceId),
  seq,
  at: Date.now(),
  online: true,
  error: null,
  sysUpTimeSeconds: 60,
  sysName,
  sysDescr,
  cpuLoad: 5,
  memoryUsedBytes: null,
  memoryTotalBytes: null,
  disks: [],
  interfaces: [{ index: 1, name: 'eth0\u0000\u0000', operStatus: 1, inBps: null, outBps: null }],
});

const syslogsOf = (deviceId: number, tag: string) =>
  t.ctx.db
    .selectFrom('device_syslogs')
    .select(['log_message', 'log_content', 'hostname'])
    .where('device_id', '=', deviceId)
    .where('log_message', 'like', `%${tag}%`)
    .orderBy('seq')
    .execute();

const latestText = async (deviceId: number, item: string) =>
  (
    await t.ctx.db
      .selectFrom('device_latest')
      .select('value_text')
      .where('device_id', '=', deviceId)
      .where('item', '=', item)
      .executeTakeFirst()
  )?.value_text;

const pingsStored = async (deviceId: number) =>
  Number(
    (
      await t.ctx.db
        .selectFrom('device_metrics')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', deviceId)
        .where('item', '=', 'icmp.delay')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The box's running items as the console shows them. */
async function boxRunningInfo(): Promise<Map<string, RunningItem>> {
  const token = await t.signIn('admin');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/device-service/aibox/deviceRunningInfo/getRunninginfo?deviceId=${fixture.boxId}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return new Map(envelopeOf<RunningItem[]>(res).data.map((item) => [item.itemid, item]));
}

/**
 * Makes the database itself refuse syslog lines containing `refuse-me`: a CHECK constraint on
 * PostgreSQL, a trigger on SQLite (which cannot add a CHECK to an existing table). Returns the undo.
 */
async function refuseSyslogLines(): Promise<() => Promise<void>> {
  if (t.database.dialect === 'postgres') {
    await sql`alter table device_syslogs add constraint syslog_test_refusal
      check (log_message not like '%refuse-me%')`.execute(t.ctx.db);
    return async () => {
      await sql`alter table device_syslogs drop constraint syslog_test_refusal`.execute(t.ctx.db);
    };
  }
  await sql`create trigger syslog_test_refusal before insert on device_syslogs
    when new.log_message like '%refuse-me%'
    begin select raise(abort, 'syslog_test_refusal'); end`.execute(t.ctx.db);
  return async () => {
    await sql`drop trigger syslog_test_refusal`.execute(t.ctx.db);
  };
}

describe('device text and values the database cannot store', () => {
  it('stores NUL-padded SNMP text and a syslog line with NUL cleaned, and the box’s next line too', async () => {
    const peer = await BoxPeer.link();
    const seq = Date.now() * 1000;
    const tag = `nul${seq}`;
    const ack = await peer.send([
      snmp(fixture.switchId, seq, 'printer\uD800', 'LaserJet 4250\u0000\u0000\u0000'),
      syslog(fixture.switchId, seq + 1, `${tag} paper\u0000 jam\ttray 2\n`, 'printer\u0000'),
    ]);
    expect(ack.committed).toEqual([{ deviceId: String(fixture.switchId), seq: seq + 1 }]);
    const next = await peer.send([syslog(fixture.switchId, seq + 2, `${tag} next line`)]);
    expect(next.committed).toEqual([{ deviceId: String(fixture.switchId), seq: seq + 2 }]);

    expect(await syslogsOf(fixture.switchId, tag)).toEqual([
      {
        log_message: `${tag} paper jam\ttray 2\n`,
        log_content: `<11>${tag} paper jam\ttray 2\n`,
        hostname: 'printer',
      },
      { log_message: `${tag} next line`, log_content: `<11>${tag} next line`, hostname: 'printer' },
    ]);
    expect(await latestText(fixture.switchId, 'sysDescr')).toBe('LaserJet 4250');
    expect(await latestText(fixture.switchId, 'sysName')).toBe('printer\uFFFD');
    expect(peer.closed).toBeNull();
    peer.socket.close();
  });

  it('sets aside a value the database refuses: acked, counted on the box, logged, the rest stored', async () => {
    const undo = await refuseSyslogLines();
    try {
      const peer = await BoxPeer.link();
      const seq = Date.now() * 1000;
      const tag = `aside${seq}`;
      const pingsBefore = await pingsStored(fixture.posId);
      const countBefore = Number((await boxRunningInfo()).get('ingest.setAside')?.value ?? 0);
      const ack = await peer.send([
        reachabilityValue({ deviceId: fixture.posId, seq, at: Date.now() }),
        syslog(fixture.switchId, seq + 1, `${tag} refuse-me please`),
        syslog(fixture.switchId, seq + 2, `${tag} kept line`),
        reachabilityValue({ deviceId: fixture.posId, seq: seq + 3, at: Date.now() }),
      ]);
      // Acked, refused value included, so the agent deletes it instead of resending it forever.
      expect(ack.committed).toEqual(
        expect.arrayContaining([
          { deviceId: String(fixture.posId), seq: seq + 3 },
          { deviceId: String(fixture.switchId), seq: seq + 2 },
        ]),
      );
      const next = await peer.send([syslog(fixture.switchId, seq + 4, `${tag} after`)]);
      expect(next.committed).toEqual([{ deviceId: String(fixture.switchId), seq: seq + 4 }]);
      expect(peer.closed).toBeNull();

      expect((await syslogsOf(fixture.switchId, tag)).map((row) => row.log_message)).toEqual([
        `${tag} kept line`,
        `${tag} after`,
      ]);
      expect(await pingsStored(fixture.posId)).toBe(pingsBefore + 2);
      const setAside = (await boxRunningInfo()).get('ingest.setAside');
      expect(Number(setAside?.value)).toBe(countBefore + 1);
      expect(setAside).toMatchObject({ value_type: 0, name: expect.any(String) });

      const logged = logLines.filter((line) => line.includes('set aside'));
      expect(logged).toHaveLength(1);
      const entry = JSON.parse(logged[0] ?? '{}') as {
        reporter: number;
        setAside: Array<{ deviceId: string; seq: number; kind: string; reason: string }>;
      };
      expect(entry.reporter).toBe(fixture.boxId);
      expect(entry.setAside).toEqual([
        {
          deviceId: String(fixture.switchId),
          seq: seq + 1,
          kind: 'syslog',
          reason: expect.stringContaining('syslog_test_refusal'),
        },
      ]);
      // The device's text is never copied into the log.
      expect(logged[0]).not.toContain('refuse-me');
      peer.socket.close();
    } finally {
      await undo();
    }
  });

  it('takes a set-aside value as committed: a box that resends it after a lost ack is not counted twice', async () => {
    const undo = await refuseSyslogLines();
    try {
      const peer = await BoxPeer.link();
      const seq = Date.now() * 1000;
      const tag = `replay${seq}`;
      const countBefore = Number((await boxRunningInfo()).get('ingest.setAside')?.value ?? 0);
      // A batch made only of a value the database refuses: acked, and the box deletes it…
      const batch = [syslog(fixture.switchId, seq, `${tag} refuse-me`)];
      expect((await peer.send(batch)).committed).toEqual([{ deviceId: String(fixture.switchId), seq }]);
      peer.socket.close();

      // …unless the ack is lost with the link: on linking again the hub's welcome names what it
      // committed, so the agent drops the value instead of sending it again.
      const again = await BoxPeer.link();
      expect(again.welcome?.committed).toContainEqual({ deviceId: String(fixture.switchId), seq });
      // An agent that resends it anyway is acked without the value being tried or counted again.
      expect((await again.send(batch)).committed).toEqual([{ deviceId: String(fixture.switchId), seq }]);
      expect(Number((await boxRunningInfo()).get('ingest.setAside')?.value)).toBe(countBefore + 1);
      const logged = logLines.filter((line) => line.includes('set aside') && line.includes(String(seq)));
      expect(logged).toHaveLength(1);
      // The box's next line is stored as usual.
      const next = await again.send([syslog(fixture.switchId, seq + 1, `${tag} after`)]);
      expect(next.committed).toEqual([{ deviceId: String(fixture.switchId), seq: seq + 1 }]);
      expect((await syslogsOf(fixture.switchId, tag)).map((row) => row.log_message)).toEqual([
        `${tag} after`,
      ]);
      again.socket.close();
    } finally {
      await undo();
    }
  });

  it('still closes the link when storing fails for another reason, and stores the batch when resent', async () => {
    const seq = Date.now() * 1000;
    const tag = `gone${seq}`;
    const batch = [syslog(fixture.switchId, seq, `${tag} waits for its table`)];
    await sql`alter table device_syslogs rename to device_syslogs_away`.execute(t.ctx.db);
    let closed: string;
    try {
      const peer = await BoxPeer.link();
      await expect(peer.send(batch)).rejects.toThrow(String(AGENT_CLOSE.SERVER_ERROR));
      closed = await peer.untilClosed();
    } finally {
      await sql`alter table device_syslogs_away rename to device_syslogs`.execute(t.ctx.db);
    }
    expect(closed).toContain(String(AGENT_CLOSE.SERVER_ERROR));
    const again = await BoxPeer.link();
    expect((await again.send(batch)).committed).toEqual([{ deviceId: String(fixture.switchId), seq }]);
    expect(await syslogsOf(fixture.switchId, tag)).toHaveLength(1);
    again.socket.close();
  });
});
