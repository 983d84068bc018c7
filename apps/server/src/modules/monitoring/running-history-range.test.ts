// The running-info chart's time ranges (issue 10): getRunninginfos with `range` answers the item's
// history over the last hour, day or week, averaged per step, from values written by the real ingest.
import { type AgentValue, type HistoryPoint, MonitoringEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertLinkFixture, type LinkFixture } from '../../engine/hub/test-support/link-fixture.repository';
import { ingestValues } from '../../engine/ingest/ingest.service';
import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let fixture: LinkFixture;
let token: string;
let seq = Date.now() * 1000;

/** Delays measured at these ages (ms before now); distinct values so each point can be told apart. */
const SAMPLES: Array<[age: number, delayMs: number]> = [
  [10 * DAY, 900],
  [3 * DAY, 300],
  [5 * HOUR, 50],
  [40 * MINUTE, 40],
  [10 * MINUTE, 10],
];

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  token = await t.signIn('admin');
  const now = Date.now();
  const values: AgentValue[] = SAMPLES.map(([age, delayMs]) => ({
    kind: 'reachability',
    deviceId: String(fixture.posId),
    seq: ++seq,
    at: now - age,
    online: true,
    delayMs,
    jitterMs: null,
    lossRate: 0,
  }));
  await ingestValues(t.parts, { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' }, values);
});
afterAll(() => t.close());

const history = async (range: string) => {
  const res = await t.send(
    MonitoringEndpoints.getRunninginfos,
    { query: { deviceId: fixture.posId, itemid: 'icmp.delay', value_type: 0, range } },
    token,
  );
  return { status: res.statusCode, body: envelopeOf<HistoryPoint[]>(res) };
};

describe('running history over a time range', () => {
  it('charts only the values of the last hour for "hour"', async () => {
    const { status, body } = await history('hour');
    expect(status).toBe(200);
    expect(body.data.map((p) => p.value)).toEqual(['40', '10']);
  });

  it('reaches back a day for "day" and a week for "week", oldest first, never past the range', async () => {
    expect((await history('day')).body.data.map((p) => p.value)).toEqual(['50', '40', '10']);
    const week = (await history('week')).body.data;
    expect(week.map((p) => Number(p.value))).not.toContain(900);
    expect(week[0]?.value).toBe('300');
    expect(week.map((p) => p.clock)).toEqual([...week.map((p) => p.clock)].sort());
  });

  it('averages the values inside one step of the range', async () => {
    // On the week chart a step is an hour: two values 1 s apart in the same hour give one point.
    const at = Math.floor((Date.now() - 2 * DAY) / HOUR) * HOUR + MINUTE;
    await ingestValues(t.parts, { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' }, [
      {
        kind: 'reachability',
        deviceId: String(fixture.posId),
        seq: ++seq,
        at,
        online: true,
        delayMs: 20,
        jitterMs: null,
        lossRate: 0,
      },
      {
        kind: 'reachability',
        deviceId: String(fixture.posId),
        seq: ++seq,
        at: at + 1000,
        online: true,
        delayMs: 30,
        jitterMs: null,
        lossRate: 0,
      },
    ]);
    const week = (await history('week')).body.data;
    // (The values of 40 and 10 min ago may share the current hour, so only the older points are fixed.)
    expect(week.slice(0, 3).map((p) => p.value)).toEqual(['300', '25', '50']);
  });

  it('refuses a range it does not offer, naming the field', async () => {
    const { status, body } = await history('month');
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('range');
  });
});
