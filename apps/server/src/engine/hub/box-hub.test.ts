// The hub's protocol rules against a raw WebSocket peer speaking protocol v1 (no agent in between, so
// each rule is exercised on purpose): key checks and close codes, ack-after-commit, dedupe by seq,
// values it will never store still acked, one link per box, config pushed on store change.
import type { AddressInfo } from 'node:net';

import { AGENT_CLOSE, AGENT_LINK_PATH } from '@storefleet/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DemoStore, post, printerBody } from '../../modules/devices/device-test-support';
import { setBoxKey, storedBoxKey } from '../../testing/box-keys.repository';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { AgentPeer, helloFrame } from './test-support/agent-peer';
import { reachabilityValue } from './test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from './test-support/link-fixture.repository';

let t: TestApp;
let url: string;
let fixture: LinkFixture;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${AGENT_LINK_PATH}`;
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
});
afterAll(() => t.close());
// Each test starts from the fixture as inserted (tests below switch monitoring off and give the POS a key),
// so one failing half-way does not fail the next.
beforeEach(async () => {
  await t.ctx.db.updateTable('devices').set({ monitored: 1 }).where('id', '=', fixture.posId).execute();
  await setBoxKey(t.ctx.db, fixture.posId, null);
});

const hello = (key: string, mode: 'box' | 'device' = 'box') => helloFrame(key, { mode });

/** The box's key as stored now: one test rotates it, and no test relies on another having run. */
async function boxKey(): Promise<string> {
  return (await storedBoxKey(t.ctx.db, fixture.boxId)) ?? '';
}

async function linkedBox(): Promise<AgentPeer> {
  const peer = await AgentPeer.open(url);
  peer.send(hello(await boxKey()));
  await peer.next('welcome');
  return peer;
}

const reach = (deviceId: number, seq: number, at = Date.now()) =>
  reachabilityValue({ deviceId, seq, at, delayMs: 1.5 });

const countStored = async (deviceId: number) => {
  const row = await t.ctx.db
    .selectFrom('device_metrics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_id', '=', deviceId)
    .where('item', '=', 'icmp.delay')
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('box hub', () => {
  it('closes with 4001 for an unknown key and 4003 when a box key asks for device mode', async () => {
    const stranger = await AgentPeer.open(url);
    stranger.send(hello('not-a-key-of-any-device-0000'));
    expect(await stranger.closed).toMatchObject({
      code: AGENT_CLOSE.AUTH_FAILED,
      reason: expect.stringContaining('key'),
    });
    const wrongMode = await AgentPeer.open(url);
    wrongMode.send(hello(await boxKey(), 'device'));
    expect((await wrongMode.closed).code).toBe(AGENT_CLOSE.MODE_REFUSED);
  });

  it('closes with 4400 when the first frame is not hello, and 4002 for another protocol version', async () => {
    const rude = await AgentPeer.open(url);
    rude.send({ type: 'results', batchId: 1, values: [] });
    expect((await rude.closed).code).toBe(AGENT_CLOSE.MALFORMED);
    const future = await AgentPeer.open(url);
    future.send({ ...hello(await boxKey()), protocolVersion: 2 });
    expect((await future.closed).code).toBe(AGENT_CLOSE.PROTOCOL_UNSUPPORTED);
  });

  it('welcomes the box with its store and the monitored devices to probe', async () => {
    const peer = await AgentPeer.open(url);
    peer.send(hello(await boxKey()));
    const welcome = await peer.next('welcome');
    expect(welcome).toMatchObject({ deviceId: String(fixture.boxId), shopId: String(fixture.shopId) });
    expect(welcome.devices.map((d) => d.deviceId).sort()).toEqual(
      [String(fixture.switchId), String(fixture.posId)].sort(),
    );
    expect(welcome.devices.find((d) => d.deviceId === String(fixture.posId))).toMatchObject({
      connectType: 4,
      intranetIp: '127.0.0.2',
    });
    peer.socket.close();
  });

  it('stores a resent batch once and acks it both times', async () => {
    const seq = Date.now() * 1000;
    const before = await countStored(fixture.posId);
    const first = await linkedBox();
    const batch = {
      type: 'results',
      batchId: 1,
      values: [reach(fixture.posId, seq), reach(fixture.posId, seq + 1)],
    };
    first.send(batch);
    expect(await first.next('ack')).toEqual({
      type: 'ack',
      batchId: 1,
      committed: [{ deviceId: String(fixture.posId), seq: seq + 1 }],
    });
    first.socket.close();
    await first.closed;
    const second = await linkedBox();
    second.send({ ...batch, batchId: 0 });
    expect((await second.next('ack')).committed).toEqual([{ deviceId: String(fixture.posId), seq: seq + 1 }]);
    expect(await countStored(fixture.posId)).toBe(before + 2);
    second.socket.close();
  });

  it('acks values it will never store: malformed, unknown device, another company’s device', async () => {
    const peer = await linkedBox();
    const seq = Date.now() * 1000;
    const before = await countStored(fixture.foreignId);
    peer.send({
      type: 'results',
      batchId: 7,
      values: [
        { ...reach(fixture.posId, seq), lossRate: 7 },
        reach(999_999, seq),
        reach(fixture.foreignId, seq),
      ],
    });
    const ack = await peer.next('ack');
    expect(ack.committed).toEqual(
      expect.arrayContaining([
        { deviceId: String(fixture.posId), seq },
        { deviceId: '999999', seq },
        { deviceId: String(fixture.foreignId), seq },
      ]),
    );
    expect(await countStored(fixture.foreignId)).toBe(before);
    peer.socket.close();
  });

  it('keeps one link per box: a newer link closes the older with 4005', async () => {
    const older = await linkedBox();
    const newer = await linkedBox();
    expect((await older.closed).code).toBe(AGENT_CLOSE.REPLACED);
    newer.socket.close();
  });

  it('pushes config to the linked box when a user stops monitoring one of its devices', async () => {
    const peer = await linkedBox();
    const token = await t.signIn('admin');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/device-service/aibox/device/ids?ids=${fixture.posId}&mornitored=0`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const config = await peer.next('config');
    expect(config.devices.map((d) => d.deviceId)).toEqual([String(fixture.switchId)]);
    await t.ctx.db.updateTable('devices').set({ monitored: 1 }).where('id', '=', fixture.posId).execute();
    await t.ctx.engine.hub.notifyStoreChanged(fixture.shopId);
    expect((await peer.next('config')).devices).toHaveLength(2);
    peer.socket.close();
  });

  it('pushes config to the old store’s box when a user moves one of its devices to another store', async () => {
    const peer = await linkedBox();
    const token = await t.signIn('admin');
    const storeWithBox = async (shopId: number): Promise<DemoStore> => {
      const store = await t.ctx.db
        .selectFrom('stores')
        .select(['id', 'company_id', 'area_level', 'province_level', 'city_level'])
        .where('id', '=', shopId)
        .executeTakeFirstOrThrow();
      const box = await t.ctx.db
        .selectFrom('devices')
        .select('id')
        .where('shop_id', '=', shopId)
        .where('product_id', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return {
        id: store.id,
        companyId: store.company_id,
        area: store.area_level,
        province: store.province_level,
        city: store.city_level,
        boxId: box.id,
      };
    };
    const home = await storeWithBox(fixture.shopId);
    const other = await t.ctx.db
      .selectFrom('stores')
      .innerJoin('devices', 'devices.shop_id', 'stores.id')
      .select('stores.id')
      .where('stores.company_id', '=', home.companyId)
      .where('stores.id', '!=', home.id)
      .where('devices.product_id', '=', 1)
      .orderBy('stores.id')
      .executeTakeFirstOrThrow();
    const away = await storeWithBox(other.id);
    const added = await post(t, token, 'add', printerBody(home, { intranetIp: '127.0.0.98' }));
    expect(added.status).toBe(200);
    const printerId = String((added.body.data as { deviceId: number }).deviceId);
    expect((await peer.next('config')).devices.map((d) => d.deviceId)).toContain(printerId);
    const moved = await post(
      t,
      token,
      'update',
      printerBody(away, { deviceId: printerId, intranetIp: '127.0.0.98' }),
    );
    expect(moved.status).toBe(200);
    expect((await peer.next('config')).devices.map((d) => d.deviceId)).not.toContain(printerId);
    peer.socket.close();
  });

  it('cuts the box link with 4001 when a user rotates its key, and refuses the old key', async () => {
    const oldKey = await boxKey();
    const peer = await linkedBox();
    const token = await t.signIn('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/device-service/aibox/device/rotateKey/${fixture.boxId}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect((await peer.closed).code).toBe(AGENT_CLOSE.AUTH_FAILED);
    const stale = await AgentPeer.open(url);
    stale.send(hello(oldKey));
    expect((await stale.closed).code).toBe(AGENT_CLOSE.AUTH_FAILED);
    expect(await boxKey()).not.toBe(oldKey);
    await linkedBox().then((fresh) => fresh.socket.close());
  });

  it('lets a device-mode reporter store values about itself only', async () => {
    const key = 'device-key-0123456789abcdef0123';
    await setBoxKey(t.ctx.db, fixture.posId, key);
    const peer = await AgentPeer.open(url);
    peer.send(hello(key, 'device'));
    const welcome = await peer.next('welcome');
    expect(welcome).toMatchObject({ deviceId: String(fixture.posId), devices: [] });
    const seq = Date.now() * 1000 + 900;
    const beforeOther = await countStored(fixture.switchId);
    const beforeSelf = await countStored(fixture.posId);
    peer.send({
      type: 'results',
      batchId: 1,
      values: [reach(fixture.posId, seq), reach(fixture.switchId, seq)],
    });
    expect((await peer.next('ack')).committed).toHaveLength(2);
    expect(await countStored(fixture.posId)).toBe(beforeSelf + 1);
    expect(await countStored(fixture.switchId)).toBe(beforeOther);
    peer.socket.close();
    await setBoxKey(t.ctx.db, fixture.posId, null);
  });

  it('records a transition when a device comes online, not one per poll', async () => {
    const peer = await linkedBox();
    const seq = Date.now() * 1000 + 500;
    const at = Date.now();
    peer.send({
      type: 'results',
      batchId: 9,
      values: [reach(fixture.switchId, seq, at - 2), reach(fixture.switchId, seq + 1, at - 1)],
    });
    await peer.next('ack');
    peer.send({ type: 'results', batchId: 10, values: [reach(fixture.switchId, seq + 2, at)] });
    await peer.next('ack');
    const events = await t.ctx.db
      .selectFrom('device_online_events')
      .selectAll()
      .where('device_id', '=', fixture.switchId)
      .execute();
    // The switch is SNMP (connect type 2): reachability does not decide its status.
    expect(events).toEqual([]);
    peer.send({
      type: 'results',
      batchId: 11,
      values: [reach(fixture.posId, seq + 10, at - 2), reach(fixture.posId, seq + 11, at - 1)],
    });
    await peer.next('ack');
    const posEvents = await t.ctx.db
      .selectFrom('device_online_events')
      .selectAll()
      .where('device_id', '=', fixture.posId)
      .execute();
    expect(posEvents.map((e) => e.status)).toEqual([1]);
    peer.socket.close();
  });
  it('stores every value once when batches of any size arrive back to back, and acks them in order', async () => {
    const peer = await linkedBox();
    const before = await countStored(fixture.posId);
    // Sizes that cut into every statement size ingest uses (128, 64 … 1 rows, ~4 rows per value).
    const sizes = [1, 73, 129, 1000, 257];
    let seq = Date.now() * 1000 + 10_000;
    const at = Date.now();
    sizes.forEach((size, index) => {
      const values = Array.from({ length: size }, (_, i) => reach(fixture.posId, ++seq, at - size + i));
      peer.send({ type: 'results', batchId: 100 + index, values });
    });
    const acks = [];
    for (const _ of sizes) acks.push(await peer.next('ack'));
    expect(acks.map((a) => a.batchId)).toEqual([100, 101, 102, 103, 104]);
    expect(acks.at(-1)?.committed).toEqual([{ deviceId: String(fixture.posId), seq }]);
    expect(await countStored(fixture.posId)).toBe(before + 1460);
    peer.socket.close();
  });
});
