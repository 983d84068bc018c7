// Net tests, second slice: runs from the admin console against the platform's addresses, the runs list
// of a region-limited user, runs cut by a restart, and the history. No box is linked here, so every box
// answers `offline` at once: what is checked is who sees which run and result, not the figures
// (net-test-runs.test.ts measures those with the real agent).
import {
  type NetTestAddress,
  type NetTestRun,
  type NetTestRunResult,
  type PagedResult,
  ProductType,
} from '@storefleet/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../app';
import { beatNodeElsewhere, insertEarlierIncarnation } from '../../engine/cluster/test-support/node-beats';
import { bearer, createTestApp, envelopeOf, type TestApp, testConfig } from '../../testing/test-app';
import { insertNetTestRun } from './net-test-runs.repository';

const API = '/api/device-service/netTest';
type RunResults = { run: NetTestRun; results: NetTestRunResult[] };

let t: TestApp;
let admin: string;
let platform: string;
let companyId: number;
let regionId: number;
/** A box inside the operator's region, and one outside it. */
let inside: { id: number; shop_id: number };
let outside: { id: number; shop_id: number };
let shared: NetTestAddress;
let own: NetTestAddress;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  platform = await t.signIn('platform');
  const company = await t.ctx.db
    .selectFrom('companies')
    .select('id')
    .where('company_no', '=', 'NW001')
    .executeTakeFirstOrThrow();
  companyId = company.id;
  // The demo operator's role covers one region; give it the net-test module to read runs.
  const role = await t.ctx.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['roles.id', 'roles.area_ids', 'roles.authorities'])
    .where('users.account_name', '=', 'operator')
    .executeTakeFirstOrThrow();
  regionId = (JSON.parse(role.area_ids) as number[])[0] ?? 0;
  await t.ctx.db
    .updateTable('roles')
    .set({ authorities: JSON.stringify([...(JSON.parse(role.authorities) as string[]), 'net-test']) })
    .where('id', '=', role.id)
    .execute();
  const boxes = await t.ctx.db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select(['devices.id', 'devices.shop_id', 'stores.area_level'])
    .where('devices.company_id', '=', companyId)
    .where('devices.product_id', '=', ProductType.AI_BOX)
    .orderBy('devices.id')
    .execute();
  const a = boxes.find((b) => b.area_level === regionId);
  const b = boxes.find((x) => x.area_level !== regionId);
  if (!a || !b) throw new Error('the demo needs boxes inside and outside the operator region');
  inside = a;
  outside = b;
  const save = async (payload: object) =>
    envelopeOf<NetTestAddress>(
      await t.app.inject({
        method: 'POST',
        url: '/api/user-service/systemSetting/addOrUpdateAddress',
        headers: bearer(platform),
        payload,
      }),
    ).data;
  shared = await save({ pingUrl: '127.0.0.1', pingUrlName: 'Platform loopback' });
  own = await save({ companyId, pingUrl: '127.0.0.2', pingUrlName: 'Company loopback' });
});

afterAll(async () => {
  await t?.close();
});

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers: bearer(token), payload });
const get = async <T>(token: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
  return { status: res.statusCode, data: envelopeOf<T>(res).data, message: envelopeOf(res).message };
};
async function finished(token: string, url: string): Promise<RunResults> {
  let done: RunResults | undefined;
  await vi.waitFor(
    async () => {
      done = (await get<RunResults>(token, url)).data;
      expect(done.run.status).toBe('finished');
    },
    { timeout: 60_000, interval: 200 },
  );
  if (!done) throw new Error('the run did not finish');
  return done;
}

