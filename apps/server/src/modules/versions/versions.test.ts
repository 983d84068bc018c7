// Box software versions end to end: uploads through the admin console's call, and upgrade runs over
// simulated store boxes linked to the server over loopback (apps/simulator in-process), which download
// the package over HTTP with their keys, check it and report.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { WAIT } from '@storefleet/agent/test-support/wait';
import {
  type PagedResult,
  ProductType,
  type UpgradeRun,
  type UpgradeRunBox,
  type Version,
} from '@storefleet/contracts';
import { type Fleet, startFleet } from '@storefleet/simulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { insertEarlierIncarnation } from '../../engine/cluster/test-support/node-beats';
import { openSecret } from '../../secrets/secret-box';
import { bearer, createTestApp, envelopeOf, TEST_SECRETS, type TestApp } from '../../testing/test-app';

const API = '/api/device-service/aibox/version';
const BOUNDARY = 'storefleet-version-boundary';

let t: TestApp;
let fleet: Fleet | null = null;
let platform: string;
let admin: string;
let operator: string;
let boxes: { id: number; shop_id: number; security_key: string | null }[];
/** Two more boxes of the company that no simulated box links for at first. */
let serverUrl: string;
let spare: { id: number; shop_id: number; security_key: string | null }[];

/** A multipart body: text fields, then (optionally) the file. */
function form(fields: Record<string, string>, file?: Buffer) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="agent.pkg"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, payload: Buffer.concat(parts) };
}

async function upload(token: string, fields: Record<string, string>, file?: Buffer) {
  const { payload, ...headers } = form(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `${API}/upload`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers: bearer(token), payload });
const get = async <T>(token: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
  return { status: res.statusCode, data: envelopeOf<T>(res).data };
};
const versionRows = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('agent_versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const storedFiles = () => {
  const dir = join(t.ctx.config.dataDir, 'versions');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
type Detail = { run: UpgradeRun; boxes: UpgradeRunBox[] };
async function untilEnded(runId: number): Promise<Detail> {
  let detail: Detail | undefined;
  await vi.waitFor(
    async () => {
      detail = (await get<Detail>(admin, `/upgrade/detail/${runId}`)).data;
      expect(detail.run.status, JSON.stringify(detail)).not.toBe('running');
    },
    { timeout: 45_000, interval: 200 },
  );
  if (!detail) throw new Error('no detail');
  return detail;
}
async function uploaded(number: string, bytes: Buffer): Promise<Version> {
  const res = await upload(platform, { number, notes: `notes of ${number}` }, bytes);
  expect(res.statusCode).toBe(200);
  return envelopeOf<Version>(res).data;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  platform = await t.signIn('platform');
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  const company = await t.ctx.db
    .selectFrom('companies')
    .select('id')
    .where('company_no', '=', 'NW001')
    .executeTakeFirstOrThrow();
  const all = (
    await t.ctx.db
      .selectFrom('devices')
      .select(['id', 'shop_id', 'security_key'])
      .where('company_id', '=', company.id)
      .where('product_id', '=', ProductType.AI_BOX)
      .where('security_key', 'is not', null)
      .orderBy('shop_id')
      .orderBy('id')
      .execute()
  )
    .slice(0, 7)
    .map((b) => ({
      ...b,
      security_key: b.security_key && openSecret(TEST_SECRETS, 'devices.security_key', b.security_key),
    }));
  if (all.length < 7) throw new Error('the demo company needs seven boxes with keys');
  boxes = all.slice(0, 5);
  spare = all.slice(5);
  // The first box (first in store order, so first in wave 1) spoils what it downloads.
  fleet = startFleet({
    serverUrl,
    boxes: boxes.map((b, i) => ({ key: b.security_key ?? '', corruptUpgrade: i === 0 })),
    intervalSeconds: 3600,
    episodes: false,
    reconnect: { baseMs: 20, capMs: 200 },
  });
  await vi.waitFor(() => expect(boxes.every((b) => t.ctx.engine.hub.isConnected(b.id))).toBe(true), WAIT);
});

afterAll(async () => {
  await fleet?.stop();
  await t?.close();
});

