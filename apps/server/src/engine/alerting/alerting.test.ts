// Alert evaluation on a real database: values through ingest and transitions through the offline sweep
// open and recover records in the transaction that stores them; rule writes reach the rules cache.
import { AlertEndpoints } from '@storefleet/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertRuleOverrides, buildSlowPosRule } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { reachabilityValue } from '../hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../hub/test-support/link-fixture.repository';
import { ingestValues, type Reporter } from '../ingest/ingest.service';
import { SWEEP_CHUNK } from '../jobs/offline-sweep';

let t: TestApp;
let admin: string;
let fixture: LinkFixture;
let box: Reporter;
let seq = Date.now() * 1000;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.signIn('admin');
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' };
  // The fixture POS is a ping device (connect type 4, product 4); give it a category rules can name.
  await t.ctx.db
    .updateTable('devices')
    .set({ device_category: 'terminal', device_class: 'pos' })
    .where('id', '=', fixture.posId)
    .execute();
});
afterAll(() => t.close());

const reach = (deviceId: number, at: number, delayMs: number, online = true) =>
  reachabilityValue({ deviceId, seq: ++seq, at, delayMs, online });

const addRule = (overrides: AlertRuleOverrides = {}) => buildSlowPosRule(t, admin, overrides);

const setStatus = (id: number, status: 0 | 1) =>
  t.call(AlertEndpoints.updateAlertRuleStatus, { params: { id }, query: { status } }, admin);

const recordsOf = (ruleId: number) =>
  t.ctx.db.selectFrom('alert_records').selectAll().where('rule_id', '=', ruleId).orderBy('id').execute();

