// A net test end to end: the server on loopback, the real box agent linked as one store's box, a second
// box offline, and a small local HTTP server standing in for the speed-test endpoint.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { BoxAgent } from '@storefleet/agent';
import { WAIT } from '@storefleet/agent/test-support/wait';
import {
  type NetTestAddress,
  type NetTestRun,
  type NetTestRunResult,
  type PagedResult,
  ProductType,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSecret } from '../../secrets/secret-box';
import { bearer, createTestApp, envelopeOf, TEST_SECRETS, type TestApp } from '../../testing/test-app';

const API = '/api/device-service/netTest';

let t: TestApp;
let speed: Server;
let speedBase = '';
let uploads = 0;
let admin: string;
let operator: string;
let dataDir: string;
let agent: BoxAgent | null = null;
let online: { id: number; shop_id: number };
let offline: { id: number; shop_id: number };
let address: NetTestAddress;

beforeAll(async () => {
  speed = createServer((req, res) => {
    if (req.url === '/down') return void res.end(Buffer.alloc(512 * 1024, 1));
    if (req.url === '/up' && req.method === 'POST') {
      uploads += 1;
      req.resume();
      return void req.on('end', () => res.end('ok'));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => speed.listen(0, '127.0.0.1', resolve));
  speedBase = `http://127.0.0.1:${(speed.address() as AddressInfo).port}`;

  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  const platform = await t.signIn('platform');
  const company = await t.ctx.db
    .selectFrom('companies')
    .select('id')
    .where('company_no', '=', 'NW001')
    .executeTakeFirstOrThrow();
  const boxes = await t.ctx.db
    .selectFrom('devices')
    .select(['id', 'shop_id', 'security_key'])
    .where('company_id', '=', company.id)
    .where('product_id', '=', ProductType.AI_BOX)
    .orderBy('id')
    .execute();
  const [first, second] = [boxes[0], boxes.find((b) => b.shop_id !== boxes[0]?.shop_id)];
  if (!first?.security_key || !second) throw new Error('the demo needs two boxes in two stores');
  online = first;
  offline = second;
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/user-service/systemSetting/addOrUpdateAddress',
    headers: bearer(platform),
    payload: {
      companyId: company.id,
      pingUrl: 'localhost',
      pingUrlName: 'Local speed test',
      downloadUrl: `${speedBase}/down`,
      uploadUrl: `${speedBase}/up`,
    },
  });
  address = envelopeOf<NetTestAddress>(saved).data;

  dataDir = mkdtempSync(join(tmpdir(), 'storefleet-nettest-'));
  agent = new BoxAgent({
    server: serverUrl,
    key: openSecret(TEST_SECRETS, 'devices.security_key', first.security_key),
    dataDir,
    syslogPort: 0,
    syslogHost: '127.0.0.1',
    intervalSeconds: 3600,
    log: () => undefined,
    link: { backoff: { baseMs: 20, capMs: 200 } },
  });
  await agent.start();
  await vi.waitFor(() => expect(t.ctx.engine.hub.isConnected(online.id)).toBe(true), WAIT);
});

afterAll(async () => {
  await agent?.stop();
  await t?.close();
  await new Promise((resolve) => speed?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const run = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}/run`, headers: bearer(token), payload });
const get = async <T>(token: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
  return { status: res.statusCode, data: envelopeOf<T>(res).data };
};
type RunResults = { run: NetTestRun; results: NetTestRunResult[] };

describe('net tests from the boxes', () => {
  it('tests from an online box against the local endpoint, and reports an offline box as offline', async () => {
    const started = await run(admin, { boxIds: [online.id, offline.id], addressIds: [address.id] });
    expect(started.statusCode).toBe(200);
    const runId = envelopeOf<NetTestRun>(started).data.id;
    expect(envelopeOf<NetTestRun>(started).data).toMatchObject({ boxCount: 2, addressCount: 1 });

    let done: RunResults | undefined;
    await vi.waitFor(
      async () => {
        done = (await get<RunResults>(admin, `/runResults/${runId}`)).data;
        expect(done.run.status).toBe('finished');
      },
      { timeout: 60_000, interval: 200 },
    );
    const results = done?.results ?? [];
    expect(results).toHaveLength(2);
    const fromOnline = results.find((r) => r.boxId === online.id);
    // The ping part depends on the machine having a system ping; the HTTP parts are measured here.
    expect(fromOnline).toMatchObject({ addressId: address.id, pingUrlName: 'Local speed test' });
    expect(['ok', 'partial']).toContain(fromOnline?.outcome);
    expect(fromOnline?.downloadSpeed).toBeGreaterThan(0);
    expect(fromOnline?.uploadSpeed).toBeGreaterThan(0);
    expect(uploads).toBeGreaterThan(0);
    expect(results.find((r) => r.boxId === offline.id)).toMatchObject({
      outcome: 'offline',
      downloadSpeed: null,
      errorMsg: expect.stringContaining('not connected'),
    });
    expect(done?.run).toMatchObject({ resultCount: 2, problemCount: fromOnline?.outcome === 'ok' ? 1 : 2 });

    const list = await get<PagedResult<NetTestRun>>(admin, '/runList?pageNum=1&pageSize=10');
    expect(list.data.list[0]).toMatchObject({ id: runId, status: 'finished' });
    const compare = await get<NetTestRunResult[]>(admin, `/compare?addressId=${address.id}`);
    expect(compare.data.map((r) => r.shopId).sort()).toEqual([online.shop_id, offline.shop_id].sort());
  });

  it('refuses a run with no box in the caller’s scope or an address not offered, writing nothing', async () => {
    const before = (await get<PagedResult<NetTestRun>>(admin, '/runList')).data.total;
    const none = await run(admin, { shopIds: [999999] });
    expect(none.statusCode).toBe(400);
    expect(envelopeOf(none).message).toContain('boxIds');
    const foreign = await run(admin, { boxIds: [online.id], addressIds: [999999] });
    expect(envelopeOf(foreign).message).toContain('addressIds');
    expect((await get<PagedResult<NetTestRun>>(admin, '/runList')).data.total).toBe(before);
  });

  it('needs the run button to start a test', async () => {
    // The demo operator's role has no net-test codes.
    expect((await run(operator, { boxIds: [online.id] })).statusCode).toBe(403);
    expect((await get(operator, '/runList')).status).toBe(403);
  });
});
