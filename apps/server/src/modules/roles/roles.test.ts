import { COMPANY_CODES } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ROLES } from '../../demo/demo-data';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

const ROLE = '/api/user-service/role';

interface RoleReply {
  id: number;
  name: string;
  app: string;
  companyId: number | null;
  authorities: string[];
  buttonAuthorities: string[];
  areaIds: number[];
  storeIds: number[];
  userCount: number;
}
interface TreeNode {
  code: string;
  kind: string;
  children?: TreeNode[];
}

let t: TestApp;
let admin: string;
let platform: string;
let eastId: number;
let northId: number;
let harborRegionId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  platform = await t.signIn('platform');
  const levels = await t.ctx.db
    .selectFrom('level_configs')
    .select(['id', 'name'])
    .where('level', '=', 1)
    .execute();
  const id = (name: string) => levels.find((l) => l.name === name)?.id ?? 0;
  eastId = id('华东大区');
  northId = id('华北大区');
  harborRegionId = id('西部大区');
});
afterAll(() => t.close());

const put = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: ROLE, headers: bearer(token), payload });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const codes = ['store-management', 'store-overview', 'device-management', 'device-monitored-list-view'];

describe('roles of a company', () => {
  it('lists the company roles with how many users hold each', async () => {
    const res = await get(admin, `${ROLE}/list?pageSize=50`);
    expect(res.statusCode).toBe(200);
    const list = envelopeOf<{ list: RoleReply[] }>(res).data.list;
    expect(list.map((r) => r.name)).toEqual([DEMO_ROLES.eastOperator.name, DEMO_ROLES.viewer.name]);
    expect(list[0]?.userCount).toBe(1);
  });

  it('creates a role limited to one region and lists its areas', async () => {
    const res = await put(admin, {
      name: 'North desk',
      authorities: codes,
      buttonAuthorities: ['device:ping'],
      areaIds: [northId],
    });
    expect(res.statusCode).toBe(200);
    const { id } = envelopeOf<{ id: number }>(res).data;
    const detail = envelopeOf<RoleReply>(await get(admin, `${ROLE}/${id}/id`)).data;
    expect(detail).toMatchObject({ name: 'North desk', app: 'company', companyId: 1, areaIds: [northId] });
    const areas = envelopeOf<{ id: number; name: string }[]>(
      await get(admin, `${ROLE}/${id}/area/List`),
    ).data;
    expect(areas).toEqual([expect.objectContaining({ id: northId, name: '华北大区' })]);
  });

  it('refuses codes outside the caller own, naming them', async () => {
    const res = await put(admin, { name: 'Odd', authorities: ['store-management', 'root-everything'] });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('authorities: holds codes you cannot grant: root-everything');
  });

  it('refuses areas of another company as not found', async () => {
    const res = await put(admin, { name: 'Odd', authorities: codes, areaIds: [harborRegionId] });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res).message).toContain(String(harborRegionId));
  });

  it('updates a role and refuses deleting one that users hold, saying how many', async () => {
    const { id } = envelopeOf<{ id: number }>(await put(admin, { name: 'Temp', authorities: codes })).data;
    const up = await post(admin, ROLE, { id, name: 'Temp 2', authorities: codes, areaIds: [eastId] });
    expect(up.statusCode).toBe(200);
    expect(envelopeOf<RoleReply>(await get(admin, `${ROLE}/${id}/id`)).data).toMatchObject({
      name: 'Temp 2',
      areaIds: [eastId],
    });
    const operatorRole = (
      await t.ctx.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', DEMO_ROLES.eastOperator.name)
        .executeTakeFirstOrThrow()
    ).id;
    const held = await post(admin, `${ROLE}/delete/${operatorRole}`);
    expect(held.statusCode).toBe(409);
    expect(envelopeOf(held).message).toContain('held by 1 user');
    expect((await post(admin, `${ROLE}/delete/${id}`)).statusCode).toBe(200);
    expect((await get(admin, `${ROLE}/${id}/id`)).statusCode).toBe(404);
  });

  it('offers the whole company tree to an admin', async () => {
    const tree = envelopeOf<TreeNode[]>(await get(admin, `${ROLE}/permissionTree`)).data;
    const all: string[] = [];
    const walk = (nodes: TreeNode[]) => {
      for (const n of nodes) {
        all.push(n.code);
        walk(n.children ?? []);
      }
    };
    walk(tree);
    expect(new Set(all)).toEqual(new Set([...COMPANY_CODES.authorities, ...COMPANY_CODES.buttonAuthorities]));
  });
});

describe('a common user managing roles', () => {
  it('sees only the codes it holds and may not widen a role beyond its own region', async () => {
    const keeperCodes = ['role-management', 'role-list-view', ...codes];
    const { id: roleId } = envelopeOf<{ id: number }>(
      await put(admin, {
        name: 'Role keeper',
        authorities: keeperCodes,
        buttonAuthorities: ['role:add'],
        areaIds: [eastId],
      }),
    ).data;
    await t.app.inject({
      method: 'PUT',
      url: '/api/user-service/user',
      headers: bearer(admin),
      payload: { name: 'Keeper', userName: 'role.keeper', password: 'Secret#2026', status: 'ACTIVE', roleId },
    });
    const keeper = await t.signIn('role.keeper', 'Secret#2026');
    const tree = envelopeOf<TreeNode[]>(await get(keeper, `${ROLE}/permissionTree`)).data;
    expect(tree.map((n) => n.code)).toEqual(['store-management', 'device-management', 'role-management']);
    const inside = await put(keeper, { name: 'East sub', authorities: codes, areaIds: [eastId] });
    expect(inside.statusCode).toBe(200);
    expect((await put(keeper, { name: 'North', authorities: codes, areaIds: [northId] })).statusCode).toBe(
      404,
    );
    expect((await put(keeper, { name: 'Everything', authorities: codes })).statusCode).toBe(403);
    const more = await put(keeper, {
      name: 'More',
      authorities: [...codes, 'user-management'],
      areaIds: [eastId],
    });
    expect(more.statusCode).toBe(400);
  });
});

describe('admin roles', () => {
  it('platform users keep admin roles with no company and only admin codes', async () => {
    const res = await put(platform, { name: 'Support', authorities: ['user-management', 'user-list-view'] });
    expect(res.statusCode).toBe(200);
    const { id } = envelopeOf<{ id: number }>(res).data;
    expect(envelopeOf<RoleReply>(await get(platform, `${ROLE}/${id}/id`)).data).toMatchObject({
      app: 'admin',
      companyId: null,
    });
    const list = envelopeOf<{ list: RoleReply[] }>(await get(platform, `${ROLE}/list`)).data.list;
    expect(list.map((r) => r.name)).toEqual(['Support']);
    const company = envelopeOf<{ list: RoleReply[] }>(await get(platform, `${ROLE}/list?companyId=2`)).data
      .list;
    expect(company.map((r) => r.name)).toEqual([DEMO_ROLES.warehouseOperator.name]);
    expect((await put(platform, { name: 'X', authorities: ['store-management'] })).statusCode).toBe(400);
    expect((await get(admin, `${ROLE}/${id}/id`)).statusCode).toBe(404);
  });
});
