// The periodic jobs on real data written through ingest: offline sweep, hourly roll-up, retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { reachabilityValue } from '../hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../hub/test-support/link-fixture.repository';
import { ingestValues, type Reporter } from '../ingest/ingest.service';
import { applyHistoryRetention } from './history-retention';
import { rollUpHistory } from './history-rollup';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let fixture: LinkFixture;
let box: Reporter;
let seq = Date.now() * 1000;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' };
});
afterAll(() => t.close());

const reach = (deviceId: number, at: number, delayMs: number, online = true) =>
  reachabilityValue({ deviceId, seq: ++seq, at, delayMs, online });

const eventsOf = (deviceId: number) =>
  t.ctx.db
    .selectFrom('device_online_events')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .execute();

describe('monitoring jobs', () => {
  it('marks a device silent past the offline threshold offline, with one transition', async () => {
    const now = Date.now();
    await ingestValues(t.parts, box, [reach(fixture.posId, now - 10 * 60_000, 2)]);
    expect(await eventsOf(fixture.posId)).toMatchObject([{ status: 1, cause: 'value' }]);
    const seen: number[] = [];
    const stop = t.ctx.engine.statusBus.subscribe((change) => seen.push(change.deviceId));
    const swept = await t.ctx.jobs.sweepOffline(now);
    expect(swept.statusChanges).toContainEqual(
      expect.objectContaining({ deviceId: fixture.posId, onlineStatus: 0, at: now }),
    );
    expect((await t.ctx.jobs.sweepOffline(now + 60_000)).statusChanges).toEqual([]);
    stop();
    expect(seen).toContain(fixture.posId);
    const device = await t.ctx.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', fixture.posId)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({ online_status: 0, latest_offline_time: now });
    expect((await eventsOf(fixture.posId)).map((e) => [e.status, e.cause])).toEqual([
      [1, 'value'],
      [0, 'sweep'],
    ]);
  });

  it('leaves a device that reported within the threshold online', async () => {
    const now = Date.now();
    await ingestValues(t.parts, box, [reach(fixture.switchId, now - 60_000, 1)]);
    // The switch is SNMP: reachability does not decide its status, so it never came online.
    await ingestValues(t.parts, box, [
      {
        kind: 'snmp',
        deviceId: String(fixture.switchId),
        seq: ++seq,
        at: now - 30_000,
        online: true,
        error: null,
        sysUpTimeSeconds: 100,
        sysName: 'sw',
        sysDescr: 'switch',
        cpuLoad: 5,
        memoryUsedBytes: 1,
        memoryTotalBytes: 2,
        disks: [],
        interfaces: [],
      },
    ]);
    await t.ctx.jobs.sweepOffline(now);
    const device = await t.ctx.db
      .selectFrom('devices')
      .select('online_status')
      .where('id', '=', fixture.switchId)
      .executeTakeFirstOrThrow();
    expect(device.online_status).toBe(1);
  });

  it('rolls raw history up to hourly min, avg and max', async () => {
    const hour = Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR;
    await ingestValues(t.parts, box, [
      // Another device's sample in the same hour stays out of the POS roll-up.
      reach(fixture.switchId, hour + 1_000, 99),
      reach(fixture.posId, hour + 60_000, 10),
      reach(fixture.posId, hour + 120_000, 20),
      reach(fixture.posId, hour + 180_000, 60),
      reach(fixture.posId, hour + HOUR + 1_000, 5),
    ]);
    await rollUpHistory(t.ctx.db, Date.now());
    const rows = await t.ctx.db
      .selectFrom('device_metric_hourly')
      .selectAll()
      .where('device_id', '=', fixture.posId)
      .where('item', '=', 'icmp.delay')
      .orderBy('hour')
      .execute();
    expect(rows.find((r) => r.hour === hour)).toMatchObject({
      min_value: 10,
      avg_value: 30,
      max_value: 60,
      samples: 3,
    });
    expect(rows.find((r) => r.hour === hour + HOUR)).toMatchObject({
      min_value: 5,
      max_value: 5,
      samples: 1,
    });
    // Running it again changes nothing (idempotent).
    await rollUpHistory(t.ctx.db, Date.now());
    const again = await t.ctx.db
      .selectFrom('device_metric_hourly')
      .select('samples')
      .where('device_id', '=', fixture.posId)
      .where('item', '=', 'icmp.delay')
      .where('hour', '=', hour)
      .executeTakeFirstOrThrow();
    expect(again.samples).toBe(3);
  });

  it('deletes raw history past the company’s retention period (default 90 days) and keeps recent rows', async () => {
    const now = Date.now();
    await ingestValues(t.parts, box, [
      reach(fixture.posId, now - 100 * DAY, 7),
      reach(fixture.posId, now - DAY, 8),
    ]);
    const removed = await applyHistoryRetention(t.ctx.database, now, t.ctx.jobs.settings);
    expect(removed.metrics).toBeGreaterThan(0);
    const left = await t.ctx.db
      .selectFrom('device_metrics')
      .select('clock')
      .where('device_id', '=', fixture.posId)
      .where('clock', '<', now - 90 * DAY)
      .execute();
    expect(left).toEqual([]);
    const recent = await t.ctx.db
      .selectFrom('device_metrics')
      .select('id')
      .where('device_id', '=', fixture.posId)
      .where('clock', '=', now - DAY)
      .execute();
    expect(recent.length).toBeGreaterThan(0);
  });
});
