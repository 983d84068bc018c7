// Disabling or deleting a rule recovers its open records, and the recoveries reach the
// live-updates streams (the alert overview and the header badge listen there) like ingest's do, inside
// each stream's scope; the badge count drops with them.
import type { AddressInfo } from 'node:net';

import {
  type AlertRule,
  AlertRecordEndpoints as E,
  MonitoringEndpoints,
  AlertEndpoints as R,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, envelopeOf, TEST_LANGUAGE, type TestApp } from '../../testing/test-app';
import { type AlertPlaces, alertPlaces } from './alert-records-test-support';

let t: TestApp;
let p: AlertPlaces;
let admin: string;
let operator: string;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await alertPlaces(t);
  [admin, operator] = await Promise.all([t.signIn('admin'), t.signIn('operator')]);
  await t.ctx.db.deleteFrom('alert_records').execute();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Stream {
  events: () => { change: string; recordId: number }[];
  readUntil: (done: (text: string) => boolean) => Promise<void>;
  close: () => void;
}

/** An open live-updates stream of `token`'s session. */
async function streamOf(token: string): Promise<Stream> {
  const ticketRes = await fetch(`${origin}${MonitoringEndpoints.eventsTicket.path}`, {
    method: 'POST',
    headers: bearer(token),
  });
  expect(ticketRes.status).toBe(200);
  const { ticket } = ((await ticketRes.json()) as { data: { ticket: string } }).data;
  const controller = new AbortController();
  const res = await fetch(`${origin}${MonitoringEndpoints.events.path}?ticket=${ticket}`, {
    headers: TEST_LANGUAGE,
    signal: AbortSignal.any([controller.signal, AbortSignal.timeout(60_000)]),
  });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  let text = '';
  const readUntil = async (done: (text: string) => boolean) => {
    while (!done(text)) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`stream ended; got ${text}`);
      text += new TextDecoder().decode(chunk.value);
    }
  };
  await readUntil((s) => s.includes(': connected'));
  return {
    events: () =>
      [...text.matchAll(/event: alert\ndata: (.*)\n/g)].map(
        (m) => JSON.parse(m[1] ?? '{}') as { change: string; recordId: number },
      ),
    readUntil,
    close: () => controller.abort(),
  };
}

async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<T>(res).data;
}

const openCount = async (token: string) =>
  (await call<{ open: number }>(token, 'GET', E.getOpenAlertCount.path)).open;

/** A rule of Northwind's watching `online` (added through the call, so the cache sees it). */
async function addRule(name: string): Promise<AlertRule> {
  return call<AlertRule>(admin, 'POST', R.addAlertRule.path, {
    alertName: name,
    alertLevel: 4,
    alertType: 1,
    triggerType: 1,
    triggerOperator: 'EQ',
    triggerValue: 0,
  });
}

/** An open record of `rule` on `device`, as ingest would have written it. */
async function openRecord(rule: AlertRule, device: { shopId: number; deviceId: number }): Promise<number> {
  const row = await t.ctx.db
    .insertInto('alert_records')
    .values({
      uuid: `rule-live-${rule.id}-${device.deviceId}`,
      company_id: p.northwind,
      rule_id: rule.id,
      device_id: device.deviceId,
      shop_id: device.shopId,
      name: rule.alertName,
      severity: 4,
      item: 'online',
      trigger_value: 0,
      value: 0,
      alert_time: Date.now() - 60_000,
      recovery_time: null,
      status: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const recoveredIds = (stream: Stream) =>
  stream
    .events()
    .filter((e) => e.change === 'recovered')
    .map((e) => e.recordId)
    .sort((a, b) => a - b);
const hasRecovered = (ids: number[]) => (text: string) =>
  ids.every((id) => text.includes(`"change":"recovered","recordId":${id},`));

describe('rule writes recover open records live', () => {
  it('disabling a rule recovers its records and tells the open streams, each in its scope', async () => {
    const rule = await addRule('Live disable');
    const east = await openRecord(rule, p.east);
    const west = await openRecord(rule, p.west);
    expect(await openCount(admin)).toBe(2);
    expect(await openCount(operator)).toBe(1);
    const [adminStream, operatorStream] = await Promise.all([streamOf(admin), streamOf(operator)]);
    try {
      const off = await call<AlertRule>(
        admin,
        'GET',
        `${R.updateAlertRuleStatus.path.replace(':id', String(rule.id))}?status=0`,
      );
      expect(off.status).toBe(0);
      await adminStream.readUntil(hasRecovered([east, west]));
      await operatorStream.readUntil(hasRecovered([east]));
      expect(recoveredIds(adminStream)).toEqual([east, west].sort((a, b) => a - b));
      expect(recoveredIds(operatorStream)).toEqual([east]);
    } finally {
      adminStream.close();
      operatorStream.close();
    }
    expect(await openCount(admin)).toBe(0);
    expect(await openCount(operator)).toBe(0);
    const rows = await t.ctx.db
      .selectFrom('alert_records')
      .select(['status', 'recovery_time'])
      .where('rule_id', '=', rule.id)
      .execute();
    expect(rows.every((r) => r.status === 1 && r.recovery_time !== null)).toBe(true);
  });

  it('deleting a rule does the same', async () => {
    const rule = await addRule('Live delete');
    const east = await openRecord(rule, p.east);
    expect(await openCount(admin)).toBe(1);
    const stream = await streamOf(admin);
    try {
      await call(admin, 'GET', R.deleteAlertRule.path.replace(':id', String(rule.id)));
      await stream.readUntil(hasRecovered([east]));
      expect(recoveredIds(stream)).toEqual([east]);
    } finally {
      stream.close();
    }
    expect(await openCount(admin)).toBe(0);
  });
});
