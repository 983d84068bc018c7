// Rules an operator would write (issue 11) on a real database, through ingest and the offline sweep:
// several product types or all, store and region scope, hold times that pass with no value arriving,
// hysteresis, no loss alert while offline. The fixture company's demo rules are disabled so only the
// rules of each test fire.
import { AlertEndpoints, type AlertRule } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AlertRuleOverrides, buildAlertRule } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { reachabilityValue } from '../hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../hub/test-support/link-fixture.repository';
import { ingestValues, type Reporter } from '../ingest/ingest.service';

let t: TestApp;
let admin: string;
let fixture: LinkFixture;
let box: Reporter;
let seq = Date.now() * 1000;
/** The fixture store's region, province and city (level_configs ids). */
let levels: { area: number; province: number; city: number };
let otherStore: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.signIn('admin');
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' };
  await t.ctx.db
    .updateTable('alert_rules')
    .set({ status: 0 })
    .where('company_id', '=', fixture.companyId)
    .execute();
  t.ctx.engine.rulesCache.invalidate(fixture.companyId);
  const store = await t.ctx.db
    .selectFrom('stores')
    .select(['area_level', 'province_level', 'city_level'])
    .where('id', '=', fixture.shopId)
    .executeTakeFirstOrThrow();
  levels = {
    area: Number(store.area_level),
    province: Number(store.province_level),
    city: Number(store.city_level),
  };
  const other = await t.ctx.db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', fixture.companyId)
    .where('id', '<>', fixture.shopId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  otherStore = other.id;
});
afterAll(() => t.close());

const reach = (deviceId: number, at: number, delayMs: number, online = true) =>
  reachabilityValue({ deviceId, seq: ++seq, at, delayMs, online });

const addRule = (body: AlertRuleOverrides) => buildAlertRule(t, admin, body);

async function disable(...rules: AlertRule[]): Promise<void> {
  for (const rule of rules)
    await t.call(
      AlertEndpoints.updateAlertRuleStatus,
      { params: { id: rule.id }, query: { status: 0 } },
      admin,
    );
}

const recordsOf = (ruleId: number) =>
  t.ctx.db.selectFrom('alert_records').selectAll().where('rule_id', '=', ruleId).orderBy('id').execute();

describe('which devices a rule covers', () => {
  it('fires a rule naming several product types for each of them, and one naming none for every device', async () => {
    const several = await addRule({ alertName: 'Router or POS', productTypes: [2, 4] });
    const others = await addRule({ alertName: 'Router or PC', productTypes: [2, 6] });
    const all = await addRule({ alertName: 'Every device', productTypes: [] });
    const spec = await addRule({ alertName: 'Spec productType', productType: 4 });
    expect(several).toMatchObject({
      productTypes: [2, 4],
      productType: null,
      productTypeName: 'Router, POS',
    });
    expect(all).toMatchObject({ productTypes: [], productTypeName: 'All', connectType: null });
    expect(spec).toMatchObject({ productTypes: [4], productType: 4 });
    await ingestValues(t.parts, box, [reach(fixture.posId, Date.now(), 300)]);
    expect(await recordsOf(several.id)).toHaveLength(1);
    expect(await recordsOf(others.id)).toEqual([]);
    expect(await recordsOf(all.id)).toEqual([
      expect.objectContaining({ device_id: fixture.posId, value: 300 }),
    ]);
    expect(await recordsOf(spec.id)).toHaveLength(1);
    await disable(several, others, all, spec);
  });

  it('fires a rule scoped to the device’s store or a region above it, not one scoped elsewhere', async () => {
    const here = await addRule({ alertName: 'This store', shopIds: [fixture.shopId] });
    const elsewhere = await addRule({ alertName: 'Another store', shopIds: [otherStore] });
    const region = await addRule({ alertName: 'Its region', areaIds: [levels.area] });
    const city = await addRule({ alertName: 'Its city', areaIds: [levels.city] });
    await ingestValues(t.parts, box, [reach(fixture.posId, Date.now() + 1_000, 300)]);
    expect(await recordsOf(here.id)).toHaveLength(1);
    expect(await recordsOf(elsewhere.id)).toEqual([]);
    expect(await recordsOf(region.id)).toHaveLength(1);
    expect(await recordsOf(city.id)).toHaveLength(1);
    await disable(here, elsewhere, region, city);
  });
});

