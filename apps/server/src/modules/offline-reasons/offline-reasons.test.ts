// Offline reasons through the API on a real database (SQLite, and PostgreSQL with TEST_DB=postgres):
// a list saved all or nothing, updates, per-field validation in the §8 envelope, scope (another
// company's device, a store outside the operator's region), the company's own reason types, and the
// by-region report counting exactly the records entered.
import {
  type OfflineReason,
  OfflineReasonEndpoints,
  type OfflineReasonType,
  type TopReasons,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatDate, formatDateTime } from '../../http/time';
import { levelId, type OrgFixture, openOrgFixture } from '../../testing/org-fixture';
import { envelopeOf } from '../../testing/test-app';
import type { Caller } from '../../testing/test-client';

let f: OrgFixture;
let eastDevice: number;
let eastDevice2: number;
let northDevice: number;
let harborDevice: number;
let eastRegion: number;
let northRegion: number;

async function deviceUnder(companyId: number, region: number, skip = 0): Promise<number> {
  const row = await f.t.ctx.db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select('devices.id')
    .where('stores.company_id', '=', companyId)
    .where('stores.area_level', '=', region)
    .orderBy('devices.id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  f = await openOrgFixture();
  eastRegion = await levelId(f.t, f.northwind, '华东大区');
  northRegion = await levelId(f.t, f.northwind, '华北大区');
  eastDevice = await deviceUnder(f.northwind, eastRegion);
  eastDevice2 = await deviceUnder(f.northwind, eastRegion, 1);
  northDevice = await deviceUnder(f.northwind, northRegion);
  harborDevice = await deviceUnder(f.harbor, await levelId(f.t, f.harbor, '西部大区'));
});
afterAll(() => f.t.close());

const R = OfflineReasonEndpoints;
type Write = typeof R.saveOrUpdateDeviceOfflineReason | typeof R.saveOfflineReasonType | typeof R.topReasons;
const post = (endpoint: Write, body: unknown, token = f.admin) => f.t.send(endpoint, { body }, token);
const historyOf = (deviceId: number, token = f.admin) =>
  f.t.send(R.deviceOfflineReasons, { params: { deviceId } }, token);
const typeList = (query: { all?: number } = {}, token: Caller = f.admin) =>
  f.t.send(R.getDeviceOfflineReasonTypeList, { query }, token);

const hoursAgo = (h: number) => formatDateTime(Date.now() - h * 3_600_000);
const record = (deviceId: number, extra: Record<string, unknown> = {}) => ({
  deviceId,
  createTime: hoursAgo(2),
  reasonTypeCode: 'power',
  reason: 'Mains cut in the mall',
  treatmentMethod: 'Waited for power',
  createBy: 'Li Lei',
  ...extra,
});

