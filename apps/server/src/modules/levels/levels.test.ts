import type { LevelTreeNode, RegionLevelNode, RegionLevelTreeNode, Store } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ROLES } from '../../demo/demo-data';
import { levelId, openOrgFixture } from '../../testing/org-fixture';
import { bearer, envelopeOf, type TestApp } from '../../testing/test-app';

const LEVEL = '/api/user-service/levelConfig';

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

const get = <T>(token: string, url: string) =>
  t.app
    .inject({ method: 'GET', url, headers: bearer(token) })
    .then((res) => ({ res, data: envelopeOf<T>(res).data }));
const post = (token: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('reading the hierarchy', () => {
  it('lists the region → province → city tree with childLevel and node fields', async () => {
    const { data } = await get<RegionLevelTreeNode[]>(admin, `${LEVEL}/listLevelTree`);
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
    const { data } = await get<LevelTreeNode[]>(admin, `${LEVEL}/listLevelConfig`);
    expect(data[0]?.childTreeDto[0]?.childTreeDto[0]?.name).toBe('南京');
    const harborTree = await get<LevelTreeNode[]>(platform, `${LEVEL}/listLevelConfig?companyId=${harbor}`);
    expect(harborTree.data.map((r) => r.name)).toEqual(['西部大区', '华中大区']);
    expect((await get(platform, `${LEVEL}/listLevelConfig`)).res.statusCode).toBe(400);
    expect((await get(admin, `${LEVEL}/listLevelConfig?companyId=${harbor}`)).res.statusCode).toBe(404);
  });

  it('lists regions, every node flat, and the next level of one or several nodes', async () => {
    const areas = await get<{ id: number; name: string }[]>(admin, `${LEVEL}/listAreaLevel`);
    expect(areas.data[0]).toEqual({ id: eastRegion, name: '华东大区' });
    const flat = await get<RegionLevelNode[]>(admin, `${LEVEL}/listDtLevel`);
    expect(flat.data.length).toBe(3 + 8 + 11);
    const next = await get<RegionLevelNode[]>(admin, `${LEVEL}/listNextLevel/${eastRegion}`);
    expect(next.data.map((n) => n.name)).toEqual(['江苏', '浙江', '上海']);
    const multi = await get<RegionLevelNode[]>(
      admin,
      `${LEVEL}/listNextLevelMulti/${eastRegion},${northRegion}`,
    );
    expect(multi.data.map((n) => n.name)).toEqual(['江苏', '浙江', '上海', '北京', '天津', '河北']);
    expect((await get(admin, `${LEVEL}/listNextLevelMulti/1,x`)).res.statusCode).toBe(400);
    expect((await get(admin, `${LEVEL}/listNextLevel/abc`)).res.statusCode).toBe(400);
  });

  it('lists the stores below one or several levels', async () => {
    const one = await get<Store[]>(admin, `${LEVEL}/listStore/${eastRegion}`);
    expect(one.data.length).toBe(15);
    expect(one.data.every((s) => s.areaLevel === eastRegion)).toBe(true);
    const both = await get<Store[]>(admin, `${LEVEL}/listStoreMulti/${eastRegion},${northRegion}`);
    expect(both.data.length).toBe(24);
  });

  it("answers 404 for another company's level ids", async () => {
    for (const url of [
      `${LEVEL}/listNextLevel/${harborRegion}`,
      `${LEVEL}/listNextLevelMulti/${eastRegion},${harborRegion}`,
      `${LEVEL}/listStore/${harborRegion}`,
      `${LEVEL}/listStoreMulti/${harborRegion}`,
    ]) {
      expect((await get(admin, url)).res.statusCode, url).toBe(404);
    }
  });

  it('shows a scoped operator its region with the path above it, and nothing of other regions', async () => {
    const tree = await get<RegionLevelTreeNode[]>(operator, `${LEVEL}/listLevelTree`);
    expect(tree.data.map((r) => r.name)).toEqual(['华东大区']);
    expect(tree.data[0]?.childLevel.map((p) => p.name)).toEqual(['江苏', '浙江', '上海']);
    expect((await get(operator, `${LEVEL}/listNextLevel/${northRegion}`)).res.statusCode).toBe(404);
    expect((await get(operator, `${LEVEL}/listStore/${northRegion}`)).res.statusCode).toBe(404);
    const flat = await get<RegionLevelNode[]>(operator, `${LEVEL}/listDtLevel`);
    expect(flat.data.length).toBe(1 + 3 + 5);
  });

  it('lets an agent admin read the company it acts in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${LEVEL}/listAreaLevel`,
      headers: bearer(agent, harbor),
    });
    expect(envelopeOf<{ name: string }[]>(res).data.map((a) => a.name)).toEqual(['西部大区', '华中大区']);
  });
});