describe('hysteresis', () => {
  it('opens above the trigger value and recovers only below the recovery value, without flapping', async () => {
    const rule = await addRule({
      alertName: 'Delay with hysteresis',
      recoveryValue: 80,
      shopIds: [fixture.shopId],
    });
    let at = Date.now() + 10_000;
    for (const delay of [120, 95, 110, 85, 101, 81]) {
      at += 1_000;
      await ingestValues(t.parts, box, [reach(fixture.posId, at, delay)]);
    }
    expect(await recordsOf(rule.id)).toEqual([expect.objectContaining({ status: 0, value: 120 })]);
    await ingestValues(t.parts, box, [reach(fixture.posId, at + 1_000, 79)]);
    expect(await recordsOf(rule.id)).toEqual([
      expect.objectContaining({ status: 1, recovery_time: at + 1_000 }),
    ]);
    await disable(rule);
  });
});

describe('while the device is offline', () => {
  it('raises the offline alert, not a loss alert beside it', async () => {
    const offline = await addRule({
      alertName: 'POS offline',
      triggerType: 1,
      triggerOperator: 'EQ',
      triggerValue: 0,
      productTypes: [4],
    });
    const loss = await addRule({ alertName: 'Loss', triggerType: 3, triggerValue: 50, productTypes: [4] });
    const at = Date.now() + 20_000;
    await ingestValues(t.parts, box, [reach(fixture.posId, at, 0, false)]);
    expect(await recordsOf(offline.id)).toEqual([expect.objectContaining({ status: 0, value: 0 })]);
    expect(await recordsOf(loss.id)).toEqual([]);
    await ingestValues(t.parts, box, [reach(fixture.posId, at + 1_000, 0, false)]);
    expect(await recordsOf(loss.id)).toEqual([]);
    await ingestValues(t.parts, box, [reach(fixture.posId, at + 2_000, 5)]);
    expect(await recordsOf(offline.id)).toEqual([expect.objectContaining({ status: 1 })]);
    await disable(offline, loss);
  });
});

describe('hold time', () => {
  it('opens "offline for 3 minutes" once the hold passed with no value arriving, not before', async () => {
    const rule = await addRule({
      alertName: 'Offline for 3 minutes',
      triggerType: 1,
      triggerOperator: 'EQ',
      triggerValue: 0,
      productTypes: [4],
      shopIds: [fixture.shopId],
      holdSeconds: 180,
    });
    expect(rule.holdSeconds).toBe(180);
    // Far later than the tests above: the POS's last sign of life is long past its threshold.
    const now = Date.now() + 3_600_000;
    await ingestValues(t.parts, box, [reach(fixture.posId, now - 10 * 60_000, 2)]);
    await t.ctx.jobs.sweepOffline(now);
    expect(await recordsOf(rule.id)).toEqual([]);
    await t.ctx.jobs.sweepOffline(now + 170_000);
    expect(await recordsOf(rule.id)).toEqual([]);
    const swept = await t.ctx.jobs.sweepOffline(now + 181_000);
    const records = await recordsOf(rule.id);
    expect(records).toEqual([expect.objectContaining({ status: 0, value: 0, alert_time: now + 180_000 })]);
    expect(swept.alertsOpened).toContainEqual(expect.objectContaining({ recordId: records[0]?.id }));
    await disable(rule);
  });

  it('does not open when the condition ends before the hold passes', async () => {
    const rule = await addRule({
      alertName: 'Slow for a minute',
      holdSeconds: 60,
      shopIds: [fixture.shopId],
    });
    const now = Date.now() + 2 * 3_600_000;
    await ingestValues(t.parts, box, [reach(fixture.posId, now, 300)]);
    await ingestValues(t.parts, box, [reach(fixture.posId, now + 30_000, 20)]);
    await ingestValues(t.parts, box, [reach(fixture.posId, now + 50_000, 300)]);
    // The second hold started at +50 s: due at +110 s, so a sweep at +100 s opens nothing …
    await ingestValues(t.parts, box, [reach(fixture.posId, now + 99_000, 300)]);
    expect(await recordsOf(rule.id)).toEqual([]);
    // … and a value after it opens the record at the hold's end.
    await ingestValues(t.parts, box, [reach(fixture.posId, now + 111_000, 280)]);
    expect(await recordsOf(rule.id)).toEqual([
      expect.objectContaining({ status: 0, alert_time: now + 110_000, value: 280 }),
    ]);
    await disable(rule);
  });
});