describe('version packages', () => {
  it('stores an upload with the SHA-256 of its bytes, lists it, marks it current', async () => {
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31) % 251));
    const version = await uploaded('1.0.0', bytes);
    expect(version).toMatchObject({
      number: '1.0.0',
      notes: 'notes of 1.0.0',
      size: bytes.length,
      current: false,
    });
    expect(version.sha256).toBe(sha(bytes));
    const list = await get<PagedResult<Version>>(admin, '/list?pageNum=1&pageSize=50');
    expect(list.status).toBe(200);
    expect(list.data.list.find((v) => v.id === version.id)).toMatchObject({ sha256: sha(bytes) });
    const marked = await post(platform, '/setCurrent', { id: version.id });
    expect(envelopeOf<Version>(marked).data.current).toBe(true);
    const other = await uploaded('1.0.1', Buffer.from('another package'));
    await post(platform, '/setCurrent', { id: other.id });
    const after = (await get<PagedResult<Version>>(platform, '/list?pageNum=1&pageSize=50')).data.list;
    expect(after.filter((v) => v.current).map((v) => v.id)).toEqual([other.id]);
    // The current one cannot be deleted; the unused other one can, file and all.
    expect((await post(platform, '/delete', { id: other.id })).statusCode).toBe(409);
    const files = storedFiles();
    expect((await post(platform, '/delete', { id: version.id })).statusCode).toBe(200);
    expect(storedFiles()).toBe(files - 1);
  });

  it('refuses bad uploads with 4xx and writes nothing', async () => {
    await uploaded('1.1.0', Buffer.from('first'));
    const rows = await versionRows();
    const files = storedFiles();
    const noFile = await upload(platform, { number: '1.1.1' });
    expect(noFile.statusCode).toBe(400);
    expect(envelopeOf(noFile).message).toContain('file');
    const badNumber = await upload(platform, { number: 'no spaces please' }, Buffer.from('x'));
    expect(badNumber.statusCode).toBe(400);
    expect(envelopeOf(badNumber).message).toContain('number');
    const duplicate = await upload(platform, { number: '1.1.0' }, Buffer.from('second'));
    expect(duplicate.statusCode).toBe(409);
    const tooBig = await upload(platform, { number: '1.1.2' }, Buffer.alloc(64 * 1024 * 1024 + 1, 1));
    expect(tooBig.statusCode).toBe(413);
    // Only the platform uploads: a company admin (push only) and an operator are refused.
    expect((await upload(admin, { number: '1.1.3' }, Buffer.from('x'))).statusCode).toBe(403);
    expect((await upload(operator, { number: '1.1.4' }, Buffer.from('x'))).statusCode).toBe(403);
    expect(await versionRows()).toBe(rows);
    expect(storedFiles()).toBe(files);
  });

  it('hands the package only to a box of a run, with its key', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/package/1` });
    expect(res.statusCode).toBe(401);
    const key = boxes[0]?.security_key ?? '';
    const latest = (await get<PagedResult<Version>>(platform, '/list')).data.list[0];
    const notPushed = await t.app.inject({
      method: 'GET',
      url: `${API}/package/${latest?.id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(notPushed.statusCode).toBe(404);
  });
});

