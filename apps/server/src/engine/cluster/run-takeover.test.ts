// Net-test runs and upgrade runs on several server nodes (issue 15): three apps on one database and
// Redis, with short heartbeats. A run carried out by a live node is left alone by the nodes around it,
// even by one that starts meanwhile; when that node dies (its heartbeat stops), exactly one of the
// others takes its upgrade run over and finishes it, each box getting the command from one node.
// The boxes are raw protocol peers linked to node B, so the test decides when each one answers; the
// other nodes reach them through B (remote commands over Redis).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import {
  AGENT_LINK_PATH,
  NetTestCommand,
  type NetTestRun,
  ProductType,
  type ServerToAgentMessage,
  type UpgradeRun,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../app';
import type { Config } from '../../config';
import { seedOnStart } from '../../demo/seed';
import { TASK_OVERDUE_JOB } from '../../modules/tasks/task-overdue';
import { insertVersion } from '../../modules/versions/versions.repository';
import { openSecret } from '../../secrets/secret-box';
import { bearer, envelopeOf, TEST_SECRETS, testConfig } from '../../testing/test-app';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { AgentPeer } from '../hub/test-support/agent-peer';

/** Beats every 300 ms; silent for 4 s is gone (a loaded machine can stall a live node for a second). */
const NODE_TIMERS = { beatEveryMs: 300, staleAfterMs: 4_000 };
const WAIT = { timeout: 60_000, interval: 100 };
const SHA = 'a'.repeat(64);

let store: TestDatabase;
let config: Config;
const apps: FastifyInstance[] = [];
let a: FastifyInstance;
let b: FastifyInstance;
let c: FastifyInstance | undefined;
let admin: string;
/** Three boxes of the demo company, each linked to node B by a peer that counts the commands it gets. */
const boxes: Array<{ id: number; peer: AgentPeer; commands: Map<string, number> }> = [];
let addressId: number;

async function startNode(seed: boolean): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { ...config, demo: seed },
    database: store.database,
    logger: pino({ level: 'silent' }),
    nodeTimers: NODE_TIMERS,
  });
  apps.push(app);
  if (seed) await seedOnStart(store.database, config, app.ctx.auth.passwords, { usageHistory: false });
  await app.ready();
  // Its notices for the demo's overdue task are not this test's business.
  await app.ctx.scheduler.stopJob(TASK_OVERDUE_JOB);
  return app;
}

async function call<T>(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<T>(res).data;
}

