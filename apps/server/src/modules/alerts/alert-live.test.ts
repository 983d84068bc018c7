// The alert pages' live side and the monitor log: alert records opened and recovered by a monitoring
// transaction, and closed by an operator, reach open live-updates streams as `alert` events, only in
// the caller's scope; a role holding only the dynamic-monitor codes may read what its pages show; the
// monitor log merges online changes with alert openings and endings, filtered by time, store, device
// and kind.
import type { AddressInfo } from 'node:net';

import {
  DeviceEndpoints,
  AlertRecordEndpoints as E,
  MODULE,
  MonitoringEndpoints,
  type MonitorLogEntry,
  type PagedResult,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { afterCommit, publishAfterCommit } from '../../engine/after-commit';
import type { OpenedAlert } from '../../engine/alerting/alerting';
import { bearer, createTestApp, envelopeOf, TEST_LANGUAGE, type TestApp } from '../../testing/test-app';
import { type AlertPlaces, alertPlaces, insertRecord, insertTransition } from './alert-records-test-support';

let t: TestApp;
let p: AlertPlaces;
let admin: string;
let operator: string;
let origin: string;
const T0 = new Date(2026, 1, 3, 9, 0, 0).getTime();
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  p = await alertPlaces(t);
  [admin, operator] = await Promise.all([t.signIn('admin'), t.signIn('operator')]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** An open live-updates stream of `token`'s session; `text` grows as events arrive. */
async function streamOf(token: string) {
  const ticketRes = await fetch(`${origin}${MonitoringEndpoints.eventsTicket.path}`, {
    method: 'POST',
    headers: bearer(token),
  });
  expect(ticketRes.status).toBe(200);
  const { ticket } = ((await ticketRes.json()) as { data: { ticket: string } }).data;
  const controller = new AbortController();
  const res = await fetch(`${origin}${MonitoringEndpoints.events.path}?ticket=${ticket}`, {
    headers: TEST_LANGUAGE,
    signal: AbortSignal.any([controller.signal, AbortSignal.timeout(30_000)]),
  });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const stream = {
    text: '',
    close: () => controller.abort(),
    async readUntil(needle: string) {
      while (!stream.text.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`stream ended before ${needle}`);
        stream.text += new TextDecoder().decode(chunk.value);
      }
    },
  };
  await stream.readUntil(': connected');
  return stream;
}

const opened = (
  device: { deviceId: number; shopId: number },
  companyId: number,
  recordId: number,
): OpenedAlert => ({
  recordId,
  ruleId: 1,
  name: 'offline',
  severity: 4,
  item: 'online',
  value: 0,
  deviceId: device.deviceId,
  shopId: device.shopId,
  companyId,
  at: Date.now(),
});

describe('alert events on the live-updates stream', () => {
  it('carries openings, recoveries and closes to streams whose scope holds the store, and no further', async () => {
    const mine = await streamOf(operator);
    const whole = await streamOf(admin);
    // Outside the operator's region first, then inside: the operator's stream must show only the second.
    publishAfterCommit(
      t.ctx.engine.statusBus,
      afterCommit([], { opened: [opened(p.west, p.northwind, 990001)], recovered: [] }),
    );
    publishAfterCommit(
      t.ctx.engine.statusBus,
      afterCommit([], { opened: [opened(p.other, p.harbor, 990002)], recovered: [] }),
    );
    publishAfterCommit(
      t.ctx.engine.statusBus,
      afterCommit([], { opened: [opened(p.east, p.northwind, 990003)], recovered: [] }),
    );
    await mine.readUntil('"recordId":990003');
    await whole.readUntil('"recordId":990003');
    expect(mine.text).toContain('event: alert');
    expect(mine.text).toContain('"change":"opened"');
    expect(mine.text).not.toContain('990001');
    expect(whole.text).toContain('990001');
    expect(whole.text).not.toContain('990002');

    const id = await insertRecord(t, p.east, p.northwind, {
      name: 'Live close',
      severity: 3,
      at: Date.now(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: E.closeAlertRecord.path.replace(':id', String(id)),
      headers: bearer(operator),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await mine.readUntil(`"change":"closed","recordId":${id}`);
    mine.close();
    whole.close();
  });
});

describe('a role holding only the dynamic-monitor codes', () => {
  it('reads the store device list, its counts and the live stream the dynamic-monitor pages use', async () => {
    const now = Date.now();
    const { id: roleId } = await t.ctx.db
      .insertInto('roles')
      .values({
        company_id: p.northwind,
        app: 'company',
        name: 'Live wall',
        authorities: JSON.stringify([MODULE.dynamicMonitor]),
        button_authorities: '[]',
        area_ids: '[]',
        store_ids: JSON.stringify([p.east.shopId]),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('users')
      .values({
        company_id: p.northwind,
        user_type: 3,
        account_name: 'livewall',
        name: 'Live wall',
        password_hash: await t.ctx.auth.passwords.hash('Livewall#2026'),
        password_changed_at: now,
        status: 'ACTIVE',
        role_id: roleId,
        area_ids: '[]',
        store_ids: '[]',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const wall = await t.signIn('livewall', 'Livewall#2026');
    const query = { shopId: String(p.east.shopId), monitored: '1' };
    const listRes = await t.app.inject({
      method: 'GET',
      url: DeviceEndpoints.listDevices.path,
      query,
      headers: bearer(wall),
    });
    expect(listRes.statusCode).toBe(200);
    expect(envelopeOf<{ total: number }>(listRes).data.total).toBeGreaterThan(0);
    const countRes = await t.app.inject({
      method: 'GET',
      url: DeviceEndpoints.getDeviceStatus.path,
      query,
      headers: bearer(wall),
    });
    expect(countRes.statusCode).toBe(200);
    const stream = await streamOf(wall);
    stream.close();
    // The alert overview stays closed to it.
    expect(
      (await t.app.inject({ method: 'GET', url: E.listAlertRecords.path, headers: bearer(wall) })).statusCode,
    ).toBe(403);
  });
});

describe('the monitor log', () => {
  const fmt = (ms: number) => {
    const d = new Date(ms);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  };
  const range = { startTime: fmt(T0), endTime: fmt(T0 + 60 * MIN) };
  const log = async (token: string, query: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: E.listMonitorLog.path,
      query: { ...range, ...query },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return envelopeOf<PagedResult<MonitorLogEntry>>(res).data;
  };

  beforeAll(async () => {
    await insertTransition(t, p.east.deviceId, 0, T0 + 1 * MIN);
    await insertRecord(t, p.east, p.northwind, {
      name: 'Offline',
      severity: 4,
      at: T0 + 2 * MIN,
      recoveredAt: T0 + 9 * MIN,
    });
    await insertTransition(t, p.east.deviceId, 1, T0 + 8 * MIN);
    await insertTransition(t, p.west.deviceId, 0, T0 + 5 * MIN);
    await insertTransition(t, p.other.deviceId, 0, T0 + 6 * MIN);
    await insertTransition(t, p.east.deviceId, 0, T0 + 2 * 60 * MIN);
  });

  it('merges online changes and alert openings/recoveries newest first, in the company and time range', async () => {
    const page = await log(admin);
    expect(page.list.map((e) => `${e.kind}:${e.deviceId}`)).toEqual([
      `alertRecovered:${p.east.deviceId}`,
      `online:${p.east.deviceId}`,
      `offline:${p.west.deviceId}`,
      `alertOpened:${p.east.deviceId}`,
      `offline:${p.east.deviceId}`,
    ]);
    expect(page.list[0]).toMatchObject({ name: 'Offline', severity: 4, shopName: p.east.storeName });
  });

  it('keeps a narrowed user to their stores and filters by kind, store and device', async () => {
    expect((await log(operator)).list.every((e) => e.deviceId === p.east.deviceId)).toBe(true);
    expect((await log(operator)).total).toBe(4);
    expect((await log(admin, { kind: 'offline' })).list.map((e) => e.deviceId)).toEqual([
      p.west.deviceId,
      p.east.deviceId,
    ]);
    expect((await log(admin, { kind: 'alertOpened,alertRecovered' })).total).toBe(2);
    expect((await log(admin, { shopIdStr: String(p.west.shopId) })).total).toBe(1);
    expect((await log(admin, { deviceId: String(p.east.deviceId), kind: 'online' })).total).toBe(1);
  });

  it('refuses an unknown kind naming the field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: E.listMonitorLog.path,
      query: { kind: 'reboot' },
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('kind');
  });
});
