import { type AnyEndpoint, LevelEndpoints, type RegionLevelNode } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ROLES } from '../../demo/demo-data';
import { levelId, openOrgFixture } from '../../testing/org-fixture';
import { envelopeOf, type TestApp } from '../../testing/test-app';
import type { RawArg, ReplyOf } from '../../testing/test-client';

let t: TestApp;
let admin: string;
let operator: string;
let agent: string;
let platform: string;
let northwind: number;
let harbor: number;
let eastRegion: number;
let northRegion: number;
let harborRegion: number;

beforeAll(async () => {
  ({ t, admin, operator, agent, platform, northwind, harbor } = await openOrgFixture());
  eastRegion = await levelId(t, northwind, '华东大区');
  northRegion = await levelId(t, northwind, '华北大区');
  harborRegion = await levelId(t, harbor, '西部大区');
});
afterAll(() => t.close());

const L = LevelEndpoints;
const get = <E extends AnyEndpoint>(token: string, endpoint: E, input: RawArg<E>) =>
  t.send(endpoint, input, token).then((res) => ({ res, data: envelopeOf<ReplyOf<E>>(res).data }));
const save = (token: string, body: object) => t.send(L.addOrUpdateLevelConfig, { body }, token);
const remove = (token: string, id: number) => t.send(L.deleteLevelConfig, { params: { id } }, token);

