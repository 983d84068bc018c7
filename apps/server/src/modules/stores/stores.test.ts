import { type AnyEndpoint, type QueryInput, type Store, StoreEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ROLES, demoAccount, HARBOR, NORTHWIND } from '../../demo/demo-data';
import { type LevelChain, levelChain, openOrgFixture } from '../../testing/org-fixture';
import { envelopeOf, type TestApp } from '../../testing/test-app';
import type { RawInput } from '../../testing/test-client';

interface Page {
  list: Store[];
  total: number;
  pageNum: number;
  pageSize: number;
}

let t: TestApp;
let admin: string;
let operator: string;
let agent: string;
let platform: string;
let northwind: number;
let harbor: number;
/** Northwind's East China region, one of its provinces and a city of that province. */
let east: LevelChain;
/** A Northwind chain outside East China (the operator's region). */
let north: LevelChain;
let harborCity: LevelChain;

beforeAll(async () => {
  ({ t, admin, operator, agent, platform, northwind, harbor } = await openOrgFixture());
  east = await levelChain(t, northwind, '华东大区');
  north = await levelChain(t, northwind, '华北大区');
  harborCity = await levelChain(t, harbor, '西部大区');
});
afterAll(() => t.close());

const S = StoreEndpoints;
/** A read of one of the store endpoints, its query checked against the endpoint's filters. */
const get = <E extends AnyEndpoint>(token: string, endpoint: E, query?: QueryInput<E>, companyId?: number) =>
  t.send(endpoint, { query } as RawInput<E>, { token, companyId });
const add = (token: string, body: object) => t.send(S.addStore, { body }, token);
const save = (token: string, body: object) => t.send(S.updateStore, { body }, token);
const move = (token: string, id: number, status: number) =>
  t.send(S.moveStore, { query: { id, status } }, token);
const remove = (token: string, id: number) => t.send(S.deleteStore, { params: { id } }, token);
const storeBody = (no: string, c: LevelChain) => ({
  storeNo: no,
  storeName: `Store ${no}`,
  addr: '南京市中山路1号',
  areaLevel: c.region,
  provinceLevel: c.province,
  cityLevel: c.city,
});

describe('store/list', () => {
  it('pages the company stores with spec fields and names of the region, company and creator', async () => {
    const res = await get(admin, S.list, {
      pageNum: 1,
      pageSize: 5,
      sortBy: 'storeNo',
      sortDirection: 'asc',
    });
    expect(res.statusCode).toBe(200);
    const page = envelopeOf<Page>(res).data;
    expect(page.list).toHaveLength(5);
    expect(page.total).toBeGreaterThan(20);
    const first = page.list[0];
    expect(first).toMatchObject({
      storeNo: 'NW0001',
      companyId: northwind,
      companyName: NORTHWIND.name,
      status: 0,
      statusShow: '正常',
      // Server tests read as the English console: region names in English (the demo gives them).
      areaName: NORTHWIND.regions[0]?.en,
      areaCode: String(east.region),
      createrName: 'system',
    });
    expect(first?.shopId).toBe(first?.id);
    expect(first?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(page.list.every((s) => s.companyId === northwind)).toBe(true);
  });

  it('returns the whole list as an array when no page is asked for', async () => {
    const res = await get(admin, S.list, { cityLevel: east.city });
    const all = envelopeOf<Store[]>(res).data;
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBe(3);
    expect(all.every((s) => s.cityLevel === east.city)).toBe(true);
  });

  it('filters by name, number, region codes and status', async () => {
    // 南京: the three stores of that city (demo store names are city + street).
    const byName = envelopeOf<Store[]>(await get(admin, S.list, { storeName: '南京' })).data;
    expect(byName.length).toBe(3);
    expect(byName.every((s) => s.storeName.includes('南京'))).toBe(true);
    // Text filters ignore case: nw0002 finds NW0002.
    const byNo = envelopeOf<Store[]>(await get(admin, S.list, { storeNo: 'nw0002' })).data;
    expect(byNo.map((s) => s.storeNo)).toEqual(['NW0002']);
    const byArea = envelopeOf<Store[]>(
      await get(admin, S.list, { areaCodes: `${north.region},${east.city}` }),
    ).data;
    expect(byArea.every((s) => s.areaLevel === north.region || s.cityLevel === east.city)).toBe(true);
    expect(byArea.some((s) => s.areaLevel === north.region)).toBe(true);
    const moved = envelopeOf<Store[]>(await get(admin, S.list, { status: 1 })).data;
    expect(moved).toEqual([]);
  });

  it('shows a scoped operator only the stores of its region', async () => {
    const all = envelopeOf<Store[]>(await get(operator, S.list)).data;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((s) => s.areaLevel === east.region)).toBe(true);
    const outside = envelopeOf<Store[]>(await get(operator, S.list, { areaLevel: north.region })).data;
    expect(outside).toEqual([]);
  });

  it("answers 404 for another company's id and refuses unknown sort fields", async () => {
    expect((await get(admin, S.list, { companyId: harbor })).statusCode).toBe(404);
    const bad = await get(admin, S.list, { sortBy: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).message).toContain('sortBy');
  });

  it('lets an agent admin list the company it acts in', async () => {
    const res = await get(agent, S.list, {}, harbor);
    const all = envelopeOf<Store[]>(res).data;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((s) => s.companyId === harbor)).toBe(true);
  });

  it('refuses callers without the store overview page', async () => {
    expect((await get(platform, S.list)).statusCode).toBe(403);
  });
});

