// The alert overview as an operator meets it: the company's records open first then history, filtered
// by level, status, region, store, category and time, counted the same way, inside the caller's scope;
// acknowledge and close by hand; the header badge count; the export with formula escaping.
import {
  type AlertRecord,
  type AlertRecordCounts,
  BUTTON,
  AlertRecordEndpoints as E,
  type PagedResult,
} from '@storefleet/contracts';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { up as grantAlertActionCodes } from '../../db/migrations/20261124_0600_alert_action_codes';
import { DEMO_ROLES } from '../../demo/demo-data';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';
import { type AlertPlaces, alertPlaces, insertRecord } from './alert-records-test-support';

let t: TestApp;
let p: AlertPlaces;
let admin: string;
let operator: string;
const T0 = new Date(2026, 0, 10, 8, 0, 0).getTime();
const MIN = 60_000;
const ids = { eastOld: 0, eastOpen: 0, eastOpen2: 0, westOpen: 0, otherOpen: 0 };

beforeAll(async () => {
  t = await createTestApp();
  p = await alertPlaces(t);
  [admin, operator] = await Promise.all([t.signIn('admin'), t.signIn('operator')]);
  // Records the demo may have raised are ended, so the counts below are this test's own.
  await t.ctx.db.deleteFrom('alert_records').execute();
  ids.eastOld = await insertRecord(t, p.east, p.northwind, {
    name: 'East old',
    severity: 2,
    at: T0,
    recoveredAt: T0 + 5 * MIN,
  });
  ids.eastOpen = await insertRecord(t, p.east, p.northwind, {
    name: 'East open',
    severity: 4,
    at: T0 + 10 * MIN,
  });
  ids.eastOpen2 = await insertRecord(t, p.east, p.northwind, {
    name: '=HYPERLINK("http://127.0.0.1/x")',
    severity: 3,
    at: T0 + 2 * MIN,
  });
  ids.westOpen = await insertRecord(t, p.west, p.northwind, {
    name: 'West open',
    severity: 4,
    at: T0 + 20 * MIN,
  });
  ids.otherOpen = await insertRecord(t, p.other, p.harbor, {
    name: 'Harbor open',
    severity: 5,
    at: T0 + 30 * MIN,
  });
});
afterAll(() => t.close());

async function get<T>(token: string, url: string, query: Record<string, string | number> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: bearer(token),
  });
  return {
    status: res.statusCode,
    res,
    body:
      res.statusCode === 200 && !res.headers['content-type']?.toString().includes('sheet')
        ? envelopeOf<T>(res)
        : undefined,
  };
}
const list = async (token: string, query: Record<string, string | number> = {}) =>
  (await get<PagedResult<AlertRecord>>(token, E.listAlertRecords.path, query)).body?.data;

