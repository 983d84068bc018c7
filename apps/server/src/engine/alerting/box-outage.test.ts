// Quiet where it should be (issue 11), on a real database through the offline sweep and ingest: when a
// store's box is offline, its devices' offline records are held under the box's one record (not
// notified); when the box is back, records of devices still down are released, those of devices that
// came back just recover.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildOfflineRule } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { reachabilityValue } from '../hub/test-support/agent-values';
import { ingestValues } from '../ingest/ingest.service';

let t: TestApp;
let admin: string;
let companyId: number;
let thresholdMs: number;
let seq = Date.now() * 1000;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.signIn('admin');
  const model = await t.ctx.db
    .selectFrom('stores')
    .selectAll()
    .where('company_id', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  companyId = model.company_id;
  // Only the rules of these tests fire.
  await t.ctx.db.updateTable('alert_rules').set({ status: 0 }).where('company_id', '=', companyId).execute();
  t.ctx.engine.rulesCache.invalidate(companyId);
  thresholdMs = (await t.ctx.jobs.settings(t.ctx.db, companyId)).offlineThresholdSeconds * 1000;
});
afterAll(() => t.close());

interface Outlet {
  shopId: number;
  boxId: number;
  posA: number;
  posB: number;
}

/** A store of its own with a box and two POS probed through it, all online, last heard of at the given times. */
async function outlet(seen: { box: number; devices: number }): Promise<Outlet> {
  const now = Date.now();
  const store = await t.ctx.db
    .insertInto('stores')
    .values({
      company_id: companyId,
      store_no: `OUT-${++seq}`,
      store_name: 'Outage store',
      status: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device = async (row: {
    product_id: number;
    connect_type: number;
    parent_device_id: number | null;
    last_seen_at: number;
  }) =>
    (
      await t.ctx.db
        .insertInto('devices')
        .values({
          company_id: companyId,
          shop_id: store.id,
          hostid: `out-${++seq}`,
          device_name: `device ${seq}`,
          online_status: 1,
          device_online_time: row.last_seen_at - 60_000,
          monitored: 1,
          created_at: now,
          updated_at: now,
          ...row,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const boxId = await device({
    product_id: 1,
    connect_type: 1,
    parent_device_id: null,
    last_seen_at: seen.box,
  });
  const pos = { product_id: 4, connect_type: 4, parent_device_id: boxId, last_seen_at: seen.devices };
  return { shopId: store.id, boxId, posA: await device(pos), posB: await device(pos) };
}

const offlineRule = (shopId: number) => buildOfflineRule(t, admin, { shopIds: [shopId] });

const recordOf = async (ruleId: number, deviceId: number) =>
  t.ctx.db
    .selectFrom('alert_records')
    .selectAll()
    .where('rule_id', '=', ruleId)
    .where('device_id', '=', deviceId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

const reach = (deviceId: number, at: number, online = true) =>
  reachabilityValue({ deviceId, seq: ++seq, at, delayMs: 2, online });

describe('a box outage', () => {
  it('raises one notifiable record (the box’s), holds the devices’ under it, and sorts them out when the box is back', async () => {
    const now = Date.now() + 3_600_000;
    const o = await outlet({ box: now - 10 * 60_000, devices: now - 10 * 60_000 });
    const rule = await offlineRule(o.shopId);
    const swept = await t.ctx.jobs.sweepOffline(now);
    const boxRecord = await recordOf(rule.id, o.boxId);
    expect(boxRecord).toMatchObject({ status: 0, suppressed_by: null });
    expect(await recordOf(rule.id, o.posA)).toMatchObject({ status: 0, suppressed_by: boxRecord.id });
    expect(await recordOf(rule.id, o.posB)).toMatchObject({ status: 0, suppressed_by: boxRecord.id });
    const notifiable = swept.alertsOpened.filter((a) => a.shopId === o.shopId && !a.suppressedBy);
    expect(notifiable.map((a) => a.deviceId)).toEqual([o.boxId]);

    // The box is back and reports itself and POS A; POS B stays down.
    const back = now + 5 * 60_000;
    await ingestValues(t.parts, { deviceId: o.boxId, shopId: o.shopId, mode: 'box' }, [
      reach(o.boxId, back),
      reach(o.posA, back),
    ]);
    expect(await recordOf(rule.id, o.boxId)).toMatchObject({ status: 1, recovery_time: back });
    expect(await recordOf(rule.id, o.posA)).toMatchObject({ status: 1, suppressed_by: boxRecord.id });
    // Before the box has had the offline threshold to report B, B stays held …
    await t.ctx.jobs.sweepOffline(back + thresholdMs - 1_000);
    expect(await recordOf(rule.id, o.posB)).toMatchObject({ status: 0, suppressed_by: boxRecord.id });
    // … after it, B is released to stand (and be notified) on its own.
    const later = back + thresholdMs + 1_000;
    await ingestValues(t.parts, { deviceId: o.boxId, shopId: o.shopId, mode: 'box' }, [
      reach(o.boxId, later - 500),
      reach(o.posA, later - 500),
    ]);
    await t.ctx.jobs.sweepOffline(later);
    expect(await recordOf(rule.id, o.posB)).toMatchObject({ status: 0, suppressed_by: null });
    expect(await recordOf(rule.id, o.posA)).toMatchObject({ status: 1 });
  });

  it('holds a device record opened a sweep before its box’s, not one of a device down long before the box', async () => {
    const now = Date.now() + 2 * 3_600_000;
    // POS A and B went quiet 10 minutes ago; the box only just now (the sweep marks it later).
    const o = await outlet({ box: now - 5_000, devices: now - 10 * 60_000 });
    // POS B died long before: marked offline and alerted a whole threshold before the box went quiet.
    const rule = await offlineRule(o.shopId);
    await t.ctx.db
      .updateTable('devices')
      .set({ last_seen_at: now - 10 * 60_000 - 2 * thresholdMs })
      .where('id', '=', o.posB)
      .execute();
    await t.ctx.jobs.sweepOffline(now - 10 * 60_000 - thresholdMs + 1_000);
    await t.ctx.jobs.sweepOffline(now);
    expect(await recordOf(rule.id, o.posA)).toMatchObject({ status: 0, suppressed_by: null });
    // The box goes offline a sweep later: A's record goes under the box's, B's stays its own.
    await t.ctx.jobs.sweepOffline(now + 10 * 60_000);
    const boxRecord = await recordOf(rule.id, o.boxId);
    expect(boxRecord).toMatchObject({ status: 0, suppressed_by: null });
    expect(await recordOf(rule.id, o.posA)).toMatchObject({ suppressed_by: boxRecord.id });
    expect(await recordOf(rule.id, o.posB)).toMatchObject({ status: 0, suppressed_by: null });
  });
});
