import { type CallInput, UserEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ROLES } from '../../demo/demo-data';
import { buildUser, FACTORY_PASSWORD } from '../../testing/factories';
import { insertRole } from '../../testing/role-rows';
import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

interface Page {
  list: { id: number; userName: string }[];
  total: number;
}

let t: TestApp;
let admin: string;
let keeper: string;
const ids: Record<string, number> = {};
let eastStore = 0;

type ListQuery = CallInput<typeof UserEndpoints.listUsers>['query'];
type ShopUsersQuery = CallInput<typeof UserEndpoints.listShopUsers>['query'];
const list = (token: string, query: ListQuery) => t.send(UserEndpoints.listUsers, { query }, token);
const names = async (token: string, query: ListQuery) =>
  envelopeOf<Page>(await list(token, query)).data.list.map((u) => u.userName);
const shopUserNames = async (token: string, query: ShopUsersQuery) =>
  envelopeOf<Page>(await t.send(UserEndpoints.listShopUsers, { query }, token)).data.list.map(
    (u) => u.userName,
  );
const detail = (token: string, id = 0) => t.send(UserEndpoints.getUser, { params: { id } }, token);

async function levelId(name: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('level_configs')
    .select('id')
    .where('name', '=', name)
    .where('company_id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function roleId(name: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addUser(userName: string, role: number, areaCodes: string[] = []): Promise<void> {
  ids[userName] = (await buildUser(t, admin, { userName, roleId: role, areaCodes })).id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  const east = await levelId('华东大区');
  const north = await levelId('华北大区');
  const jiangsu = await levelId('江苏');
  const keeperRole = await insertRole(t.ctx.db, {
    companyId: 1,
    name: 'East user keeper',
    authorities: ['user-management', 'user-list-view'],
    areaIds: [east],
  });
  const viewer = await roleId(DEMO_ROLES.viewer.name);
  await addUser('east.keeper', keeperRole);
  await addUser('east.by.role', await roleId(DEMO_ROLES.eastOperator.name));
  await addUser('east.own', viewer, [String(jiangsu)]);
  await addUser('north.own', viewer, [String(north)]);
  await addUser('whole.viewer', viewer);
  // A twin of the east operator in the other company: same scope ids, other company.
  const { id: _id, ...operator } = await t.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('account_name', '=', 'operator')
    .executeTakeFirstOrThrow();
  const twin = await t.ctx.db
    .insertInto('users')
    .values({ ...operator, company_id: 2, account_name: 'harbor.twin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids['harbor.twin'] = twin.id;
  eastStore = (
    await t.ctx.db.selectFrom('stores').select('id').where('area_level', '=', east).executeTakeFirstOrThrow()
  ).id;
  keeper = await t.signIn('east.keeper', FACTORY_PASSWORD);
});
afterAll(() => t.close());

describe('a region-scoped common user sees only users inside its region', () => {
  it('lists users whose own or role areas lie in its region, hiding whole-company and other-region users', async () => {
    const seen = await names(keeper, { pageNum: 1, pageSize: 1000 });
    expect(seen).toEqual(expect.arrayContaining(['operator', 'east.keeper', 'east.by.role', 'east.own']));
    expect(seen).not.toContain('north.own');
    expect(seen).not.toContain('whole.viewer');
    expect(seen).not.toContain('harbor.twin');
    const page = envelopeOf<Page>(await list(keeper, { pageNum: 1, pageSize: 2 })).data;
    expect(page.list).toHaveLength(2);
    expect(page.total).toBe(seen.length);
  });

  it('answers 404 for the detail of an out-of-region, whole-company or other-company user', async () => {
    expect((await detail(keeper, ids['east.own'])).statusCode).toBe(200);
    for (const name of ['north.own', 'whole.viewer', 'harbor.twin']) {
      expect((await detail(keeper, ids[name])).statusCode).toBe(404);
    }
  });

  it('limits the users covering a store to those inside its region', async () => {
    const q = { pageNum: 1, pageSize: 1000, shopIds: eastStore };
    const covering = await shopUserNames(keeper, q);
    expect(covering).toEqual(expect.arrayContaining(['operator', 'east.own']));
    expect(covering).not.toContain('whole.viewer');
    expect(await shopUserNames(admin, q)).toContain('whole.viewer');
    const all = await shopUserNames(keeper, { pageNum: 1, pageSize: 1000 });
    expect(all).not.toContain('north.own');
  });

  it('keeps the customer admin seeing every user of its company', async () => {
    const seen = await names(admin, { pageNum: 1, pageSize: 1000 });
    expect(seen).toEqual(expect.arrayContaining(['north.own', 'whole.viewer', 'east.own']));
    expect((await detail(admin, ids['north.own'])).statusCode).toBe(200);
    expect((await detail(admin, ids['harbor.twin'])).statusCode).toBe(404);
  });
});