describe('the alert record list', () => {
  it('lists open records first, newest first, then history, with the device and store', async () => {
    const page = await list(admin);
    expect(page?.list.map((r) => r.id)).toEqual([ids.westOpen, ids.eastOpen, ids.eastOpen2, ids.eastOld]);
    const open = page?.list.find((r) => r.id === ids.eastOpen);
    expect(open).toMatchObject({
      status: 0,
      recoveryTime: null,
      deviceId: p.east.deviceId,
      shopId: p.east.shopId,
      shopName: p.east.storeName,
      severity: 4,
      acknowledgedBy: null,
      closedBy: null,
    });
    expect(open?.severityName).not.toBe('');
  });

  it('keeps a narrowed user to the stores of their region, and another company out', async () => {
    const page = await list(operator);
    expect(page?.list.map((r) => r.id).sort()).toEqual([ids.eastOpen, ids.eastOpen2, ids.eastOld].sort());
    expect(page?.total).toBe(3);
  });

  it('filters by level, status, store, region and time', async () => {
    expect((await list(admin, { severity: 4 }))?.list.map((r) => r.id)).toEqual([ids.westOpen, ids.eastOpen]);
    expect((await list(admin, { status: 1 }))?.list.map((r) => r.id)).toEqual([ids.eastOld]);
    expect((await list(admin, { shopIdStr: String(p.west.shopId) }))?.list.map((r) => r.id)).toEqual([
      ids.westOpen,
    ]);
    const store = await t.ctx.db
      .selectFrom('stores')
      .select('area_level')
      .where('id', '=', p.east.shopId)
      .executeTakeFirstOrThrow();
    expect((await list(admin, { areaLevelListStr: String(store.area_level) }))?.total).toBe(3);
    const fmt = (ms: number) => {
      const d = new Date(ms);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    };
    const ranged = await list(admin, { startTime: fmt(T0 + 2 * MIN), endTime: fmt(T0 + 10 * MIN) });
    expect(ranged?.list.map((r) => r.id)).toEqual([ids.eastOpen, ids.eastOpen2]);
  });

  it('refuses a reversed time range and an unknown level with a message naming the field', async () => {
    const reversed = await get(admin, E.listAlertRecords.path, {
      startTime: '2026-01-10 09:00:00',
      endTime: '2026-01-10 08:00:00',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.res.body).toContain('endTime');
    const level = await get(admin, E.listAlertRecords.path, { severity: 9 });
    expect(level.status).toBe(400);
    expect(level.res.body).toContain('severity');
  });

  it('is refused to a user without the alert overview page', async () => {
    const platform = await t.signIn('platform');
    expect((await get(platform, E.listAlertRecords.path)).status).toBe(403);
  });
});

describe('counts and the badge', () => {
  it('counts by status and by level over the same filters as the list', async () => {
    const counts = (await get<AlertRecordCounts>(admin, E.getAlertRecordCounts.path)).body?.data;
    expect(counts).toMatchObject({ total: 4, unresolved: 3, recovered: 1 });
    expect(counts?.bySeverity.find((s) => s.severity === 4)?.num).toBe(2);
    const narrowed = (await get<AlertRecordCounts>(operator, E.getAlertRecordCounts.path, { severity: 4 }))
      .body?.data;
    expect(narrowed).toMatchObject({ total: 1, unresolved: 1, recovered: 0 });
  });

  it('gives the badge the open records in scope', async () => {
    expect((await get<{ open: number }>(admin, E.getOpenAlertCount.path)).body?.data.open).toBe(3);
    expect((await get<{ open: number }>(operator, E.getOpenAlertCount.path)).body?.data.open).toBe(2);
  });
});

describe('acknowledge and close', () => {
  const post = (token: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload: payload ?? {}, headers: bearer(token) });
  const path = (template: string, id: number) => template.replace(':id', String(id));

  it('records who acknowledged, when and the note; the record stays open', async () => {
    const res = await post(operator, path(E.acknowledgeAlertRecord.path, ids.eastOpen), {
      note: 'on site at 10',
    });
    expect(res.statusCode).toBe(200);
    const record = envelopeOf<AlertRecord>(res).data;
    expect(record).toMatchObject({ status: 0, acknowledgedBy: '华东运维员', ackNote: 'on site at 10' });
    expect(record.acknowledgedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers 404 for a record outside the scope or another company', async () => {
    expect(
      (await post(operator, path(E.acknowledgeAlertRecord.path, ids.westOpen), { note: '' })).statusCode,
    ).toBe(404);
    expect((await post(admin, path(E.closeAlertRecord.path, ids.otherOpen))).statusCode).toBe(404);
    const other = await t.ctx.db
      .selectFrom('alert_records')
      .select('status')
      .where('id', '=', ids.otherOpen)
      .executeTakeFirstOrThrow();
    expect(other.status).toBe(0);
  });

  it('closes an open record by hand: ended, who and when, the badge and device count drop; a second close is 409', async () => {
    await t.ctx.db.updateTable('devices').set({ open_alerts: 2 }).where('id', '=', p.east.deviceId).execute();
    const res = await post(operator, path(E.closeAlertRecord.path, ids.eastOpen2));
    expect(res.statusCode).toBe(200);
    const record = envelopeOf<AlertRecord>(res).data;
    expect(record).toMatchObject({ status: 1, closedBy: '华东运维员' });
    expect(record.recoveryTime).toBe(record.closedAt);
    expect((await get<{ open: number }>(operator, E.getOpenAlertCount.path)).body?.data.open).toBe(1);
    const device = await t.ctx.db
      .selectFrom('devices')
      .select('open_alerts')
      .where('id', '=', p.east.deviceId)
      .executeTakeFirstOrThrow();
    expect(device.open_alerts).toBe(1);
    const again = await post(operator, path(E.closeAlertRecord.path, ids.eastOpen2));
    expect(again.statusCode).toBe(409);
  });
});

describe('acknowledge and close need their own button codes', () => {
  const post = (token: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload: payload ?? {}, headers: bearer(token) });
  const path = (template: string, id: number) => template.replace(':id', String(id));
  const roleNamed = (name: string) =>
    t.ctx.db
      .selectFrom('roles')
      .select(['id', 'button_authorities'])
      .where('company_id', '=', p.northwind)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  const setButtons = (id: number, buttons: string[]) =>
    t.ctx.db
      .updateTable('roles')
      .set({ button_authorities: JSON.stringify(buttons) })
      .where('id', '=', id)
      .execute();

  it('refuses acknowledge and close (403) to a role holding the overview but not the codes', async () => {
    const role = await roleNamed(DEMO_ROLES.eastOperator.name);
    const held = JSON.parse(role.button_authorities) as string[];
    expect(held).toEqual(expect.arrayContaining([BUTTON.alertAck, BUTTON.alertClose]));
    const open = await insertRecord(t, p.east, p.northwind, { name: 'Needs codes', severity: 3, at: T0 });
    try {
      await setButtons(
        role.id,
        held.filter((c) => c !== BUTTON.alertAck && c !== BUTTON.alertClose),
      );
      const ack = await post(operator, path(E.acknowledgeAlertRecord.path, open), { note: 'no' });
      expect(ack.statusCode).toBe(403);
      expect((await post(operator, path(E.closeAlertRecord.path, open))).statusCode).toBe(403);
      // The overview itself stays readable.
      expect((await list(operator))?.list.map((r) => r.id)).toContain(open);
      const row = await t.ctx.db
        .selectFrom('alert_records')
        .select(['status', 'acknowledged_by'])
        .where('id', '=', open)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 0, acknowledged_by: null });

      // One code without the other: that action only.
      await setButtons(role.id, [...held.filter((c) => c !== BUTTON.alertClose)]);
      expect((await post(operator, path(E.acknowledgeAlertRecord.path, open), { note: '' })).statusCode).toBe(
        200,
      );
      expect((await post(operator, path(E.closeAlertRecord.path, open))).statusCode).toBe(403);
    } finally {
      await setButtons(role.id, held);
    }
    expect((await post(operator, path(E.closeAlertRecord.path, open))).statusCode).toBe(200);
  });

  it('grants the codes to the existing roles that hold the overview page, and to no other', async () => {
    const operatorRole = await roleNamed(DEMO_ROLES.eastOperator.name);
    const viewer = await roleNamed(DEMO_ROLES.viewer.name);
    const operatorButtons = JSON.parse(operatorRole.button_authorities) as string[];
    const viewerButtons = JSON.parse(viewer.button_authorities) as string[];
    const before = operatorButtons.filter((c) => c !== BUTTON.alertAck && c !== BUTTON.alertClose);
    try {
      // As the roles were before the codes existed.
      await setButtons(operatorRole.id, before);
      await grantAlertActionCodes(t.ctx.db as unknown as Kysely<unknown>, t.ctx.database.dialect);
      const granted = JSON.parse((await roleNamed(DEMO_ROLES.eastOperator.name)).button_authorities);
      expect(granted).toEqual([...before, BUTTON.alertAck, BUTTON.alertClose]);
      expect(JSON.parse((await roleNamed(DEMO_ROLES.viewer.name)).button_authorities)).toEqual(viewerButtons);
      // Running it again changes nothing.
      await grantAlertActionCodes(t.ctx.db as unknown as Kysely<unknown>, t.ctx.database.dialect);
      expect(JSON.parse((await roleNamed(DEMO_ROLES.eastOperator.name)).button_authorities)).toEqual(granted);
    } finally {
      await setButtons(operatorRole.id, operatorButtons);
    }
  });
});

describe('export', () => {
  it('exports the filtered list as .xlsx with formula-like text escaped', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: E.exportAlertRecords.path,
      query: { shopIdStr: String(p.east.shopId) },
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const names = (sheet?.getColumn(2).values ?? []).slice(2).map(String);
    expect(names).toContain('\'=HYPERLINK("http://127.0.0.1/x")');
    expect(names).toContain('East open');
    expect(names).not.toContain('West open');
    expect(sheet?.getRow(1).getCell(2).value).toBe('Alert');
  });
});
