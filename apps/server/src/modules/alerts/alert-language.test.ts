// Alert words follow the caller's language: what the server names (trigger, alert type, level) is
// Chinese by default and English for en-US, while an event's name is its rule's name — the company's
// own words, the same in either language.
import {
  AlertEndpoints,
  type AlertItem,
  type AlertRule,
  type DeviceAlertEvent,
  type DeviceAlertRule,
  type PagedResult,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { reachabilityValue } from '../../engine/hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../../engine/hub/test-support/link-fixture.repository';
import { ingestValues } from '../../engine/ingest/ingest.service';
import { bearer, createTestApp, envelopeOf, type TestApp, withoutLanguage } from '../../testing/test-app';

const RULE_NAME = '收银机延迟过高';
const EN = 'en-US,en;q=0.9';

let t: TestApp;
let fixture: LinkFixture;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  await t.ctx.db
    .updateTable('devices')
    .set({ device_category: 'terminal', device_class: 'pos' })
    .where('id', '=', fixture.posId)
    .execute();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

/** Calls `path` as the admin's console set to `language` (no header: none sent). */
async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  language?: string,
  payload?: object,
): Promise<T> {
  const res = await t.app.inject({
    method,
    url: path,
    headers: { ...withoutLanguage(bearer(admin)), ...(language ? { 'accept-language': language } : {}) },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<T>(res).data;
}

describe('alert words', () => {
  it("name an event by its rule in either language, and the rule's trigger in the caller's", async () => {
    const rule = await call<AlertRule>('POST', AlertEndpoints.addAlertRule.path, EN, {
      alertName: RULE_NAME,
      alertLevel: 3,
      alertType: 1,
      connectType: 4,
      productType: 4,
      triggerType: 2,
      triggerOperator: 'GT',
      triggerValue: 100,
      deviceCategory: 'terminal',
    });
    // The reply of an English console names what the server names in English.
    expect(rule).toMatchObject({
      alertName: RULE_NAME,
      alertLevelName: 'Average',
      alertTypeName: 'Warehouse network',
      productTypeName: 'POS',
      triggerTypeName: 'Network delay',
    });
    const at = Date.now() - 1_000;
    const box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' as const };
    await ingestValues(t.parts, box, [
      reachabilityValue({ deviceId: fixture.posId, seq: at * 1000, at, delayMs: 250 }),
    ]);

    const events = `${AlertEndpoints.listAlertsHistory.path}?deviceId=${fixture.posId}`;
    const zhEvents = await call<PagedResult<DeviceAlertEvent>>('GET', events);
    const enEvents = await call<PagedResult<DeviceAlertEvent>>('GET', events, EN);
    expect(zhEvents.list.map((e) => e.name)).toEqual([RULE_NAME]);
    expect(enEvents.list).toEqual(zhEvents.list);

    const rules = `${AlertEndpoints.listAlertsRule.path}?deviceId=${fixture.posId}`;
    const ours = (list: DeviceAlertRule[]) => list.filter((r) => r.ruleId === rule.id).map((r) => r.ruleDesc);
    expect(ours(await call<DeviceAlertRule[]>('GET', rules))).toEqual([`${RULE_NAME}: 网络延迟高于 100ms`]);
    expect(ours(await call<DeviceAlertRule[]>('GET', rules, 'zh-CN'))).toEqual([
      `${RULE_NAME}: 网络延迟高于 100ms`,
    ]);
    expect(ours(await call<DeviceAlertRule[]>('GET', rules, EN))).toEqual([
      `${RULE_NAME}: Network delay above 100 ms`,
    ]);

    const listed = `${AlertEndpoints.listAlertRules.path}?pageSize=1`;
    expect((await call<PagedResult<AlertRule>>('GET', listed)).list[0]).toMatchObject({
      id: rule.id,
      alertLevelName: '一般严重',
      alertTypeName: '仓库网络',
      triggerTypeName: '网络延迟',
    });
  });

  it("name the rule form's alert types and trigger items in the caller's language", async () => {
    const items = `${AlertEndpoints.getAlertItems.path}?alertTypeCode=1`;
    const named = (list: AlertItem[]) => list.find((item) => item.itemKey === 'icmp.loss')?.name;
    expect(named(await call<AlertItem[]>('GET', items))).toBe('丢包率');
    expect(named(await call<AlertItem[]>('GET', items, EN))).toBe('Packet loss');
    const types = AlertEndpoints.getAlertType.path;
    expect((await call<Array<{ name: string }>>('GET', types)).map((a) => a.name)).toEqual([
      '仓库网络',
      '仓库设备',
    ]);
    expect((await call<Array<{ name: string }>>('GET', types, EN)).map((a) => a.name)).toEqual([
      'Warehouse network',
      'Warehouse device',
    ]);
  });
});