describe('upgrade runs', () => {
  it('upgrades wave 1, then wave 2, and every box reports the new version', async () => {
    const bytes = Buffer.alloc(256 * 1024, 9);
    const version = await uploaded('2.0.0', bytes);
    const picked = boxes.slice(1, 5);
    const started = await post(admin, '/upgrade/start', {
      versionId: version.id,
      boxIds: picked.map((b) => b.id),
      waveSize: 2,
      failureThreshold: 0,
    });
    expect(started.statusCode).toBe(200);
    const run = envelopeOf<UpgradeRun>(started).data;
    expect(run).toMatchObject({ status: 'running', boxCount: 4, waveCount: 2, versionNumber: '2.0.0' });
    const done = await untilEnded(run.id);
    expect(done.run).toMatchObject({
      status: 'finished',
      installedCount: 4,
      failedCount: 0,
      haltReason: null,
    });
    expect(done.boxes.map((b) => [b.boxId, b.wave, b.state, b.reportedVersion])).toEqual(
      picked.map((b, i) => [b.id, i < 2 ? 1 : 2, 'installed', '2.0.0']),
    );
    // Wave 2 was sent only after wave 1 had answered.
    const rows = await t.ctx.db
      .selectFrom('upgrade_run_boxes')
      .select(['wave', 'updated_at'])
      .where('run_id', '=', run.id)
      .execute();
    const wave1Done = Math.max(...rows.filter((r) => r.wave === 1).map((r) => Number(r.updated_at)));
    const wave2Done = Math.min(...rows.filter((r) => r.wave === 2).map((r) => Number(r.updated_at)));
    expect(wave2Done).toBeGreaterThanOrEqual(wave1Done);
    // The simulated boxes switched the version they report.
    const reported = fleet?.stats().perBox.map((s) => s.agentVersion);
    expect(reported?.slice(1)).toEqual(['2.0.0+sim', '2.0.0+sim', '2.0.0+sim', '2.0.0+sim']);
    expect(reported?.[0]).not.toBe('2.0.0+sim');
    // A pushed version is kept for the record.
    expect((await post(platform, '/delete', { id: version.id })).statusCode).toBe(409);
    const list = await get<PagedResult<UpgradeRun>>(admin, '/upgrade/list?pageNum=1&pageSize=10');
    expect(list.data.list[0]).toMatchObject({ id: run.id, status: 'finished' });
  });

  it('halts when a checksum mismatch fails a box of wave 1, and sends no later wave', async () => {
    const version = await uploaded('2.1.0', Buffer.alloc(128 * 1024, 3));
    const picked = boxes.slice(0, 3);
    const started = await post(admin, '/upgrade/start', {
      versionId: version.id,
      boxIds: picked.map((b) => b.id),
      waveSize: 2,
      failureThreshold: 25,
    });
    const run = envelopeOf<UpgradeRun>(started).data;
    const done = await untilEnded(run.id);
    expect(done.run).toMatchObject({ status: 'halted', installedCount: 1, failedCount: 1, currentWave: 1 });
    expect(done.run.haltReason).toContain(
      'Wave 1 of 2: 1 of 2 boxes failed (50 %), above the 25 % threshold',
    );
    const byBox = new Map(done.boxes.map((b) => [b.boxId, b]));
    expect(byBox.get(picked[0]?.id ?? 0)).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('Checksum mismatch'),
    });
    expect(byBox.get(picked[1]?.id ?? 0)).toMatchObject({ state: 'installed', reportedVersion: '2.1.0' });
    expect(byBox.get(picked[2]?.id ?? 0)).toMatchObject({ wave: 2, state: 'pending' });
    expect(fleet?.stats().perBox[2]?.agentVersion).toBe('2.0.0+sim');
  });

  it('refuses runs without boxes in scope or with an unknown version, and needs the push button', async () => {
    const before = (await get<PagedResult<UpgradeRun>>(admin, '/upgrade/list')).data.total;
    const versionId = (await get<PagedResult<Version>>(admin, '/list')).data.list[0]?.id;
    /** A start of one wave on the second box, changed by `body`. */
    const start = (token: string, body: Record<string, unknown> = {}) =>
      post(token, '/upgrade/start', {
        versionId,
        boxIds: [boxes[1]?.id],
        waveSize: 1,
        failureThreshold: 0,
        ...body,
      });
    const none = await post(admin, '/upgrade/start', {
      versionId,
      shopIds: [999999],
      waveSize: 1,
      failureThreshold: 0,
    });
    expect(none.statusCode).toBe(400);
    expect(envelopeOf(none).message).toContain('boxIds');
    const unknown = await start(admin, { versionId: 999999 });
    expect(unknown.statusCode).toBe(400);
    const noWave = await start(admin, { waveSize: 0 });
    expect(noWave.statusCode).toBe(400);
    expect((await start(operator)).statusCode).toBe(403);
    // Platform users act in no company: runs belong to companies.
    expect((await start(platform)).statusCode).toBe(403);
    expect((await get<PagedResult<UpgradeRun>>(admin, '/upgrade/list')).data.total).toBe(before);
  });

  it('waits for a box without a link and upgrades it once it links; one that never links fails uncounted', async () => {
    const version = await uploaded('2.3.0', Buffer.from('a package for late boxes'));
    const [late, absent] = spare;
    if (!late || !absent) throw new Error('no spare boxes');
    t.ctx.config.upgradeReconnectGraceMs = 20_000;
    let lateFleet: Fleet | null = null;
    try {
      const started = await post(admin, '/upgrade/start', {
        versionId: version.id,
        boxIds: [boxes[1]?.id, late.id, absent.id],
        waveSize: 3,
        // Any failure counted would halt the run.
        failureThreshold: 0,
      });
      expect(started.statusCode).toBe(200);
      const run = envelopeOf<UpgradeRun>(started).data;
      // The linked box goes ahead while the other two wait, shown as pending with the reason.
      await vi.waitFor(async () => {
        const detail = (await get<Detail>(admin, `/upgrade/detail/${run.id}`)).data;
        const byBox = new Map(detail.boxes.map((b) => [b.boxId, b]));
        expect(byBox.get(boxes[1]?.id ?? 0)?.state).toBe('installed');
        expect(byBox.get(late.id)).toMatchObject({
          state: 'pending',
          reason: expect.stringContaining('Waiting for the box to connect'),
        });
        expect(detail.run.status).toBe('running');
      }, WAIT);
      lateFleet = startFleet({
        serverUrl,
        boxes: [{ key: late.security_key ?? '' }],
        intervalSeconds: 3600,
        episodes: false,
        reconnect: { baseMs: 20, capMs: 200 },
      });
      const done = await untilEnded(run.id);
      expect(done.run).toMatchObject({
        status: 'finished',
        installedCount: 2,
        failedCount: 1,
        haltReason: null,
      });
      const byBox = new Map(done.boxes.map((b) => [b.boxId, b]));
      expect(byBox.get(late.id)).toMatchObject({ state: 'installed', reportedVersion: '2.3.0' });
      expect(byBox.get(absent.id)).toMatchObject({
        state: 'failed',
        reason: expect.stringContaining('did not connect within 20 seconds'),
      });
    } finally {
      t.ctx.config.upgradeReconnectGraceMs = 300_000;
      await lateFleet?.stop();
    }
  });

  it('resumes a run that a restart cut in the middle of a wave', async () => {
    const version = await uploaded('2.2.0', Buffer.from('resumed package'));
    // The run was this server's before a crash: same host, a process gone, its last heartbeat just now.
    const earlier = await insertEarlierIncarnation(t.ctx.db);
    const company = await t.ctx.db
      .selectFrom('devices')
      .select('company_id')
      .where('id', '=', boxes[1]?.id ?? 0)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    // What the database holds after a restart: a running run, one box downloading, one not reached.
    const run = await t.ctx.db
      .insertInto('upgrade_runs')
      .values({
        company_id: company.company_id,
        version_id: version.id,
        status: 'running',
        wave_size: 1,
        failure_threshold: 0,
        current_wave: 1,
        wave_count: 2,
        halt_reason: null,
        created_by: 'before the restart',
        created_at: now,
        finished_at: null,
        runner_node: earlier,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('upgrade_run_boxes')
      .values(
        [boxes[1], boxes[2]].map((b, i) => ({
          run_id: run.id,
          company_id: company.company_id,
          shop_id: b?.shop_id ?? 0,
          box_id: b?.id ?? 0,
          wave: i + 1,
          state: i === 0 ? ('downloading' as const) : ('pending' as const),
          reason: null,
          reported_version: null,
          updated_at: now,
        })),
      )
      .execute();
    // Taken over at this node's next heartbeat, while the earlier one's is still fresh (not stale yet).
    await t.ctx.engine.node.check();
    const runner = async () =>
      (
        await t.ctx.db
          .selectFrom('upgrade_runs')
          .select('runner_node')
          .where('id', '=', run.id)
          .executeTakeFirstOrThrow()
      ).runner_node;
    expect(await runner()).toBe(t.ctx.engine.node.id);
    const done = await untilEnded(run.id);
    expect(done.run).toMatchObject({ status: 'finished', installedCount: 2 });
    expect(done.boxes.every((b) => b.reportedVersion === '2.2.0')).toBe(true);
  });
});
