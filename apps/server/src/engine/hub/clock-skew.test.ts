// Boxes whose clocks are wrong, through the real hub with the real agent's link and on-disk buffer:
// one 10 minutes behind, one 10 minutes ahead, and a re-imaged box (fresh data directory) whose clock
// went back. Their devices stay online through the offline sweep, their values are stored at server
// time, the skew shows in the box's running info, and the re-imaged box's new values are stored.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ClockedBox } from '@storefleet/agent/test-support/clocked-box';
import { WAIT } from '@storefleet/agent/test-support/wait';
import { MonitoringEndpoints, type RunningItem, type UnsequencedValue } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { CLOCK_TOLERANCE_MS } from './box-clock';
import { insertLinkFixture, type LinkFixture } from './test-support/link-fixture.repository';

const TEN_MINUTES = 600_000;

let t: TestApp;
let server: string;
let token: string;
const dirs: string[] = [];
const boxes: ClockedBox[] = [];

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = await t.signIn('admin');
});
afterAll(async () => {
  for (const box of boxes) box.stop();
  await t?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A box of `fixture` with a clock `skewMs` off, on a fresh data directory, linked. */
async function linkedBox(fixture: LinkFixture, skewMs: number): Promise<ClockedBox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefleet-clock-'));
  dirs.push(dataDir);
  const box = new ClockedBox({ server, key: fixture.boxKey, dataDir, skewMs });
  boxes.push(box);
  const welcomes = box.welcomes.length;
  box.start();
  await vi.waitFor(() => expect(box.welcomes.length).toBeGreaterThan(welcomes), WAIT);
  return box;
}

/** A ping of the POS, online, taken now on the box's clock. */
const posPing = (fixture: LinkFixture, box: ClockedBox): UnsequencedValue => ({
  kind: 'reachability',
  deviceId: String(fixture.posId),
  at: box.now(),
  online: true,
  delayMs: 1,
  jitterMs: 0.1,
  lossRate: 0,
});

/** Reports one POS ping and waits until the box buffer is empty (stored and acked). */
async function reportPing(fixture: LinkFixture, box: ClockedBox): Promise<{ seq: number; sentAt: number }> {
  const sentAt = Date.now();
  const [value] = box.report([posPing(fixture, box)]);
  await vi.waitFor(() => expect(box.buffer.depth()).toBe(0), WAIT);
  return { seq: value?.seq ?? 0, sentAt };
}

const storedDelay = (fixture: LinkFixture, seq: number) =>
  t.ctx.db
    .selectFrom('device_metrics')
    .select(['clock', 'seq'])
    .where('device_id', '=', fixture.posId)
    .where('reporter_id', '=', fixture.boxId)
    .where('item', '=', 'icmp.delay')
    .where('seq', '=', seq)
    .executeTakeFirst();

const posState = (fixture: LinkFixture) =>
  t.ctx.db
    .selectFrom('devices')
    .select(['online_status', 'last_seen_at'])
    .where('id', '=', fixture.posId)
    .executeTakeFirstOrThrow();

const sweepEvents = async (fixture: LinkFixture) =>
  (
    await t.ctx.db
      .selectFrom('device_online_events')
      .select('id')
      .where('device_id', '=', fixture.posId)
      .where('cause', '=', 'sweep')
      .execute()
  ).length;

async function clockSkewItem(fixture: LinkFixture): Promise<RunningItem | undefined> {
  const res = await t.send(MonitoringEndpoints.getRunninginfo, { query: { deviceId: fixture.boxId } }, token);
  expect(res.statusCode).toBe(200);
  return envelopeOf<RunningItem[]>(res).data.find((item) => item.itemid === 'agent.clockSkew');
}

describe.each([
  ['10 minutes behind', -TEN_MINUTES],
  ['10 minutes ahead', TEN_MINUTES],
])('a box whose clock is %s', (_name, skewMs) => {
  let fixture: LinkFixture;
  let box: ClockedBox;

  beforeAll(async () => {
    fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
    box = await linkedBox(fixture, skewMs);
  });
  afterAll(() => box.stop());

  it('has its values stored at server time, never in the future', async () => {
    const { seq, sentAt } = await reportPing(fixture, box);
    const stored = await storedDelay(fixture, seq);
    expect(stored?.clock).toBeGreaterThanOrEqual(sentAt - CLOCK_TOLERANCE_MS);
    expect(stored?.clock).toBeLessThanOrEqual(Date.now() + CLOCK_TOLERANCE_MS);
    const pos = await posState(fixture);
    expect(pos.online_status).toBe(1);
    expect(pos.last_seen_at).toBeGreaterThanOrEqual(sentAt - CLOCK_TOLERANCE_MS);
  });

  it('keeps its devices online through the offline sweep, without flapping', async () => {
    for (let round = 0; round < 3; round++) {
      await reportPing(fixture, box);
      await t.ctx.jobs.sweepOffline(Date.now());
      expect((await posState(fixture)).online_status).toBe(1);
    }
    expect(await sweepEvents(fixture)).toBe(0);
  });

  it('shows its measured clock skew in the box running info', async () => {
    const item = await clockSkewItem(fixture);
    expect(item?.units).toBe('s');
    // Box minus server, seconds: −600 behind, +600 ahead, within the travel time of a frame.
    expect(Math.abs(Number(item?.value) - skewMs / 1000)).toBeLessThan(5);
  });
});

describe('a re-imaged box whose clock went back', () => {
  it('has the values of its fresh data directory stored, not taken for ones it sent before', async () => {
    const fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
    // The first install runs with its clock 10 minutes ahead and reports a few pings.
    const first = await linkedBox(fixture, TEN_MINUTES);
    for (let i = 0; i < 3; i++) await reportPing(fixture, first);
    first.stop();
    // Re-imaged: a fresh data directory and a clock 10 minutes behind.
    const reimaged = await linkedBox(fixture, -TEN_MINUTES);
    expect(reimaged.buffer.epoch).not.toBe(first.buffer.epoch);
    expect(reimaged.welcomes.at(-1)?.committed ?? []).toEqual([]);
    const { seq, sentAt } = await reportPing(fixture, reimaged);
    expect(seq).toBe(1);
    const stored = await storedDelay(fixture, seq);
    expect(stored?.clock).toBeGreaterThanOrEqual(sentAt - CLOCK_TOLERANCE_MS);
    const rows = await t.ctx.db
      .selectFrom('device_metrics')
      .select('seq')
      .where('device_id', '=', fixture.posId)
      .where('item', '=', 'icmp.delay')
      .execute();
    expect(rows).toHaveLength(4);
    // Linking again from the same directory keeps the marks: nothing is stored twice.
    reimaged.stop();
    const again = new ClockedBox({
      server,
      key: fixture.boxKey,
      dataDir: dirs.at(-1) ?? '',
      skewMs: -TEN_MINUTES,
    });
    boxes.push(again);
    again.start();
    await vi.waitFor(() => expect(again.welcomes.length).toBe(1), WAIT);
    expect(again.welcomes[0]?.committed).toEqual([{ deviceId: String(fixture.posId), seq: 1 }]);
  });
});
