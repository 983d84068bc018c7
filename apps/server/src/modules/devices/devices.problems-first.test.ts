// The device lists open problems first (offline, then alerting, then the rest; newest first within
// each), and their totals stay exact through adds, deletes, moves and state changes although counts
// are cached (device-count-cache.ts). Values go through real ingest, alerts through the real rules.
import {
  AlertEndpoints,
  type Device,
  type DeviceStatusCounts,
  type PagedResult,
  type StoreTrouble,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { reachabilityValue } from '../../engine/hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../../engine/hub/test-support/link-fixture.repository';
import { ingestValues, type Reporter } from '../../engine/ingest/ingest.service';
import { buildSlowPosRule } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type DemoStore, demoStore, get, post, printerBody } from './device-test-support';

let t: TestApp;
let admin: string;
let fixture: LinkFixture;
let box: Reporter;
let east: DemoStore;
let north: DemoStore;
let seq = Date.now() * 1000;
let added = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' };
  east = await demoStore(t, 'NW001', '华东大区');
  north = await demoStore(t, 'NW001', '华北大区');
  // The fixture POS is a ping device; give it a category the alert rule below names.
  await t.ctx.db
    .updateTable('devices')
    .set({ device_category: 'terminal', device_class: 'pos' })
    .where('id', '=', fixture.posId)
    .execute();
  // The switch answers pings too here, so reachability results move its online status.
  await t.ctx.db.updateTable('devices').set({ connect_type: 4 }).where('id', '=', fixture.switchId).execute();
});
afterAll(async () => t.close());