async function runnerOf(table: 'net_test_runs' | 'upgrade_runs', id: number) {
  return store.database.db
    .selectFrom(table)
    .select(['status', 'runner_node'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function box(id: number) {
  const found = boxes.find((b) => b.id === id);
  if (!found) throw new Error(`box ${id} is not one of the test's`);
  return found;
}

/** The next command named `name` that box `id` receives. */
async function nextCommand(id: number, name: string) {
  for (;;) {
    const message = await box(id).peer.next('command');
    if (message.command.name === name) return message;
  }
}

beforeAll(async () => {
  store = await openTestDatabase();
  // The database URL names the cluster's Redis channels: unique per run, so test files never meet.
  config = testConfig({
    redisUrl: 'redis://127.0.0.1:6379',
    databaseUrl: `sqlite:/run-takeover/${randomBytes(8).toString('hex')}`,
  });
  a = await startNode(true);
  b = await startNode(false);
  await b.listen({ port: 0, host: '127.0.0.1' });
  const res = await a.inject({
    method: 'POST',
    url: '/api/user-service/auth/login',
    payload: { username: 'admin', password: config.demoPassword },
  });
  admin = envelopeOf<{ accessToken: string }>(res).data.accessToken;
  const company = await store.database.db
    .selectFrom('companies')
    .select('id')
    .where('company_no', '=', 'NW001')
    .executeTakeFirstOrThrow();
  const rows = await store.database.db
    .selectFrom('devices')
    .select(['id', 'security_key'])
    .where('company_id', '=', company.id)
    .where('product_id', '=', ProductType.AI_BOX)
    .where('security_key', 'is not', null)
    .orderBy('shop_id')
    .orderBy('id')
    .limit(3)
    .execute();
  if (rows.length < 3) throw new Error('the demo company needs three boxes with keys');
  const url = `ws://127.0.0.1:${(b.server.address() as AddressInfo).port}${AGENT_LINK_PATH}`;
  for (const row of rows) {
    const peer = await AgentPeer.open(url);
    const commands = new Map<string, number>();
    peer.socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerToAgentMessage;
      if (message.type === 'command')
        commands.set(message.command.name, (commands.get(message.command.name) ?? 0) + 1);
    });
    peer.send({
      type: 'hello',
      protocolVersion: 1,
      key: row.security_key && openSecret(TEST_SECRETS, 'devices.security_key', row.security_key),
      mode: 'box',
      agentVersion: '1.0.0',
      hostname: `box-${row.id}`,
    });
    await peer.next('welcome');
    boxes.push({ id: row.id, peer, commands });
  }
  // Node A learns of B's links through the cluster's link directory.
  await vi.waitFor(() => expect(boxes.every((box) => a.ctx.engine.hub.isConnected(box.id))).toBe(true), WAIT);
  // A net-test address the company may use (the boxes here only pretend to test it).
  const platform = await a.inject({
    method: 'POST',
    url: '/api/user-service/auth/login',
    payload: { username: 'platform', password: config.demoPassword },
  });
  const saved = await a.inject({
    method: 'POST',
    url: '/api/user-service/systemSetting/addOrUpdateAddress',
    headers: bearer(envelopeOf<{ accessToken: string }>(platform).data.accessToken),
    payload: { companyId: company.id, pingUrl: '127.0.0.1', pingUrlName: 'Loopback' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  addressId = envelopeOf<{ id: number }>(saved).data.id;
});

afterAll(async () => {
  for (const box of boxes) await box.peer.close();
  for (const app of apps.reverse()) await app.close();
  await store?.cleanup();
});

describe('runs on several nodes', () => {
  it('leaves a live node’s net-test run alone when another node starts, and that node finishes it', async () => {
    const tested = boxes[0]?.id ?? 0;
    const run = await call<NetTestRun>(a, 'POST', '/api/device-service/netTest/run', {
      boxIds: [tested],
      addressIds: [addressId],
    });
    expect(run.status).toBe('running');
    // The box got the test from node A (through B) and takes its time to answer.
    const command = await nextCommand(tested, 'netTest');

    c = await startNode(false);
    // C's start-up pass ran; one more pass of B and C each, after it.
    await Promise.all([b.ctx.engine.node.check(), c.ctx.engine.node.check()]);
    expect(await runnerOf('net_test_runs', run.id)).toEqual({
      status: 'running',
      runner_node: a.ctx.engine.node.id,
    });

    const { targets } = NetTestCommand.parse(command.command);
    box(tested).peer.send({
      type: 'commandReply',
      id: command.id,
      ok: true,
      result: {
        testedAt: new Date().toISOString(),
        targets: targets.map((t) => ({
          addressId: t.addressId,
          delayMs: 1,
          jitterMs: 0.1,
          lossRate: 0,
          downloadBytesPerSecond: null,
          uploadBytesPerSecond: null,
          pingError: null,
          downloadError: null,
          uploadError: null,
        })),
      },
    });
    await expect.poll(async () => (await runnerOf('net_test_runs', run.id)).status, WAIT).toBe('finished');
    const done = await call<{ run: NetTestRun }>(
      c,
      'GET',
      `/api/device-service/netTest/runResults/${run.id}`,
    );
    expect(done.run).toMatchObject({ status: 'finished', resultCount: 1, problemCount: 0 });
  });

  it('hands a dead node’s upgrade run to exactly one other node, which finishes it', async () => {
    if (!c) return expect.fail('node C was started by the test before');
    const other = c;
    const versionId = await insertVersion(store.database.db, {
      version_no: '9.0.0',
      notes: 'takeover',
      file_name: 'not-downloaded.pkg',
      size: 10,
      sha256: SHA,
      is_current: 0,
      created_by: 'test',
      created_at: Date.now(),
    });
    const run = await call<UpgradeRun>(a, 'POST', '/api/device-service/aibox/version/upgrade/start', {
      versionId,
      boxIds: boxes.map((box) => box.id),
      waveSize: 1,
      failureThreshold: 0,
    });
    const [w1, w2, w3] = (
      await store.database.db
        .selectFrom('upgrade_run_boxes')
        .select('box_id')
        .where('run_id', '=', run.id)
        .orderBy('wave')
        .execute()
    ).map((row) => row.box_id);
    if (w1 === undefined || w2 === undefined || w3 === undefined)
      return expect.fail('three waves of one box');
    const installed = { version: '9.0.0', sha256: SHA, bytes: 10, running: true };
    // Wave 1 installs; wave 2's box gets the command from A and has not answered when A dies.
    const first = await nextCommand(w1, 'upgrade');
    box(w1).peer.send({ type: 'commandReply', id: first.id, ok: true, result: installed });
    await nextCommand(w2, 'upgrade');
    await Promise.all([b.ctx.engine.node.check(), other.ctx.engine.node.check()]);
    expect(await runnerOf('upgrade_runs', run.id)).toEqual({
      status: 'running',
      runner_node: a.ctx.engine.node.id,
    });

    a.ctx.engine.node.halt();
    // Once A's heartbeat is stale, B or C claims the run and sends wave 2 again, then wave 3.
    const again = await nextCommand(w2, 'upgrade');
    const taker = (await runnerOf('upgrade_runs', run.id)).runner_node;
    expect([b.ctx.engine.node.id, other.ctx.engine.node.id]).toContain(taker);
    box(w2).peer.send({ type: 'commandReply', id: again.id, ok: true, result: installed });
    const last = await nextCommand(w3, 'upgrade');
    box(w3).peer.send({ type: 'commandReply', id: last.id, ok: true, result: installed });
    await expect.poll(async () => (await runnerOf('upgrade_runs', run.id)).status, WAIT).toBe('finished');

    // A pass of each live node later, nobody sent anything again: the run went on in one node only.
    await Promise.all([b.ctx.engine.node.check(), other.ctx.engine.node.check()]);
    expect([w1, w2, w3].map((id) => box(id).commands.get('upgrade'))).toEqual([1, 2, 1]);
    const detail = await call<{ run: UpgradeRun }>(
      b,
      'GET',
      `/api/device-service/aibox/version/upgrade/detail/${run.id}`,
    );
    expect(detail.run).toMatchObject({ status: 'finished', installedCount: 3, failedCount: 0 });
    expect((await runnerOf('upgrade_runs', run.id)).runner_node).toBe(taker);
  });

  it('hands the run of a node that stops on at the next beat, with nothing recorded against the box', async () => {
    const d = await startNode(false);
    const tested = boxes[0]?.id ?? 0;
    const run = await call<NetTestRun>(d, 'POST', '/api/device-service/netTest/run', {
      boxIds: [tested],
      addressIds: [addressId],
    });
    await nextCommand(tested, 'netTest');

    // D stops while the box is testing: its heartbeat goes with it (no waiting for it to go stale) …
    apps.splice(apps.indexOf(d), 1);
    await d.close();
    const beats = await store.database.db.selectFrom('server_nodes').select('node').execute();
    expect(beats.map((row) => row.node)).not.toContain(d.ctx.engine.node.id);
    // … so B's next beat marks the run interrupted; the cut command is not stored as the box's failure.
    await b.ctx.engine.node.check();
    expect((await runnerOf('net_test_runs', run.id)).status).toBe('interrupted');
    const done = await call<{ run: NetTestRun }>(
      b,
      'GET',
      `/api/device-service/netTest/runResults/${run.id}`,
    );
    expect(done.run).toMatchObject({ status: 'interrupted', resultCount: 0 });
  });
});