describe('reading the hierarchy', () => {
  it('lists the region → province → city tree with childLevel and node fields', async () => {
    const { data } = await get(admin, L.listLevelTree, {});
    expect(data.map((r) => r.name)).toEqual(['华东大区', '华北大区', '华南大区']);
    const east = data[0];
    expect(east).toMatchObject({
      id: eastRegion,
      pid: null,
      parentFlag: 1,
      currentLevelId: 1,
      companyId: northwind,
    });
    const jiangsu = east?.childLevel[0];
    expect(jiangsu).toMatchObject({ name: '江苏', ename: 'Jiangsu', pid: eastRegion, currentLevelId: 2 });
    const nanjing = jiangsu?.childLevel[0];
    expect(nanjing).toMatchObject({ name: '南京', currentLevelId: 3, parentFlag: 0, childLevel: [] });
    expect(nanjing?.treeID).toBe(`${eastRegion}-${jiangsu?.id}-${nanjing?.id}`);
    expect(nanjing?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('lists the editor tree with childTreeDto, for the company a platform user names', async () => {
    const { data } = await get(admin, L.listLevelConfig, {});
    expect(data[0]?.childTreeDto[0]?.childTreeDto[0]?.name).toBe('南京');
    const harborTree = await get(platform, L.listLevelConfig, { query: { companyId: harbor } });
    expect(harborTree.data.map((r) => r.name)).toEqual(['西部大区', '华中大区']);
    expect((await get(platform, L.listLevelConfig, {})).res.statusCode).toBe(400);
    expect((await get(admin, L.listLevelConfig, { query: { companyId: harbor } })).res.statusCode).toBe(404);
  });

  it('lists regions, every node flat, and the next level of one or several nodes', async () => {
    const areas = await get(admin, L.listAreaLevel, {});
    expect(areas.data[0]).toEqual({ id: eastRegion, name: '华东大区' });
    const flat = await get(admin, L.listDtLevel, {});
    expect(flat.data.length).toBe(3 + 8 + 11);
    const next = await get(admin, L.listNextLevel, { params: { levelId: eastRegion } });
    expect(next.data.map((n) => n.name)).toEqual(['江苏', '浙江', '上海']);
    const multi = await get(admin, L.listNextLevelMulti, {
      params: { levelIdListStr: `${eastRegion},${northRegion}` },
    });
    expect(multi.data.map((n) => n.name)).toEqual(['江苏', '浙江', '上海', '北京', '天津', '河北']);
    expect(
      (await get(admin, L.listNextLevelMulti, { params: { levelIdListStr: '1,x' } })).res.statusCode,
    ).toBe(400);
    expect((await get(admin, L.listNextLevel, { params: { levelId: 'abc' } })).res.statusCode).toBe(400);
  });

  it('lists the stores below one or several levels', async () => {
    const one = await get(admin, L.listStore, { params: { levelId: eastRegion } });
    expect(one.data.length).toBe(15);
    expect(one.data.every((s) => s.areaLevel === eastRegion)).toBe(true);
    const both = await get(admin, L.listStoreMulti, {
      params: { levelIdListStr: `${eastRegion},${northRegion}` },
    });
    expect(both.data.length).toBe(24);
  });

  it("answers 404 for another company's level ids", async () => {
    const asks = {
      listNextLevel: () => get(admin, L.listNextLevel, { params: { levelId: harborRegion } }),
      listNextLevelMulti: () =>
        get(admin, L.listNextLevelMulti, { params: { levelIdListStr: `${eastRegion},${harborRegion}` } }),
      listStore: () => get(admin, L.listStore, { params: { levelId: harborRegion } }),
      listStoreMulti: () => get(admin, L.listStoreMulti, { params: { levelIdListStr: harborRegion } }),
    };
    for (const [name, ask] of Object.entries(asks)) {
      expect((await ask()).res.statusCode, name).toBe(404);
    }
  });

  it('shows a scoped operator its region with the path above it, and nothing of other regions', async () => {
    const tree = await get(operator, L.listLevelTree, {});
    expect(tree.data.map((r) => r.name)).toEqual(['华东大区']);
    expect(tree.data[0]?.childLevel.map((p) => p.name)).toEqual(['江苏', '浙江', '上海']);
    expect((await get(operator, L.listNextLevel, { params: { levelId: northRegion } })).res.statusCode).toBe(
      404,
    );
    expect((await get(operator, L.listStore, { params: { levelId: northRegion } })).res.statusCode).toBe(404);
    const flat = await get(operator, L.listDtLevel, {});
    expect(flat.data.length).toBe(1 + 3 + 5);
  });

  it('lets an agent admin read the company it acts in', async () => {
    const res = await t.send(L.listAreaLevel, {}, { token: agent, companyId: harbor });
    expect(envelopeOf<{ name: string }[]>(res).data.map((a) => a.name)).toEqual(['西部大区', '华中大区']);
  });
});

describe('editing the hierarchy', () => {
  it('adds a region, a province below it and a city below that, deriving the level from the parent', async () => {
    const region = envelopeOf<RegionLevelNode>(
      await save(admin, { name: '西北大区', companyId: harbor, level: 3 }),
    ).data;
    expect(region).toMatchObject({
      name: '西北大区',
      pid: null,
      currentLevelId: 1,
      companyId: northwind,
      parentFlag: 0,
    });
    const province = envelopeOf<RegionLevelNode>(
      await save(admin, {
        name: '陕西',
        ename: 'Shaanxi',
        pid: region.id,
      }),
    ).data;
    expect(province).toMatchObject({ pid: region.id, currentLevelId: 2, ename: 'Shaanxi' });
    const city = await save(admin, { name: '西安', pid: province.id });
    expect(envelopeOf<RegionLevelNode>(city).data).toMatchObject({
      currentLevelId: 3,
      treeID: `${region.id}-${province.id}-${envelopeOf<RegionLevelNode>(city).data.id}`,
    });
    const tooDeep = await save(admin, {
      name: '雁塔区',
      pid: envelopeOf<RegionLevelNode>(city).data.id,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(envelopeOf(tooDeep).message).toContain('pid');
  });

  it('renames a node and keeps its place', async () => {
    const node = envelopeOf<RegionLevelNode>(await save(admin, { name: '东北大区' })).data;
    const renamed = await save(admin, {
      id: node.id,
      name: '东北区',
      pid: eastRegion,
    });
    expect(envelopeOf<RegionLevelNode>(renamed).data).toMatchObject({
      id: node.id,
      name: '东北区',
      pid: null,
      currentLevelId: 1,
    });
  });

  it('requires the name and refuses a duplicate name under the same parent', async () => {
    const missing = await save(admin, { pid: eastRegion });
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).message).toContain('name');
    const blank = await save(admin, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    const twin = await save(admin, { name: '江苏', pid: eastRegion });
    expect(twin.statusCode).toBe(409);
  });

  it("refuses another company's parent or node with 404 and changes nothing", async () => {
    const before = await t.ctx.db
      .selectFrom('level_configs')
      .selectAll()
      .where('id', '=', harborRegion)
      .executeTakeFirst();
    expect((await save(admin, { name: 'x', pid: harborRegion })).statusCode).toBe(404);
    expect((await save(admin, { id: harborRegion, name: 'taken over' })).statusCode).toBe(404);
    expect((await remove(admin, harborRegion)).statusCode).toBe(404);
    const after = await t.ctx.db
      .selectFrom('level_configs')
      .selectAll()
      .where('id', '=', harborRegion)
      .executeTakeFirst();
    expect(after).toEqual(before);
    const children = await t.ctx.db
      .selectFrom('level_configs')
      .select('id')
      .where('pid', '=', harborRegion)
      .execute();
    expect(children).toHaveLength(2);
  });

  it('refuses deleting a node with lower levels, then one with stores, naming them, and deletes an empty one', async () => {
    const withChildren = await remove(admin, eastRegion);
    expect(withChildren.statusCode).toBe(409);
    expect(envelopeOf(withChildren).message).toContain('江苏');
    const nanjing = await levelId(t, northwind, '南京');
    const withStores = await remove(admin, nanjing);
    expect(withStores.statusCode).toBe(409);
    expect(envelopeOf(withStores).message).toMatch(/3 store\(s\): NW000/);
    const empty = envelopeOf<RegionLevelNode>(await save(admin, { name: '临时', pid: eastRegion })).data;
    expect((await remove(admin, empty.id)).statusCode).toBe(200);
    const gone = await t.ctx.db
      .selectFrom('level_configs')
      .select('id')
      .where('id', '=', empty.id)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });

  it('refuses callers without the level edit code, and scoped users even with it', async () => {
    expect((await save(operator, { name: 'x' })).statusCode).toBe(403);
    const role = await t.ctx.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', DEMO_ROLES.eastOperator.name)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('roles')
      .set({
        authorities: JSON.stringify(['store-management', 'level-setting-view']),
        button_authorities: JSON.stringify(['level:edit']),
      })
      .where('id', '=', role.id)
      .execute();
    const scoped = await save(operator, { name: 'x', pid: eastRegion });
    expect(scoped.statusCode).toBe(403);
    expect(envelopeOf(scoped).message).toContain('whole company');
    expect((await save(platform, { name: 'x' })).statusCode).toBe(403);
  });
});
