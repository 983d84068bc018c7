// Running info speaks the caller's language: the same device's items are named in Chinese when the
// console sends no language or zh-CN, and in English for en-US — from one stored reading.
import { MonitoringEndpoints, type RunningItem } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { reachabilityValue } from '../../engine/hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../../engine/hub/test-support/link-fixture.repository';
import { ingestValues } from '../../engine/ingest/ingest.service';
import { bearer, createTestApp, envelopeOf, type TestApp, withoutLanguage } from '../../testing/test-app';

let t: TestApp;
let fixture: LinkFixture;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  token = await t.signIn('admin');
  const box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' as const };
  const at = Date.now() - 1_000;
  await ingestValues(t.parts, box, [
    reachabilityValue({ deviceId: fixture.posId, seq: at * 1000, at, delayMs: 12 }),
  ]);
});
afterAll(() => t.close());

/** The POS's running items as a console set to `language` reads them (no header: none sent). */
async function runningItems(language?: string): Promise<Map<string, RunningItem>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${MonitoringEndpoints.getRunninginfo.path}?deviceId=${fixture.posId}`,
    headers: { ...withoutLanguage(bearer(token)), ...(language ? { 'accept-language': language } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(envelopeOf<RunningItem[]>(res).data.map((item) => [item.itemid, item]));
}

describe('running info names', () => {
  it('are Chinese by default and for zh-CN', async () => {
    for (const items of [await runningItems(), await runningItems('zh-CN,zh;q=0.9')]) {
      expect(items.get('icmp.delay')).toMatchObject({
        name: '网络延迟',
        description: '门店盒子测得的 ICMP 平均往返时间',
        value: '12',
        units: 'ms',
      });
      expect(items.get('icmp.loss')).toMatchObject({ name: '丢包率', value: '0', units: '%' });
      expect(items.get('online')).toMatchObject({ name: '在线状态', value: '1' });
    }
  });

  it('are English for en-US, with the same values', async () => {
    const zh = await runningItems();
    const en = await runningItems('en-US,en;q=0.9');
    expect(en.get('icmp.delay')).toMatchObject({
      name: 'Delay',
      description: 'Average ICMP round trip from the store box',
      value: '12',
      units: 'ms',
    });
    expect(en.get('icmp.loss')).toMatchObject({ name: 'Packet loss' });
    expect(en.get('online')).toMatchObject({ name: 'Online' });
    // Only the words change: the same items with the same values and times, every one named anew.
    const reading = ({ name: _name, description: _description, ...rest }: RunningItem) => rest;
    expect([...en.values()].map(reading)).toEqual([...zh.values()].map(reading));
    expect([...en.values()].filter((item) => item.name === zh.get(item.itemid)?.name)).toEqual([]);
  });
});
