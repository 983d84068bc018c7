// A device's alert rules and events as the details page reads them, with values arriving through the
// real box hub from a raw protocol-v1 WebSocket peer: a value over a rule's threshold opens a record,
// a value back under recovers it; only matching enabled rules are listed; scope rules apply.
import type { AddressInfo } from 'node:net';

import {
  AGENT_LINK_PATH,
  type AgentValue,
  AlertEndpoints,
  type CallInput,
  type DeviceAlertRule,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPeer, helloFrame } from '../../engine/hub/test-support/agent-peer';
import { reachabilityValue } from '../../engine/hub/test-support/agent-values';

import { insertLinkFixture, type LinkFixture } from '../../engine/hub/test-support/link-fixture.repository';
import { formatDateTime } from '../../http/time';
import { type AlertRuleOverrides, buildSlowPosRule } from '../../testing/factories';
import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

let t: TestApp;
let url: string;
let fixture: LinkFixture;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${AGENT_LINK_PATH}`;
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  await t.ctx.db
    .updateTable('devices')
    .set({ device_category: 'terminal', device_class: 'pos' })
    .where('id', '=', fixture.posId)
    .execute();
  admin = await t.signIn('admin');
  const demo = await t.ctx.db
    .selectFrom('alert_rules')
    .select('id')
    .where('create_by', '=', 'system')
    .execute();
  demoRuleIds = new Set(demo.map((r) => r.id));
});
afterAll(() => t.close());

/** A box speaking protocol v1 over a raw WebSocket: hello, then results frames answered by acks. */
async function linkBox(key: string) {
  const peer = await AgentPeer.open(url);
  peer.send(helloFrame(key));
  await peer.next('welcome');
  let lastBatchId = 0;
  return {
    /** Sends one results frame and waits for its ack (sent after the values committed). */
    async report(values: AgentValue[]): Promise<void> {
      const batchId = ++lastBatchId;
      peer.send({ type: 'results', batchId, values });
      const ack = await peer.next('ack');
      expect(ack.batchId).toBe(batchId);
    },
    close(): void {
      peer.socket.close();
    },
  };
}

let seq = Date.now() * 1000;
const reach = (deviceId: number, at: number, delayMs: number) =>
  reachabilityValue({ deviceId, seq: ++seq, at, delayMs });

/** The Chinese console (no Accept-Language): the spec's rule texts. */
const zh = (token: string) => ({ token, language: null });
type RulesQuery = CallInput<typeof AlertEndpoints.listAlertsRule>['query'];
type HistoryQuery = CallInput<typeof AlertEndpoints.listAlertsHistory>['query'];
const rulesOf = (query: RulesQuery, token = admin) =>
  t.send(AlertEndpoints.listAlertsRule, { query }, zh(token));
const historyOf = (query: HistoryQuery, token = admin) =>
  t.send(AlertEndpoints.listAlertsHistory, { query }, zh(token));
const setStatus = (id: number, status: 0 | 1) =>
  t.send(AlertEndpoints.updateAlertRuleStatus, { params: { id }, query: { status } }, zh(admin));

/** The demo's rules (every company gets four): the tests below list the rules they add besides them. */
let demoRuleIds = new Set<number>();
const added = (list: DeviceAlertRule[]) => list.filter((r) => !demoRuleIds.has(r.ruleId));

/** The hostid a device carries (what listAlertsRule takes, spec §7). */
const hostidOf = async (deviceId: number) =>
  (await t.ctx.db.selectFrom('devices').select('hostid').where('id', '=', deviceId).executeTakeFirstOrThrow())
    .hostid;

const addRule = (overrides: AlertRuleOverrides) => buildSlowPosRule(t, zh(admin), overrides);

const history = (deviceId: number, page: { pageNum?: number; pageSize?: number } = {}) =>
  t.call(AlertEndpoints.listAlertsHistory, { query: { deviceId, ...page } }, zh(admin));

describe('alert events through the box hub', () => {
  it('opens a record when a value crosses the threshold and recovers it when a value is back under', async () => {
    const rule = await addRule({});
    const box = await linkBox(fixture.boxKey);
    const start = Date.now() - 60_000;
    await box.report([reach(fixture.posId, start, 12), reach(fixture.switchId, start, 500)]);
    expect((await history(fixture.posId)).list).toEqual([]);

    await box.report([reach(fixture.posId, start + 1_000, 250)]);
    const opened = await history(fixture.posId);
    expect(opened.total).toBe(1);
    expect(opened.list).toEqual([
      {
        eventid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        clock: formatDateTime(start + 1_000),
        name: 'Slow POS',
        severity: 3,
        status: 0,
        recoveryTime: null,
      },
    ]);

    await box.report([reach(fixture.posId, start + 2_000, 300)]);
    expect((await history(fixture.posId)).total).toBe(1);

    await box.report([reach(fixture.posId, start + 3_000, 8)]);
    const recovered = await history(fixture.posId);
    expect(recovered.list).toEqual([
      expect.objectContaining({
        eventid: opened.list[0]?.eventid,
        status: 1,
        recoveryTime: formatDateTime(start + 3_000),
      }),
    ]);

    // A second episode: newest first, paged.
    await box.report([reach(fixture.posId, start + 4_000, 400)]);
    const page = await history(fixture.posId, { pageNum: 1, pageSize: 1 });
    expect(page.total).toBe(2);
    expect(page.list).toEqual([expect.objectContaining({ clock: formatDateTime(start + 4_000), status: 0 })]);
    expect((await history(fixture.posId, { pageNum: 2, pageSize: 1 })).list[0]?.eventid).toBe(
      opened.list[0]?.eventid,
    );
    // The switch's slow answers match no rule (another product type and connect type).
    expect((await history(fixture.switchId)).list).toEqual([]);
    box.close();
    await setStatus(rule.id, 0);
  });
});

describe("a device's alert rules", () => {
  it('lists the enabled rules whose connect type, product type, category and class match the device', async () => {
    const anyClass = await addRule({ alertName: 'Any terminal', alertLevel: 2, triggerValue: 200 });
    const posClass = await addRule({ alertName: 'POS class', alertLevel: 5, deviceClass: 'pos' });
    await addRule({ alertName: 'PC class', deviceClass: 'pc' });
    await addRule({ alertName: 'Other product', productType: 6 });
    await addRule({ alertName: 'Other connect type', connectType: 3 });
    await addRule({ alertName: 'Other category', deviceCategory: 'mobile' });
    const disabled = await addRule({ alertName: 'Disabled' });
    expect((await setStatus(disabled.id, 0)).statusCode).toBe(200);

    const res = await rulesOf({ hostid: await hostidOf(fixture.posId) });
    expect(res.statusCode, res.body).toBe(200);
    const trigger = {
      triggerType: 2,
      triggerOperator: 'GT',
      unit: 'ms',
      holdSeconds: 0,
      recoveryValue: null,
    };
    expect(added(envelopeOf<DeviceAlertRule[]>(res).data)).toEqual([
      {
        ruleId: posClass.id,
        priority: 5,
        ruleDesc: 'POS class: 网络延迟高于 100ms',
        alertName: 'POS class',
        triggerValue: 100,
        ...trigger,
      },
      {
        ruleId: anyClass.id,
        priority: 2,
        ruleDesc: 'Any terminal: 网络延迟高于 200ms',
        alertName: 'Any terminal',
        triggerValue: 200,
        ...trigger,
      },
    ]);
  });

  it('lists nothing for a device without a category', async () => {
    const res = await rulesOf({ hostid: await hostidOf(fixture.switchId) });
    expect(added(envelopeOf<DeviceAlertRule[]>(res).data)).toEqual([]);
  });

  it('lists the demo rules for a demo device', async () => {
    const pos = await t.ctx.db
      .selectFrom('devices')
      .select('id')
      .where('company_id', '=', fixture.companyId)
      .where('device_class', '=', 'pos')
      .where('connect_type', '=', 5)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const rules = envelopeOf<DeviceAlertRule[]>(await rulesOf({ deviceId: pos.id })).data;
    // The demo's four rules, each naming its product types; Chinese names (demo-alert-rules.ts).
    expect(rules.map((r) => r.ruleDesc).sort()).toEqual([
      'CPU 负载过高: CPU 使用率高于 90% 持续 5 分钟，低于 80% 时恢复',
      '丢包率过高: 丢包率高于 50% 持续 1 分钟',
      '电量低: 电池电量低于 15%，高于 20% 时恢复',
      '设备离线: 离线持续 3 分钟',
    ]);
  });
});

describe('listAlertsRule names the device by its hostid', () => {
  it('reads a numeric hostid as a hostid, never as another device’s id', async () => {
    const slow = await addRule({ alertName: 'Hostid POS rule', alertLevel: 1, triggerValue: 321 });
    // The POS carries a hostid that is the id of another device (the fixture switch, no category).
    await t.ctx.db
      .updateTable('devices')
      .set({ hostid: String(fixture.switchId) })
      .where('id', '=', fixture.posId)
      .execute();
    const res = await rulesOf({ hostid: fixture.switchId });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelopeOf<DeviceAlertRule[]>(res).data.map((r) => r.ruleId)).toContain(slow.id);
    const byId = await rulesOf({ deviceId: fixture.switchId });
    expect(added(envelopeOf<DeviceAlertRule[]>(byId).data)).toEqual([]);
  });

  it('asks for deviceId when several devices in scope carry the hostid, and for a hostid when none is given', async () => {
    await t.ctx.db
      .updateTable('devices')
      .set({ hostid: 'shared-host' })
      .where('id', 'in', [fixture.posId, fixture.switchId])
      .execute();
    const twice = await rulesOf({ hostid: 'shared-host' });
    expect(twice.statusCode).toBe(400);
    expect(envelopeOf(twice).message).toContain('deviceId');
    const picked = await rulesOf({ hostid: 'shared-host', deviceId: fixture.posId });
    expect(picked.statusCode, picked.body).toBe(200);
    const missing = await rulesOf({});
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).message).toContain('hostid');
  });
});

describe('scope and permissions', () => {
  it('answers 404 for a device of another company, as for a missing one', async () => {
    for (const [path, ask] of [
      ['rules by foreign hostid', rulesOf({ hostid: await hostidOf(fixture.foreignId) })],
      ['history of a foreign device', historyOf({ deviceId: fixture.foreignId })],
      ['rules by unknown hostid', rulesOf({ hostid: 'no-such-host' })],
      ['rules of an unknown id', rulesOf({ deviceId: 99999999 })],
      ['history of an unknown id', historyOf({ deviceId: 99999999 })],
    ] as const) {
      const res = await ask;
      expect(res.statusCode, path).toBe(404);
      expect(envelopeOf(res).message).toBe('设备不存在');
    }
  });

  it('answers 404 to the East China operator for a device outside its region', async () => {
    const operator = await t.signIn('operator');
    /** The first device (by id) of a store in the region called `regionName`. */
    const firstDeviceIn = (regionName: string) =>
      t.ctx.db
        .selectFrom('devices')
        .innerJoin('stores', 'stores.id', 'devices.shop_id')
        .innerJoin('level_configs', 'level_configs.id', 'stores.area_level')
        .select('devices.id')
        .where('level_configs.name', '=', regionName)
        .orderBy('devices.id')
        .executeTakeFirstOrThrow();
    const north = await firstDeviceIn('华北大区');
    expect((await rulesOf({ deviceId: north.id }, operator)).statusCode).toBe(404);
    expect((await historyOf({ deviceId: north.id }, operator)).statusCode).toBe(404);
    const east = await firstDeviceIn('华东大区');
    expect((await rulesOf({ deviceId: east.id }, operator)).statusCode).toBe(200);
    expect((await historyOf({ deviceId: east.id }, operator)).statusCode).toBe(200);
  });

  it('refuses users without the monitored-devices page, and asks for a device id', async () => {
    const platform = await t.signIn('platform');
    expect((await rulesOf({ hostid: fixture.posId }, platform)).statusCode).toBe(403);
    expect((await historyOf({ deviceId: fixture.posId }, platform)).statusCode).toBe(403);
    const missing = await historyOf({});
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).message).toContain('deviceId');
  });
});