describe('companies and areas', () => {
  it('lists all companies to platform users, the companyMap to agents and the own company to others', async () => {
    const names = async (token: string) =>
      envelopeOf<{ id: number; name: string; companyNo: string }[]>(
        await get(token, S.listCompanys),
      ).data.map((c) => c.companyNo);
    expect(await names(platform)).toEqual(expect.arrayContaining(['NW001', 'HL001']));
    expect(await names(agent)).toEqual(expect.arrayContaining(['NW001', 'HL001']));
    expect(await names(admin)).toEqual(['NW001']);
    expect(await names(operator)).toEqual(['NW001']);
    const filtered = envelopeOf<unknown[]>(
      await get(platform, S.listCompanys, { companyName: HARBOR.name.slice(0, 2) }),
    ).data;
    expect(filtered).toEqual([{ id: harbor, companyNo: 'HL001', name: HARBOR.name }]);
  });

  it("lists the caller's regions as areas", async () => {
    const areas = envelopeOf<{ areaCode: string; areaName: string }[]>(await get(admin, S.listAreas)).data;
    expect(areas.map((a) => a.areaName)).toEqual(NORTHWIND.regions.map((r) => r.en));
    expect(areas[0]?.areaCode).toBe(String(east.region));
    const mine = envelopeOf<{ areaName: string }[]>(await get(operator, S.listAreas)).data;
    expect(mine.map((a) => a.areaName)).toEqual([NORTHWIND.regions[0]?.en]);
    expect((await get(admin, S.listAreas, { companyId: harbor })).statusCode).toBe(404);
    expect((await get(platform, S.listAreas)).statusCode).toBe(400);
    const harborAreas = envelopeOf<unknown[]>(await get(platform, S.listAreas, { companyId: harbor })).data;
    expect(harborAreas).toHaveLength(2);
  });
});

describe('store/likeFindStoreByName', () => {
  it('finds stores by part of the name inside the scope only', async () => {
    // 北京: the three stores of the North China city, outside the operator's East China region.
    const name = { name: '北京' };
    const found = envelopeOf<Store[]>(await get(admin, S.likeFindStoreByName, name)).data;
    expect(found.length).toBe(3);
    const scoped = envelopeOf<Store[]>(await get(operator, S.likeFindStoreByName, name)).data;
    expect(scoped).toEqual([]);
  });

  it('requires the name', async () => {
    const res = await get(admin, S.likeFindStoreByName);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('name');
    expect((await get(admin, S.likeFindStoreByName, { name: ' ' })).statusCode).toBe(400);
  });
});

