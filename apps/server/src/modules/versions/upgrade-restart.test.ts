// An upgrade run survives kill -9 (reliability review problem 7): the real server process is SIGKILLed
// in the middle of a run and started again on the same database and port. Its simulated boxes
// (apps/simulator, in this process) lose their links and come back one by one over a few seconds,
// one of them only after the run has resumed; none is failed for not being connected yet, and the run
// finishes with every box on the new version — with a failure threshold of 0, one spurious failure
// would halt it.
import { AuthEndpoints, ProductType, VersionEndpoints } from '@storefleet/contracts';
import { type Fleet, startFleet } from '@storefleet/simulator';
import { afterAll, expect, it, vi } from 'vitest';

import { PUBLISHED_DEMO_PASSWORD } from '../../config';
import { openSecret } from '../../secrets/secret-box';
import { type ChildServerSite, childServerSite } from '../../testing/child-server';
import { TEST_SECRETS } from '../../testing/test-app';

const WAIT = { timeout: 60_000, interval: 100 };
let site: ChildServerSite | null = null;
const fleets: Fleet[] = [];

afterAll(async () => {
  await Promise.all(fleets.map((f) => f.stop()));
  await site?.cleanup();
});

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as { code: number; message: string; data: T };
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.message}`);
  return body.data;
}

it('upgrades every box of a run cut by kill -9, boxes that reconnect late included', async () => {
  const server = await childServerSite('storefleet-upgrade-kill-');
  site = server;
  server.env.UPGRADE_RECONNECT_GRACE_SECONDS = '180';
  await server.start();
  const db = server.database().db;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('company_no', '=', 'NW001')
    .executeTakeFirstOrThrow();
  const boxes = (
    await db
      .selectFrom('devices')
      .select(['id', 'security_key'])
      .where('company_id', '=', company.id)
      .where('product_id', '=', ProductType.AI_BOX)
      .where('security_key', 'is not', null)
      .orderBy('shop_id')
      .orderBy('id')
      .execute()
  ).slice(0, 7);
  expect(boxes).toHaveLength(7);
  // Wave 4's box links only after the restart; the others reconnect with a back-off of 1 to 6 s.
  const lateBox = boxes[3];
  const early = boxes.filter((b) => b !== lateBox);
  const fleetOf = (list: typeof boxes, reconnect: { baseMs: number; capMs: number }) => {
    const fleet = startFleet({
      serverUrl: server.baseUrl,
      boxes: list.map((b) => ({
        key: openSecret(TEST_SECRETS, 'devices.security_key', b.security_key ?? ''),
      })),
      intervalSeconds: 3600,
      episodes: false,
      reconnect,
    });
    fleets.push(fleet);
    return fleet;
  };
  const earlyFleet = fleetOf(early, { baseMs: 1000, capMs: 6000 });

  const signIn = (username: string) =>
    call<{ accessToken: string }>(`${server.baseUrl}${AuthEndpoints.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PUBLISHED_DEMO_PASSWORD }),
    });
  const platform = (await signIn('platform')).accessToken;
  const admin = (await signIn('admin')).accessToken;
  const form = new FormData();
  form.set('number', '3.0.0');
  form.set('file', new Blob([Buffer.alloc(64 * 1024, 7)]), 'agent.pkg');
  const version = await call<{ id: number }>(`${server.baseUrl}${VersionEndpoints.versionUpload.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platform}` },
    body: form,
  });
  await vi.waitFor(() => expect(earlyFleet.stats().linked).toBe(6), WAIT);
  const run = await call<{ id: number }>(`${server.baseUrl}${VersionEndpoints.upgradeStart.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      versionId: version.id,
      boxIds: boxes.map((b) => b.id),
      waveSize: 1,
      failureThreshold: 0,
    }),
  });
  const runBoxes = () =>
    db
      .selectFrom('upgrade_run_boxes')
      .select(['box_id', 'wave', 'state', 'reason'])
      .where('run_id', '=', run.id)
      .orderBy('wave')
      .execute();
  const runRow = () =>
    db
      .selectFrom('upgrade_runs')
      .select(['status', 'halt_reason', 'runner_node'])
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();

  // Mid-run: waves 1-3 installed, wave 4 waits for its box.
  await vi.waitFor(async () => {
    const states = await runBoxes();
    expect(states.filter((b) => b.state === 'installed')).toHaveLength(3);
    expect(states.find((b) => b.box_id === lateBox?.id)?.reason).toContain('Waiting for the box to connect');
  }, WAIT);
  const before = await runRow();
  expect(before.status).toBe('running');
  await server.kill();
  await server.start(60_000);

  // The restarted server took the run over and waits again for wave 4's box; now it links.
  await vi.waitFor(async () => expect((await runRow()).runner_node).not.toBe(before.runner_node), WAIT);
  fleetOf(lateBox ? [lateBox] : [], { baseMs: 20, capMs: 200 });

  await vi.waitFor(
    async () => expect((await runRow()).status, JSON.stringify(await runBoxes())).not.toBe('running'),
    { timeout: 120_000, interval: 200 },
  );
  const states = await runBoxes();
  expect(await runRow()).toMatchObject({ status: 'finished', halt_reason: null });
  expect(states.map((b) => [b.wave, b.state])).toEqual(boxes.map((_, i) => [i + 1, 'installed']));
}, 240_000);