describe('evaluation in ingest', () => {
  it('opens one record when a value crosses the threshold, keeps it, and recovers it at the value under it', async () => {
    const rule = await addRule();
    const now = Date.now();
    await ingestValues(t.parts, box, [reach(fixture.posId, now - 3_000, 20)]);
    expect(await recordsOf(rule.id)).toEqual([]);
    await ingestValues(t.parts, box, [
      reach(fixture.posId, now - 2_500, 90),
      reach(fixture.posId, now - 2_000, 150),
    ]);
    expect(await recordsOf(rule.id)).toEqual([
      expect.objectContaining({
        device_id: fixture.posId,
        shop_id: fixture.shopId,
        company_id: fixture.companyId,
        name: 'Slow POS',
        severity: 3,
        item: 'icmp.delay',
        trigger_value: 100,
        value: 150,
        alert_time: now - 2_000,
        recovery_time: null,
        status: 0,
      }),
    ]);
    await ingestValues(t.parts, box, [reach(fixture.posId, now - 1_500, 180)]);
    expect(await recordsOf(rule.id)).toHaveLength(1);
    await ingestValues(t.parts, box, [reach(fixture.posId, now - 1_000, 12)]);
    expect(await recordsOf(rule.id)).toEqual([
      expect.objectContaining({ status: 1, recovery_time: now - 1_000, alert_time: now - 2_000 }),
    ]);
    await setStatus(rule.id, 0);
  });

  it('hands out the records a batch opened and recovered once it committed', async () => {
    const rule = await addRule({ alertName: 'Reported POS', triggerValue: 40 });
    const now = Date.now();
    const fired = await ingestValues(t.parts, box, [reach(fixture.posId, now, 400)]);
    const [record] = await recordsOf(rule.id);
    expect(record).toMatchObject({ status: 0 });
    const where = { deviceId: fixture.posId, shopId: fixture.shopId, companyId: fixture.companyId };
    expect(fired.alertsOpened).toEqual([
      {
        recordId: record?.id,
        ruleId: rule.id,
        name: 'Reported POS',
        severity: 3,
        item: 'icmp.delay',
        value: 400,
        at: now,
        suppressedBy: null,
        ...where,
      },
    ]);
    expect(fired.alertsRecovered).toEqual([]);
    const calmed = await ingestValues(t.parts, box, [reach(fixture.posId, now + 1, 5)]);
    expect(calmed.alertsOpened).toEqual([]);
    expect(calmed.alertsRecovered).toEqual([
      { recordId: record?.id, ruleId: rule.id, item: 'icmp.delay', at: now + 1, ...where },
    ]);
    expect(await recordsOf(rule.id)).toEqual([
      expect.objectContaining({ status: 1, recovery_time: now + 1 }),
    ]);
    await setStatus(rule.id, 0);
  });

  it('does not fire a disabled rule, and fires it again once enabled (the rules cache follows the writes)', async () => {
    const rule = await addRule({ alertName: 'Disabled POS rule', triggerValue: 50 });
    await setStatus(rule.id, 0);
    const now = Date.now();
    await ingestValues(t.parts, box, [reach(fixture.posId, now, 300)]);
    expect(await recordsOf(rule.id)).toEqual([]);
    await setStatus(rule.id, 1);
    await ingestValues(t.parts, box, [reach(fixture.posId, now + 1, 300)]);
    expect(await recordsOf(rule.id)).toEqual([expect.objectContaining({ status: 0, value: 300 })]);
    // Disabling recovers the open record: a disabled rule leaves nothing open.
    await setStatus(rule.id, 0);
    expect(await recordsOf(rule.id)).toEqual([expect.objectContaining({ status: 1 })]);
  });

  it('commits records with the values, or neither', async () => {
    const rule = await addRule({ alertName: 'Atomic', triggerValue: 10 });
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('device_metrics')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('device_id', '=', fixture.posId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await sql`alter table alert_records rename to alert_records_away`.execute(t.ctx.db);
    try {
      await expect(ingestValues(t.parts, box, [reach(fixture.posId, Date.now(), 500)])).rejects.toThrow();
    } finally {
      await sql`alter table alert_records_away rename to alert_records`.execute(t.ctx.db);
    }
    expect(await count()).toBe(before);
    await ingestValues(t.parts, box, [reach(fixture.posId, Date.now(), 500)]);
    expect(await count()).toBeGreaterThan(before);
    expect(await recordsOf(rule.id)).toHaveLength(1);
    await setStatus(rule.id, 0);
  });
});

describe('the online trigger', () => {
  it('fires when the offline sweep marks the device offline and recovers when it comes back', async () => {
    const rule = await addRule({
      alertName: 'POS offline',
      alertLevel: 4,
      triggerType: 1,
      triggerOperator: 'EQ',
      triggerValue: 0,
    });
    // Later than anything the tests above reported, so this is the device's newest sign of life.
    const now = Date.now() + 3_600_000;
    await ingestValues(t.parts, box, [reach(fixture.posId, now - 10 * 60_000, 2)]);
    const swept = await t.ctx.jobs.sweepOffline(now);
    expect(swept.statusChanges).toContainEqual(
      expect.objectContaining({ deviceId: fixture.posId, onlineStatus: 0, at: now }),
    );
    const opened = await recordsOf(rule.id);
    expect(opened).toEqual([
      expect.objectContaining({ status: 0, value: 0, alert_time: now, item: 'online', severity: 4 }),
    ]);
    expect(swept.alertsOpened).toContainEqual(
      expect.objectContaining({ recordId: opened[0]?.id, ruleId: rule.id, deviceId: fixture.posId, at: now }),
    );
    // A value the box buffered before the outage is history: no status change, no recovery.
    await ingestValues(t.parts, box, [reach(fixture.posId, now - 60_000, 2)]);
    expect(await recordsOf(rule.id)).toEqual([expect.objectContaining({ status: 0 })]);
    await ingestValues(t.parts, box, [reach(fixture.posId, now + 5_000, 2)]);
    expect(await recordsOf(rule.id)).toEqual([
      expect.objectContaining({ status: 1, recovery_time: now + 5_000 }),
    ]);
    // Offline by a probe result this time.
    await ingestValues(t.parts, box, [reach(fixture.posId, now + 10_000, 0, false)]);
    const records = await recordsOf(rule.id);
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ status: 0, alert_time: now + 10_000 });
    await setStatus(rule.id, 0);
  });

  it('sweeps more devices than one transaction takes, marking each once with its alert', async () => {
    const rule = await addRule({
      alertName: 'Crowd offline',
      triggerType: 1,
      triggerOperator: 'EQ',
      triggerValue: 0,
      deviceCategory: 'print',
      productType: 5,
    });
    const now = Date.now();
    const count = SWEEP_CHUNK + 20;
    const rows = Array.from({ length: count }, (_, i) => ({
      company_id: fixture.companyId,
      shop_id: fixture.shopId,
      product_id: 5,
      hostid: `crowd-${i}`,
      device_name: `Crowd printer ${i}`,
      connect_type: 4,
      device_category: 'print',
      online_status: 1,
      device_online_time: now - 3_600_000,
      last_seen_at: now - 3_600_000,
      created_at: now,
      updated_at: now,
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await t.ctx.db
        .insertInto('devices')
        .values(rows.slice(i, i + 200))
        .returning('id')
        .execute();
      ids.push(...inserted.map((r) => r.id));
    }
    expect((await t.ctx.jobs.sweepOffline(now)).statusChanges.length).toBeGreaterThanOrEqual(count);
    const events = await t.ctx.db
      .selectFrom('device_online_events')
      .select(['device_id', 'status', 'cause'])
      .where('device_id', 'in', ids)
      .execute();
    expect(events).toHaveLength(count);
    expect(events.every((e) => e.status === 0 && e.cause === 'sweep')).toBe(true);
    const offline = await t.ctx.db
      .selectFrom('devices')
      .select('id')
      .where('id', 'in', ids)
      .where('online_status', '=', 0)
      .where('latest_offline_time', '=', now)
      .execute();
    expect(offline).toHaveLength(count);
    const records = await recordsOf(rule.id);
    expect(records).toHaveLength(count);
    expect(new Set(records.map((r) => r.device_id))).toEqual(new Set(ids));
    expect((await t.ctx.jobs.sweepOffline(now + 60_000)).statusChanges).toEqual([]);
    expect(await recordsOf(rule.id)).toHaveLength(count);
  });
});