describe('saveOrUpdateDeviceOfflineReason', () => {
  it('adds a list and the device history lists it newest first with type names', async () => {
    const res = await post(R.saveOrUpdateDeviceOfflineReason, [
      record(eastDevice, { createTime: hoursAgo(30), reasonTypeCode: 'network', reason: 'ISP line down' }),
      record(eastDevice, { createTime: hoursAgo(3) }),
    ]);
    expect(res.statusCode).toBe(200);
    const saved = envelopeOf<OfflineReason[]>(res).data;
    expect(saved).toHaveLength(2);
    const history = envelopeOf<OfflineReason[]>(await historyOf(eastDevice)).data;
    expect(history.map((r) => r.reason)).toEqual(['Mains cut in the mall', 'ISP line down']);
    expect(history[0]).toMatchObject({
      deviceId: eastDevice,
      reasonTypeName: 'Power outage',
      createBy: 'Li Lei',
    });
    expect(history[1]?.reasonTypeName).toBe('ISP / network');
  });

  it('updates a record by id and keeps the others', async () => {
    const [first] = envelopeOf<OfflineReason[]>(
      await post(R.saveOrUpdateDeviceOfflineReason, [record(eastDevice2)]),
    ).data;
    if (!first) throw new Error('nothing saved');
    const res = await post(R.saveOrUpdateDeviceOfflineReason, [
      {
        ...record(eastDevice2),
        id: first.id,
        reasonTypeCode: 'hardware',
        reason: 'PSU failed',
        treatmentMethod: 'Replaced PSU',
      },
    ]);
    expect(res.statusCode).toBe(200);
    const history = envelopeOf<OfflineReason[]>(await historyOf(eastDevice2)).data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      id: first.id,
      reason: 'PSU failed',
      reasonTypeName: 'Hardware fault',
      treatmentMethod: 'Replaced PSU',
    });
  });

  it('refuses the whole list naming each bad field, and saves none of it', async () => {
    const before = envelopeOf<OfflineReason[]>(await historyOf(northDevice)).data.length;
    const res = await post(R.saveOrUpdateDeviceOfflineReason, [
      record(northDevice),
      record(northDevice, {
        reasonTypeCode: 'no-such-type',
        createTime: formatDateTime(Date.now() + 86_400_000),
      }),
    ]);
    expect(res.statusCode).toBe(400);
    const body = envelopeOf<{ fields: { field: string; message: string }[] }>(res);
    expect(body.ok).toBe(false);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.data.fields.map((p) => p.field).sort()).toEqual([
      'records[1].createTime',
      'records[1].reasonTypeCode',
    ]);
    expect(envelopeOf<OfflineReason[]>(await historyOf(northDevice)).data).toHaveLength(before);

    const schema = await post(R.saveOrUpdateDeviceOfflineReason, [
      { deviceId: northDevice, createTime: '2026-13-01', reasonTypeCode: '', reason: 'x'.repeat(501) },
    ]);
    expect(schema.statusCode).toBe(400);
    const fields = envelopeOf<{ fields: { field: string }[] }>(schema).data.fields.map((p) => p.field);
    expect(fields).toEqual(
      expect.arrayContaining(['records[0].createTime', 'records[0].reasonTypeCode', 'records[0].reason']),
    );
    expect((await post(R.saveOrUpdateDeviceOfflineReason, [])).statusCode).toBe(400);
  });

  it('stores text trimmed and as written (markup and formulas are text), refuses NUL', async () => {
    const [saved] = envelopeOf<OfflineReason[]>(
      await post(R.saveOrUpdateDeviceOfflineReason, [
        record(northDevice, { reason: '  <b>=cmd|x</b>  ', treatmentMethod: null, createBy: '' }),
      ]),
    ).data;
    expect(saved).toMatchObject({ reason: '<b>=cmd|x</b>', treatmentMethod: '', createBy: '北风管理员' });
    const nul = await post(R.saveOrUpdateDeviceOfflineReason, [record(northDevice, { reason: 'a\u0000b' })]);
    expect(nul.statusCode).toBe(400);
    expect(envelopeOf<{ fields: { field: string }[] }>(nul).data.fields[0]?.field).toBe('[0].reason');
  });

  it("refuses another company's device and a store outside the operator's region", async () => {
    expect((await post(R.saveOrUpdateDeviceOfflineReason, [record(harborDevice)])).statusCode).toBe(404);
    expect((await historyOf(harborDevice)).statusCode).toBe(404);
    expect(
      (await post(R.saveOrUpdateDeviceOfflineReason, [record(northDevice)], f.operator)).statusCode,
    ).toBe(404);
    expect((await historyOf(northDevice, f.operator)).statusCode).toBe(404);
    // A record of a store the operator cannot see is not an update target either.
    const [north] = envelopeOf<OfflineReason[]>(await historyOf(northDevice)).data;
    const sneaky = await post(
      R.saveOrUpdateDeviceOfflineReason,
      [{ ...record(eastDevice), id: north?.id }],
      f.operator,
    );
    expect(sneaky.statusCode).toBe(404);
    expect((await post(R.saveOrUpdateDeviceOfflineReason, [record(eastDevice)], f.operator)).statusCode).toBe(
      200,
    );
  });
});