describe('net tests from the admin console', () => {
  it("runs a company's region against the platform's own addresses and lists the run", async () => {
    const started = await post(platform, '/platform/run', { companyId, areaIds: [regionId] });
    expect(started.statusCode).toBe(200);
    const run = envelopeOf<NetTestRun>(started).data;
    expect(run).toMatchObject({ companyId, startedFrom: 'platform', status: 'running' });
    const done = await finished(platform, `/platform/runResults/${run.id}`);
    expect(done.results.length).toBeGreaterThan(0);
    const addresses = await t.app.inject({
      method: 'GET',
      url: '/api/user-service/systemSetting/listAddress',
      headers: bearer(platform),
    });
    const sharedIds = envelopeOf<NetTestAddress[]>(addresses)
      .data.filter((a) => a.companyId === null)
      .map((a) => a.id);
    expect(sharedIds).toContain(shared.id);
    expect(done.run.addressCount).toBe(sharedIds.length);
    expect([...new Set(done.results.map((r) => r.addressId))].sort()).toEqual([...sharedIds].sort());
    expect(done.results.some((r) => r.addressId === own.id)).toBe(false);
    expect(done.results.map((r) => r.boxId)).toContain(inside.id);
    expect(done.results.map((r) => r.boxId)).not.toContain(outside.id);
    expect(done.results.every((r) => r.outcome === 'offline')).toBe(true);

    const list = await get<PagedResult<NetTestRun>>(platform, `/platform/runList?companyId=${companyId}`);
    expect(list.data.list[0]).toMatchObject({ id: run.id, startedFrom: 'platform', status: 'finished' });
    // The company sees the run made on its boxes too, marked as the platform's.
    const companyList = await get<PagedResult<NetTestRun>>(admin, '/runList');
    expect(companyList.data.list.find((r) => r.id === run.id)).toMatchObject({ startedFrom: 'platform' });
  });

  it('refuses a company address, an unknown company, a company caller, and writes nothing', async () => {
    const before = (await get<PagedResult<NetTestRun>>(platform, '/platform/runList')).data.total;
    const foreign = await post(platform, '/platform/run', {
      companyId,
      areaIds: [regionId],
      addressIds: [own.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(envelopeOf(foreign).message).toContain('addressIds');
    const unknown = await post(platform, '/platform/run', { companyId: 999999, areaIds: [regionId] });
    expect(envelopeOf(unknown).message).toContain('companyId');
    const noBoxes = await post(platform, '/platform/run', { companyId });
    expect(envelopeOf(noBoxes).message).toContain('boxIds');
    expect((await post(admin, '/platform/run', { companyId, areaIds: [regionId] })).statusCode).toBe(403);
    expect((await get(admin, '/platform/runList')).status).toBe(403);
    expect((await get<PagedResult<NetTestRun>>(platform, '/platform/runList')).data.total).toBe(before);
  });
});

describe('a region-limited user', () => {
  it('sees only the runs reaching its stores, and only their results', async () => {
    const operator = await t.signIn('operator');
    const mixed = envelopeOf<NetTestRun>(
      await post(admin, '/run', { boxIds: [inside.id, outside.id], addressIds: [own.id] }),
    ).data;
    const away = envelopeOf<NetTestRun>(
      await post(admin, '/run', { boxIds: [outside.id], addressIds: [own.id] }),
    ).data;
    await finished(admin, `/runResults/${mixed.id}`);
    await finished(admin, `/runResults/${away.id}`);

    const list = await get<PagedResult<NetTestRun>>(operator, '/runList?pageSize=100');
    expect(list.status).toBe(200);
    const ids = list.data.list.map((r) => r.id);
    expect(ids).toContain(mixed.id);
    expect(ids).not.toContain(away.id);
    expect(list.data.total).toBe(list.data.list.length);
    // Counted inside its stores: one box, one result (the admin sees two of each).
    expect(list.data.list.find((r) => r.id === mixed.id)).toMatchObject({ boxCount: 1, resultCount: 1 });
    const adminView = (await get<RunResults>(admin, `/runResults/${mixed.id}`)).data;
    expect(adminView.run).toMatchObject({ boxCount: 2, resultCount: 2 });

    const mine = (await get<RunResults>(operator, `/runResults/${mixed.id}`)).data;
    expect(mine.results.map((r) => r.boxId)).toEqual([inside.id]);
    expect((await get(operator, `/runResults/${away.id}`)).status).toBe(404);
    const history = (await get<NetTestRunResult[]>(operator, `/history?addressId=${own.id}`)).data;
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((r) => r.shopId !== outside.shop_id)).toBe(true);
  });
});

describe('history', () => {
  it('answers results oldest first, for one store and address', async () => {
    const all = (
      await get<NetTestRunResult[]>(admin, `/history?addressId=${own.id}&shopId=${outside.shop_id}`)
    ).data;
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((r) => r.shopId === outside.shop_id && r.addressId === own.id)).toBe(true);
    const times = all.map((r) => r.testTime);
    expect([...times].sort()).toEqual(times);
    const bad = await get(admin, '/history?days=365');
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('days');
  });
});

describe('a restart', () => {
  it('marks the runs of the server before it interrupted at once, and leaves a live node’s runs', async () => {
    const running = (runner: string) =>
      insertNetTestRun(
        t.ctx.db,
        {
          company_id: companyId,
          status: 'running',
          box_count: 1,
          address_count: 1,
          created_by: 'test',
          created_at: Date.now(),
          finished_at: null,
          runner_node: runner,
        },
        [{ box_id: inside.id, shop_id: inside.shop_id }],
      );
    // Cut by a crash of the server on this host (its process is gone, its heartbeat not stale yet) …
    const cut = await running(await insertEarlierIncarnation(t.ctx.db));
    // … and carried out right now by a node on another host.
    const live = await running(await beatNodeElsewhere(t.ctx.db));

    // The server starting again over the same database: its start-up marks the run it had.
    const restarted = await buildApp({
      config: testConfig(),
      database: t.database,
      logger: pino({ level: 'silent' }),
    });
    await restarted.ready();
    await restarted.close();

    const after = (await get<RunResults>(admin, `/runResults/${cut}`)).data.run;
    expect(after.status).toBe('interrupted');
    expect(after.finishTime).not.toBeNull();
    const list = await get<PagedResult<NetTestRun>>(admin, '/runList?status=interrupted');
    expect(list.data.list.map((r) => r.id)).toEqual([cut]);
    const still = await get<PagedResult<NetTestRun>>(admin, '/runList?status=running');
    expect(still.data.list.map((r) => r.id)).toEqual([live]);
  });
});