describe('editing the hierarchy', () => {
  it('adds a region, a province below it and a city below that, deriving the level from the parent', async () => {
    const region = envelopeOf<RegionLevelNode>(
      await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, { name: '西北大区', companyId: harbor, level: 3 }),
    ).data;
    expect(region).toMatchObject({
      name: '西北大区',
      pid: null,
      currentLevelId: 1,
      companyId: northwind,
      parentFlag: 0,
    });
    const province = envelopeOf<RegionLevelNode>(
      await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, {
        name: '陕西',
        ename: 'Shaanxi',
        pid: region.id,
      }),
    ).data;
    expect(province).toMatchObject({ pid: region.id, currentLevelId: 2, ename: 'Shaanxi' });
    const city = await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, { name: '西安', pid: province.id });
    expect(envelopeOf<RegionLevelNode>(city).data).toMatchObject({
      currentLevelId: 3,
      treeID: `${region.id}-${province.id}-${envelopeOf<RegionLevelNode>(city).data.id}`,
    });
    const tooDeep = await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, {
      name: '雁塔区',
      pid: envelopeOf<RegionLevelNode>(city).data.id,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(envelopeOf(tooDeep).message).toContain('pid');
  });

  it('renames a node and keeps its place', async () => {
    const node = envelopeOf<RegionLevelNode>(
      await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, { name: '东北大区' }),
    ).data;
    const renamed = await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, {
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
    const missing = await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, { pid: eastRegion });
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).message).toContain('name');
    const blank = await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    const twin = await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, { name: '江苏', pid: eastRegion });
    expect(twin.statusCode).toBe(409);
  });

  it("refuses another company's parent or node with 404 and changes nothing", async () => {
    const before = await t.ctx.db
      .selectFrom('level_configs')
      .selectAll()
      .where('id', '=', harborRegion)
      .executeTakeFirst();
    expect(
      (await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, { name: 'x', pid: harborRegion })).statusCode,
    ).toBe(404);
    expect(
      (await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, { id: harborRegion, name: 'taken over' }))
        .statusCode,
    ).toBe(404);
    expect((await post(admin, `${LEVEL}/deleteLevelConfig/${harborRegion}`)).statusCode).toBe(404);
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
    const withChildren = await post(admin, `${LEVEL}/deleteLevelConfig/${eastRegion}`);
    expect(withChildren.statusCode).toBe(409);
    expect(envelopeOf(withChildren).message).toContain('江苏');
    const nanjing = await levelId(t, northwind, '南京');
    const withStores = await post(admin, `${LEVEL}/deleteLevelConfig/${nanjing}`);
    expect(withStores.statusCode).toBe(409);
    expect(envelopeOf(withStores).message).toMatch(/3 store\(s\): NW000/);
    const empty = envelopeOf<RegionLevelNode>(
      await post(admin, `${LEVEL}/addOrUpdateLevelConfig`, { name: '临时', pid: eastRegion }),
    ).data;
    expect((await post(admin, `${LEVEL}/deleteLevelConfig/${empty.id}`)).statusCode).toBe(200);
    const gone = await t.ctx.db
      .selectFrom('level_configs')
      .select('id')
      .where('id', '=', empty.id)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });

  it('refuses callers without the level edit code, and scoped users even with it', async () => {
    expect((await post(operator, `${LEVEL}/addOrUpdateLevelConfig`, { name: 'x' })).statusCode).toBe(403);
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
    const scoped = await post(operator, `${LEVEL}/addOrUpdateLevelConfig`, { name: 'x', pid: eastRegion });
    expect(scoped.statusCode).toBe(403);
    expect(envelopeOf(scoped).message).toContain('whole company');
    expect((await post(platform, `${LEVEL}/addOrUpdateLevelConfig`, { name: 'x' })).statusCode).toBe(403);
  });
});