describe('reason types', () => {
  it('lists the six built-in types and adds, renames and disables a company type', async () => {
    const list = async (query: { all?: number } = {}) =>
      envelopeOf<OfflineReasonType[]>(await typeList(query)).data;
    expect((await list()).filter((t) => t.builtIn).map((t) => t.code)).toEqual([
      'power',
      'network',
      'store_closed',
      'hardware',
      'human',
      'other',
    ]);
    const added = await post(R.saveOfflineReasonType, { name: '施工断网', nameEn: 'Construction work' });
    expect(added.statusCode).toBe(200);
    const type = envelopeOf<OfflineReasonType>(added).data;
    expect(type).toMatchObject({ name: '施工断网', nameEn: 'Construction work', status: 1, builtIn: false });
    expect((await post(R.saveOfflineReasonType, { name: 'Construction work' })).statusCode).toBe(409);
    expect((await post(R.saveOfflineReasonType, { code: 'power', name: 'x' })).statusCode).toBe(400);
    // A company-wide list: a user bound to some stores may not change it.
    expect((await post(R.saveOfflineReasonType, { name: 'Operator type' }, f.operator)).statusCode).toBe(403);

    const [saved] = envelopeOf<OfflineReason[]>(
      await post(R.saveOrUpdateDeviceOfflineReason, [record(eastDevice, { reasonTypeCode: type.code })]),
    ).data;
    expect(saved?.reasonTypeName).toBe('Construction work');
    // Another company does not see it and may not use it.
    const harborAdmin = await typeList({}, { token: f.agent, companyId: f.harbor });
    expect(envelopeOf<OfflineReasonType[]>(harborAdmin).data.map((t) => t.code)).not.toContain(type.code);

    await post(R.saveOfflineReasonType, {
      code: type.code,
      name: '施工断网',
      nameEn: 'Building works',
      status: 0,
    });
    expect((await list()).map((t) => t.code)).not.toContain(type.code);
    expect((await list({ all: 1 })).find((t) => t.code === type.code)).toMatchObject({
      status: 0,
      nameEn: 'Building works',
    });
    const refused = await post(R.saveOrUpdateDeviceOfflineReason, [
      record(eastDevice, { reasonTypeCode: type.code }),
    ]);
    expect(refused.statusCode).toBe(400);
    // Its records keep their (new) name.
    const history = envelopeOf<OfflineReason[]>(await historyOf(eastDevice)).data;
    expect(history.find((r) => r.id === saved?.id)?.reasonTypeName).toBe('Building works');
  });
});

describe('report/topReasons', () => {
  it('counts the records per region and type, equal to what was entered', async () => {
    const today = formatDate(Date.now());
    const start = formatDate(Date.now() - 7 * 86_400_000);
    const res = await post(R.topReasons, { startTime: start, endTime: today });
    expect(res.statusCode).toBe(200);
    const report = envelopeOf<TopReasons>(res).data;
    // What the database holds for the company over the same range, counted independently.
    const rows = await f.t.ctx.db
      .selectFrom('device_offline_reasons')
      .innerJoin('stores', 'stores.id', 'device_offline_reasons.shop_id')
      .select(['stores.area_level', 'device_offline_reasons.reason_type_code'])
      .where('device_offline_reasons.company_id', '=', f.northwind)
      .execute();
    const expected = new Map<string, number>();
    for (const r of rows)
      expected.set(
        `${r.area_level}/${r.reason_type_code}`,
        (expected.get(`${r.area_level}/${r.reason_type_code}`) ?? 0) + 1,
      );
    const got = new Map<string, number>();
    for (const region of report.regions) {
      expect(region.total).toBe(region.reasons.reduce((s, r) => s + r.num, 0));
      for (const r of region.reasons) got.set(`${region.areaId}/${r.reasonTypeCode}`, r.num);
    }
    expect(got).toEqual(expected);
    // The regions in the reader's language: English names (the tests' requests read English), and
    // the Chinese ones without the header.
    const names = await f.t.ctx.db
      .selectFrom('level_configs')
      .select(['name', 'ename'])
      .where('id', 'in', [eastRegion, northRegion])
      .execute();
    expect(names.every((l) => l.ename)).toBe(true);
    expect(report.regions.map((r) => r.areaName)).toEqual(expect.arrayContaining(names.map((l) => l.ename)));
    const chinese = await f.t.send(
      R.topReasons,
      { body: { startTime: start, endTime: today } },
      { token: f.admin, language: null },
    );
    expect(envelopeOf<TopReasons>(chinese).data.regions.map((r) => r.areaName)).toEqual(
      expect.arrayContaining(['华东大区', '华北大区']),
    );
    const east = report.regions.find((r) => r.areaId === eastRegion);
    expect(east?.reasons[0]?.num).toBeGreaterThanOrEqual(east?.reasons.at(-1)?.num ?? 0);

    const onlyNorth = envelopeOf<TopReasons>(
      await post(R.topReasons, {
        startTime: start,
        endTime: today,
        areaLevelListStr: String(northRegion),
      }),
    ).data;
    expect(onlyNorth.regions.map((r) => r.areaId)).toEqual([northRegion]);
    const operator = envelopeOf<TopReasons>(
      await post(R.topReasons, { startTime: start, endTime: today }, f.operator),
    ).data;
    expect(operator.regions.map((r) => r.areaId)).toEqual([eastRegion]);
    const old = envelopeOf<TopReasons>(
      await post(R.topReasons, { startTime: '2025-01-01', endTime: '2025-01-31' }),
    ).data;
    expect(old.regions).toEqual([]);
    expect((await post(R.topReasons, { startTime: today, endTime: start })).statusCode).toBe(400);
  });
});