describe('store writes', () => {
  it('creates a store in the caller company, ignoring companyId and id in the body', async () => {
    const res = await add(admin, {
      ...storeBody('NW9001', east),
      companyId: harbor,
      id: 1,
      status: 1,
    });
    expect(res.statusCode).toBe(200);
    const store = envelopeOf<Store>(res).data;
    expect(store).toMatchObject({
      storeNo: 'NW9001',
      companyId: northwind,
      status: 0,
      areaLevel: east.region,
      provinceLevel: east.province,
      cityLevel: east.city,
      createrName: demoAccount('admin').name,
      lastUpdaterName: demoAccount('admin').name,
    });
    expect(store.id).not.toBe(1);
  });

  it('refuses a duplicate store number in the same company with 409, but not in another company', async () => {
    const dup = await add(admin, storeBody('NW0001', east));
    expect(dup.statusCode).toBe(409);
    expect(envelopeOf(dup).message).toContain('NW0001');
    const other = await t.send(
      S.addStore,
      { body: storeBody('NW0001', harborCity) },
      { token: agent, companyId: harbor },
    );
    expect(other.statusCode).toBe(200);
  });

  it('requires store number, name and region and names the missing fields', async () => {
    const res = await add(admin, { storeName: '' });
    expect(res.statusCode).toBe(400);
    const message = envelopeOf(res).message;
    expect(message).toContain('storeNo');
    expect(message).toContain('storeName');
    expect(message).toContain('areaLevel');
  });

  it('refuses a level chain that is not one branch of the company tree', async () => {
    const mixed = await add(admin, { ...storeBody('NW9002', east), cityLevel: north.city });
    expect(mixed.statusCode).toBe(400);
    expect(envelopeOf(mixed).message).toContain('cityLevel');
    // Another company's level is answered like any foreign id: not found, its existence not revealed.
    const foreign = await add(admin, storeBody('NW9003', harborCity));
    expect(foreign.statusCode).toBe(404);
    expect(envelopeOf(foreign).message).toContain('areaLevel');
    const swapped = await add(admin, {
      ...storeBody('NW9004', east),
      areaLevel: east.province,
    });
    expect(swapped.statusCode).toBe(400);
    const cityOnly = await add(admin, { ...storeBody('NW9005', east), provinceLevel: '' });
    expect(cityOnly.statusCode).toBe(400);
    expect(envelopeOf(cityOnly).message).toContain('provinceLevel');
    const count = await t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('store_no', 'in', ['NW9002', 'NW9003', 'NW9004', 'NW9005'])
      .execute();
    expect(count).toEqual([]);
  });

  it('updates a store and refuses taking another store number', async () => {
    const created = envelopeOf<Store>(await add(admin, storeBody('NW9010', east))).data;
    const res = await save(admin, {
      ...storeBody('NW9011', north),
      id: created.id,
      storeName: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf<Store>(res).data).toMatchObject({
      storeNo: 'NW9011',
      storeName: 'Renamed',
      areaLevel: north.region,
    });
    const clash = await save(admin, { ...storeBody('NW0002', north), id: created.id });
    expect(clash.statusCode).toBe(409);
  });

  it('marks a store moved and back', async () => {
    const created = envelopeOf<Store>(await add(admin, storeBody('NW9020', east))).data;
    const moved = await move(admin, created.id, 1);
    expect(envelopeOf<Store>(moved).data).toMatchObject({ status: 1, statusShow: '已搬迁' });
    const listed = envelopeOf<Store[]>(await get(admin, S.list, { status: 1 })).data;
    expect(listed.map((s) => s.id)).toContain(created.id);
    const back = await move(admin, created.id, 0);
    expect(envelopeOf<Store>(back).data.status).toBe(0);
    expect((await move(admin, created.id, 2)).statusCode).toBe(400);
  });

  it('deletes a store without devices and refuses one with devices', async () => {
    const empty = envelopeOf<Store>(await add(admin, storeBody('NW9030', east))).data;
    expect((await remove(admin, empty.id)).statusCode).toBe(200);
    expect((await remove(admin, empty.id)).statusCode).toBe(404);

    const busy = envelopeOf<Store>(await add(admin, storeBody('NW9031', east))).data;
    const now = Date.now();
    await t.ctx.db
      .insertInto('devices')
      .values({
        company_id: northwind,
        shop_id: busy.id,
        product_id: 4,
        hostid: 'pos-9031',
        device_name: 'POS 1',
        connect_type: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const refused = await remove(admin, busy.id);
    expect(refused.statusCode).toBe(409);
    expect(envelopeOf(refused).message).toContain('1 device');
    expect(envelopeOf<Store[]>(await get(admin, S.list, { shopId: busy.id })).data).toHaveLength(1);
  });

  it("answers 404 for another company's store and changes nothing", async () => {
    const harborStore = await t.ctx.db
      .selectFrom('stores')
      .selectAll()
      .where('company_id', '=', harbor)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const update = await save(admin, { ...storeBody('X1', east), id: harborStore.id });
    expect(update.statusCode).toBe(404);
    expect((await move(admin, harborStore.id, 1)).statusCode).toBe(404);
    expect((await remove(admin, harborStore.id)).statusCode).toBe(404);
    const after = await t.ctx.db
      .selectFrom('stores')
      .selectAll()
      .where('id', '=', harborStore.id)
      .executeTakeFirst();
    expect(after).toEqual(harborStore);
  });
});

describe('a scoped operator writing stores', () => {
  let scoped: string;
  let eastStore: number;
  let northStore: number;

  beforeAll(async () => {
    // The demo operator's role lacks the store buttons: give them to it for these tests.
    const role = await t.ctx.db
      .selectFrom('roles')
      .select(['id', 'button_authorities'])
      .where('name', '=', DEMO_ROLES.eastOperator.name)
      .executeTakeFirstOrThrow();
    const buttons = [
      ...(JSON.parse(role.button_authorities) as string[]),
      'store:add',
      'store:update',
      'store:move',
      'store:delete',
    ];
    await t.ctx.db
      .updateTable('roles')
      .set({ button_authorities: JSON.stringify(buttons) })
      .where('id', '=', role.id)
      .execute();
    scoped = operator;
    const pick = async (region: number) =>
      (
        await t.ctx.db
          .selectFrom('stores')
          .select('id')
          .where('area_level', '=', region)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    eastStore = await pick(east.region);
    northStore = await pick(north.region);
  });

  it('adds and edits stores inside its region only', async () => {
    expect((await add(scoped, storeBody('NW9040', east))).statusCode).toBe(200);
    const outside = await add(scoped, storeBody('NW9041', north));
    expect(outside.statusCode).toBe(403);
    const moveOut = await save(scoped, { ...storeBody('NW0001', north), id: eastStore });
    expect(moveOut.statusCode).toBe(403);
  });

  it('gets 404 for stores outside its region, and they stay unchanged', async () => {
    const before = await t.ctx.db
      .selectFrom('stores')
      .selectAll()
      .where('id', '=', northStore)
      .executeTakeFirst();
    expect((await save(scoped, { ...storeBody('NW9042', north), id: northStore })).statusCode).toBe(404);
    expect((await move(scoped, northStore, 1)).statusCode).toBe(404);
    expect((await remove(scoped, northStore)).statusCode).toBe(404);
    expect(envelopeOf<Store[]>(await get(scoped, S.list, { shopId: northStore })).data).toEqual([]);
    const after = await t.ctx.db
      .selectFrom('stores')
      .selectAll()
      .where('id', '=', northStore)
      .executeTakeFirst();
    expect(after).toEqual(before);
  });
});