async function page(query: string): Promise<PagedResult<Device>> {
  const res = await get<PagedResult<Device>>(t, admin, `listDevices?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const idsOf = async (query: string) => (await page(query)).list.map((d) => d.deviceId);
const totalOf = async (query: string) => (await page(`pageSize=1&${query}`)).total;

async function statusOf(query: string): Promise<DeviceStatusCounts> {
  const res = await get<DeviceStatusCounts>(t, admin, `getDeviceStatus?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function troubleOf(token: string): Promise<StoreTrouble[]> {
  const res = await get<StoreTrouble[]>(t, token, 'getStoreTrouble');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The box reports one reachability result for `deviceId` (delay in ms; offline when `online` is false). */
async function reach(deviceId: number, online: boolean, delayMs = 10): Promise<void> {
  await ingestValues(t.parts, box, [
    reachabilityValue({ deviceId, seq: ++seq, at: Date.now(), delayMs, online }),
  ]);
}

/** Adds a printer at `store` with unique identifiers; returns its id. */
async function addPrinter(store: DemoStore): Promise<number> {
  added += 1;
  const res = await post(
    t,
    admin,
    'add',
    printerBody(store, {
      hostid: `problems-first-${added}`,
      intranetIp: `127.0.9.${added}`,
      macAddress: `00:26:ab:09:00:${added.toString(16).padStart(2, '0')}`,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as unknown as Device).deviceId;
}

describe('problems first', () => {
  it('puts offline devices first, then alerting ones, then the rest; an explicit sort still wins', async () => {
    const store = `shopId=${fixture.shopId}`;
    const { boxId, switchId, posId } = fixture;
    // A newer device that is not monitored: never "offline", whatever its online status says.
    const printer = await addPrinter({ ...east, id: fixture.shopId, boxId });
    await get(t, admin, `ids?ids=${printer}&mornitored=0`);

    // Everything the box watches is online: newest first.
    await t.ctx.db.updateTable('devices').set({ online_status: 1 }).where('id', '=', boxId).execute();
    await reach(switchId, true);
    await reach(posId, true);
    expect(await idsOf(store)).toEqual([printer, posId, switchId, boxId]);

    // The switch goes offline: it moves to the top, of its store's list and of the company's.
    await reach(switchId, false);
    expect(await idsOf(store)).toEqual([switchId, printer, posId, boxId]);
    expect((await idsOf('pageSize=5'))[0]).toBe(switchId);

    // The POS raises an alert: after the offline switch, before the healthy (newer) printer.
    const rule = await buildSlowPosRule(t, admin);
    await reach(posId, true, 150);
    expect(await idsOf(store)).toEqual([switchId, posId, printer, boxId]);
    // The live monitor's trouble figures for the store: one device offline, one open alert.
    expect((await troubleOf(admin)).find((s) => s.shopId === fixture.shopId)).toEqual({
      shopId: fixture.shopId,
      offlineNum: 1,
      openAlertNum: 1,
    });

    // The user asks for another order: it wins.
    expect(await idsOf(`${store}&sortBy=deviceId&sortDirection=desc`)).toEqual([
      printer,
      posId,
      switchId,
      boxId,
    ]);

    // The rule is disabled (its records recover): the POS is back among the rest.
    await t.call(
      AlertEndpoints.updateAlertRuleStatus,
      { params: { id: rule.id }, query: { status: 0 } },
      admin,
    );
    expect(await idsOf(store)).toEqual([switchId, printer, posId, boxId]);

    // The switch comes back: newest first again.
    await reach(switchId, true);
    expect(await idsOf(store)).toEqual([printer, posId, switchId, boxId]);
  });

  it('reads the last page from the other end in the same order', async () => {
    const all = await idsOf('pageSize=1000');
    const size = 7;
    const pages = Math.ceil(all.length / size);
    const last = await idsOf(`pageSize=${size}&pageNum=${pages}`);
    expect(last).toEqual(all.slice((pages - 1) * size));
    const second = await idsOf(`pageSize=${size}&pageNum=2`);
    expect(second).toEqual(all.slice(size, 2 * size));
  });
});

describe('exact totals while counts are cached', () => {
  it('follows adds, moves between stores and regions, deletes and state changes', async () => {
    const inEast = `shopId=${east.id}`;
    const inNorth = `shopId=${north.id}`;
    const all = await totalOf('');
    const eastCount = await totalOf(inEast);
    const northCount = await totalOf(inNorth);
    const eastArea = `areaLevel=${east.area}`;
    const eastAreaCount = await totalOf(eastArea);
    const status = await statusOf('');

    const id = await addPrinter(east);
    expect(await totalOf('')).toBe(all + 1);
    expect(await totalOf(inEast)).toBe(eastCount + 1);
    expect(await statusOf('')).toMatchObject({ deviceNum: status.deviceNum + 1 });

    // Moved to another store (in another region).
    const moved = await post(
      t,
      admin,
      'update',
      printerBody(north, {
        deviceId: id,
        hostid: `problems-first-${added}`,
        intranetIp: `127.0.9.${added}`,
        macAddress: `00:26:ab:09:00:${added.toString(16).padStart(2, '0')}`,
      }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await totalOf(inEast)).toBe(eastCount);
    expect(await totalOf(inNorth)).toBe(northCount + 1);
    expect(await totalOf('')).toBe(all + 1);

    // Monitoring stopped, then the device comes online: the filtered totals follow.
    const unmonitored = await totalOf('monitored=0');
    await get(t, admin, `ids?ids=${id}&mornitored=0`);
    expect(await totalOf('monitored=0')).toBe(unmonitored + 1);
    const online = await totalOf('onlineStatus=1');
    const onlineCard = (await statusOf('')).onlineNum;
    await t.ctx.db.updateTable('devices').set({ online_status: 1 }).where('id', '=', id).execute();
    expect(await totalOf('onlineStatus=1')).toBe(online + 1);
    expect((await statusOf('')).onlineNum).toBe(onlineCard + 1);

    // The north store moves into the east region: the region's total takes its devices.
    const northStore = await t.ctx.db
      .selectFrom('stores')
      .select(['area_level', 'province_level', 'city_level'])
      .where('id', '=', north.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('stores')
      .set({ area_level: east.area, province_level: east.province, city_level: east.city })
      .where('id', '=', north.id)
      .execute();
    expect(await totalOf(eastArea)).toBe(eastAreaCount + northCount + 1);
    await t.ctx.db.updateTable('stores').set(northStore).where('id', '=', north.id).execute();
    expect(await totalOf(eastArea)).toBe(eastAreaCount);

    // Deleted.
    await t.ctx.db.deleteFrom('devices').where('id', '=', id).execute();
    expect(await totalOf('')).toBe(all);
    expect(await totalOf(inNorth)).toBe(northCount);
    expect(await statusOf('')).toMatchObject({ deviceNum: status.deviceNum });
  });

  it('counts a write committed inside a transaction once it commits', async () => {
    const all = await totalOf('');
    const ids = await t.ctx.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const rows = await trx
        .insertInto('devices')
        .values({
          company_id: east.companyId,
          shop_id: east.id,
          parent_device_id: east.boxId,
          product_id: 5,
          hostid: 'problems-first-trx',
          device_name: 'In a transaction',
          connect_type: 4,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .execute();
      // Read through the app while the transaction is open (PostgreSQL: another connection answers).
      if (t.ctx.database.dialect === 'postgres') expect(await totalOf('')).toBe(all);
      return rows.map((r) => r.id);
    });
    expect(await totalOf('')).toBe(all + 1);
    await t.ctx.db.deleteFrom('devices').where('id', 'in', ids).execute();
    expect(await totalOf('')).toBe(all);
  });
});

describe('stores in trouble (the live monitor)', () => {
  it('lists the stores in scope with offline devices or open alerts, most offline first', async () => {
    const all = await troubleOf(admin);
    // The demo's devices have never reported: every demo store of the company is in trouble.
    expect(all.length).toBeGreaterThan(3);
    const sorted = [...all].sort((a, b) => b.offlineNum - a.offlineNum || b.openAlertNum - a.openAlertNum);
    expect(all.map((s) => [s.offlineNum, s.openAlertNum])).toEqual(
      sorted.map((s) => [s.offlineNum, s.openAlertNum]),
    );
    const companyStores = await t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', east.companyId)
      .execute();
    const own = new Set(companyStores.map((r) => r.id));
    expect(all.every((s) => own.has(s.shopId))).toBe(true);

    // The East China operator sees only its region's stores: the east store, not the north one.
    const operatorStores = (await troubleOf(await t.signIn('operator'))).map((s) => s.shopId);
    expect(operatorStores).toContain(east.id);
    expect(operatorStores).not.toContain(north.id);
    const eastStores = await t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('area_level', '=', east.area)
      .execute();
    const inRegion = new Set(eastStores.map((r) => r.id));
    expect(operatorStores.every((id) => inRegion.has(id))).toBe(true);
  });
});
