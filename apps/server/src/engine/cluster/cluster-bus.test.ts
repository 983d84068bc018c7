// Two server nodes on one database with REDIS_URL (issue 15): what one node publishes reaches the other
// node's subscribers once, and a rule written on one node is not served stale from the other's cache.
// Real Redis on 127.0.0.1:6379 (on every machine); each test file's cluster has channels of its own.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { AGENT_LINK_PATH } from '@storefleet/contracts';

import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import { buildOfflineRule } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testClient } from '../../testing/test-client';
import type { AlertRecordEvent } from '../alerting/alert-bus';
import { AgentPeer, helloFrame } from '../hub/test-support/agent-peer';
import { insertLinkFixture } from '../hub/test-support/link-fixture.repository';
import type { DeviceStatusChange } from '../ingest/status-bus';

const REDIS_URL = 'redis://127.0.0.1:6379';
let a: TestApp;
let b: FastifyInstance;

beforeAll(async () => {
  // The database URL names the cluster's channels: unique per run, so parallel test files never meet.
  const cluster = {
    redisUrl: REDIS_URL,
    databaseUrl: `sqlite:/cluster-test/${randomBytes(8).toString('hex')}`,
  };
  a = await createTestApp({ demo: true, config: cluster });
  // Node B: the same database and configuration (JWT secret included), its own engine and bus.
  b = await buildApp({
    config: { ...a.ctx.config, demo: false },
    database: a.database,
    logger: pino({ level: 'silent' }),
  });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const change = (deviceId: number): DeviceStatusChange => ({
  deviceId,
  shopId: 1,
  companyId: 1,
  onlineStatus: 0,
  at: Date.now(),
});

describe('several nodes over Redis', () => {
  it('delivers status and alert changes published on one node to the other node, once on each', async () => {
    const onA: number[] = [];
    const onB: number[] = [];
    const alertsOnB: AlertRecordEvent[] = [];
    a.ctx.engine.statusBus.subscribe((c) => onA.push(c.deviceId));
    b.ctx.engine.statusBus.subscribe((c) => onB.push(c.deviceId));
    b.ctx.engine.statusBus.alerts.subscribe((e) => alertsOnB.push(e));

    a.ctx.engine.statusBus.publish([change(101), change(102)]);
    a.ctx.engine.statusBus.alerts.publish([
      { change: 'opened', recordId: 7, deviceId: 101, shopId: 1, companyId: 1, at: Date.now() },
    ]);
    await expect.poll(() => onB, { timeout: 20_000 }).toEqual([101, 102]);
    await expect
      .poll(() => alertsOnB.map((e) => [e.change, e.recordId]), { timeout: 20_000 })
      .toEqual([['opened', 7]]);
    // A heard its own changes once (locally), not again from Redis.
    b.ctx.engine.statusBus.publish([change(103)]);
    await expect.poll(() => onA, { timeout: 20_000 }).toEqual([101, 102, 103]);
    expect(onB).toEqual([101, 102, 103]);
  });

  it('forgets the rules cached on one node when a rule is written on the other', async () => {
    const token = await a.signIn('admin');
    const company = await a.ctx.db
      .selectFrom('users')
      .select('company_id')
      .where('account_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const companyId = Number(company.company_id);
    const store = await a.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const rulesOnA = async () =>
      [
        ...((await a.ctx.engine.rulesCache.rulesFor(a.ctx.db, [companyId])).get(companyId)?.byId.values() ??
          []),
      ].map((r) => r.name);
    const before = await rulesOnA(); // now cached on A
    expect(before).not.toContain('Offline (node B)');

    await buildOfflineRule(testClient(b), token, { alertName: 'Offline (node B)', shopIds: [store.id] });
    await expect.poll(rulesOnA, { timeout: 20_000 }).toContain('Offline (node B)');
  });

  it('forgets every cached rule when the bus reconnects (invalidations may have been missed)', async () => {
    const company = await a.ctx.db
      .selectFrom('companies')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await a.ctx.engine.rulesCache.rulesFor(a.ctx.db, [company.id]);
    // A rule row changed behind the cache's back, as if its invalidation was lost while disconnected.
    const rule = await a.ctx.db
      .selectFrom('alert_rules')
      .select(['id', 'alert_name'])
      .where('company_id', '=', company.id)
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    if (!rule) return expect.fail('the demo company has enabled alert rules');
    await a.ctx.db
      .updateTable('alert_rules')
      .set({ alert_name: 'Renamed while away' })
      .where('id', '=', rule.id)
      .execute();
    const names = async () =>
      [
        ...((await a.ctx.engine.rulesCache.rulesFor(a.ctx.db, [company.id])).get(company.id)?.byId.values() ??
          []),
      ].map((r) => r.name);
    expect(await names()).not.toContain('Renamed while away');
    // Redis drops the subscriber's connection; ioredis reconnects and resubscribes.
    const admin = new Redis(REDIS_URL);
    try {
      const list = String(await admin.client('LIST'));
      const line = list.split('\n').find((l) => l.includes(`name=${a.ctx.engine.cluster?.subscriberName}`));
      const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
      if (!id) return expect.fail(`node A's subscription is not in CLIENT LIST:\n${list}`);
      await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }
    await expect.poll(names, { timeout: 30_000 }).toContain('Renamed while away');
  });

  it('runs a command for a box linked to the other node there, and brings its answer back', async () => {
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const fixture = await insertLinkFixture(a.ctx.db, { port: 161, community: 'public' });
    const peer = await AgentPeer.open(
      `ws://127.0.0.1:${(a.app.server.address() as AddressInfo).port}${AGENT_LINK_PATH}`,
    );
    peer.send(helloFrame(fixture.boxKey));
    await peer.next('welcome');
    // B learns of the link through the directory.
    await expect.poll(() => b.ctx.engine.hub.isConnected(fixture.boxId), { timeout: 20_000 }).toBe(true);

    const asked = b.ctx.engine.hub.command(fixture.boxId, { name: 'pingIp', ipAddress: '127.0.0.1' });
    const command = await peer.next('command');
    expect(command.command).toEqual({ name: 'pingIp', ipAddress: '127.0.0.1' });
    peer.send({ type: 'commandReply', id: command.id, ok: true, result: { delayMs: 0.05, lossRate: 0 } });
    expect(await asked).toMatchObject({ ok: true, result: { delayMs: 0.05, lossRate: 0 } });

    // The box does not answer: the asking node reports the timeout, in the user's words.
    const silent = b.ctx.engine.hub.command(fixture.boxId, { name: 'pingIp', ipAddress: '127.0.0.1' }, 1_000);
    await peer.next('command');
    await expect(silent).rejects.toMatchObject({ code: 'BOX_TIMEOUT' });

    // The link ends: B no longer sees it, and a command is "box offline" at once.
    await peer.close();
    await expect.poll(() => b.ctx.engine.hub.isConnected(fixture.boxId), { timeout: 20_000 }).toBe(false);
    await expect(
      b.ctx.engine.hub.command(fixture.boxId, { name: 'pingIp', ipAddress: '127.0.0.1' }),
    ).rejects.toMatchObject({
      code: 'BOX_OFFLINE',
    });
  });

  it('reports Redis on /ready', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(a.ctx.engine.cluster).not.toBeNull();
    expect(await a.ctx.engine.cluster?.ping()).toBe(true);
  });
});
