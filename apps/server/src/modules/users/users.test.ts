import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ROLES } from '../../demo/demo-data';
import { insertRole } from '../../testing/role-rows';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

const USER = '/api/user-service/user';

interface UserReply {
  id: number;
  userName: string;
  name: string;
  status: string;
  userType: number;
  companyId: number | null;
  roleId: number | null;
  roleName: string | null;
  areaCodes: string[];
  storeIds: string[];
  createDatetime: string;
}
interface Page<T> {
  list: T[];
  total: number;
}

let t: TestApp;
let admin: string;
let platform: string;
let viewerRoleId: number;
let operatorRoleId: number;
let harborRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  platform = await t.signIn('platform');
  const roles = await t.ctx.db.selectFrom('roles').select(['id', 'name']).execute();
  const id = (name: string) => roles.find((r) => r.name === name)?.id ?? 0;
  viewerRoleId = id(DEMO_ROLES.viewer.name);
  operatorRoleId = id(DEMO_ROLES.eastOperator.name);
  harborRoleId = id(DEMO_ROLES.warehouseOperator.name);
});
afterAll(() => t.close());

const put = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: USER, headers: bearer(token), payload });
const post = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: USER, headers: bearer(token), payload });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  name: `Person ${userName}`,
  userName,
  password: 'Secret#2026',
  status: 'ACTIVE',
  roleId: viewerRoleId,
  ...extra,
});

describe('user list', () => {
  it('lists the company users with the spec fields and never a password', async () => {
    const res = await get(admin, `${USER}/list?pageNum=1&pageSize=50`);
    expect(res.statusCode).toBe(200);
    const page = envelopeOf<Page<UserReply>>(res).data;
    const names = page.list.map((u) => u.userName);
    expect(names).toContain('admin');
    expect(names).toContain('operator');
    expect(names).not.toContain('platform');
    expect(names).not.toContain('agent');
    expect(res.body).not.toMatch(/password|argon2/i);
    const operator = page.list.find((u) => u.userName === 'operator');
    expect(operator).toMatchObject({ userType: 3, status: 'ACTIVE', roleName: DEMO_ROLES.eastOperator.name });
    expect(operator?.createDatetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by name, status and user type', async () => {
    const res = await get(admin, `${USER}/list?userName=oper&status=ACTIVE&userType=3`);
    const page = envelopeOf<Page<UserReply>>(res).data;
    expect(page.list.map((u) => u.userName)).toEqual(['operator']);
    const none = await get(admin, `${USER}/list?userType=3&status=DRAFT`);
    expect(envelopeOf<Page<UserReply>>(none).data.total).toBe(0);
  });

  it('refuses a user type outside 0 to 3 naming the field', async () => {
    const res = await get(admin, `${USER}/list?userType=7`);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('userType');
  });

  it('shows platform users and customer admins to platform users', async () => {
    const res = await get(platform, `${USER}/list?pageSize=100`);
    const names = envelopeOf<Page<UserReply>>(res).data.list.map((u) => u.userName);
    expect(names).toEqual(expect.arrayContaining(['platform', 'admin', 'agent']));
    expect(names).not.toContain('operator');
  });
});

describe('creating and changing users', () => {
  it('creates a common user who can sign in, and returns it by id', async () => {
    const res = await put(admin, newUser('ann.lee', { description: 'Night shift' }));
    expect(res.statusCode).toBe(200);
    const { id } = envelopeOf<{ id: number }>(res).data;
    const detail = envelopeOf<UserReply>(await get(admin, `${USER}/${id}/id`)).data;
    expect(detail).toMatchObject({ userName: 'ann.lee', userType: 3, companyId: 1, roleId: viewerRoleId });
    await expect(t.signIn('ann.lee', 'Secret#2026')).resolves.toBeTypeOf('string');
  });

  it('names every missing required field', async () => {
    const res = await put(admin, {});
    expect(res.statusCode).toBe(400);
    const message = envelopeOf(res).message;
    for (const field of ['name', 'userName', 'roleId', 'status', 'password'])
      expect(message).toContain(field);
  });

  it('requires the password on create but not on update', async () => {
    const res = await put(admin, { ...newUser('no.pass'), password: undefined });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('password');
  });

  it('refuses a taken user name', async () => {
    const res = await put(admin, newUser('Operator'));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('userName: is already taken');
  });

  it('stores the areas and stores narrowing a common user', async () => {
    const stores = await t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', 1)
      .limit(2)
      .execute();
    const res = await put(admin, newUser('narrow.one', { storeIds: stores.map((s) => String(s.id)) }));
    const { id } = envelopeOf<{ id: number }>(res).data;
    const detail = envelopeOf<UserReply>(await get(admin, `${USER}/${id}/id`)).data;
    expect(detail.storeIds).toEqual(stores.map((s) => String(s.id)));
  });

  it('updates a user, and a new password ends its sessions', async () => {
    const { id } = envelopeOf<{ id: number }>(await put(admin, newUser('bob.chan'))).data;
    const token = await t.signIn('bob.chan', 'Secret#2026');
    const res = await post(admin, {
      ...newUser('bob.chan', { name: 'Bob Chan' }),
      id,
      password: 'Other#2026x',
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf<UserReply>(await get(admin, `${USER}/${id}/id`)).data.name).toBe('Bob Chan');
    expect((await get(token, '/api/user-service/auth/me')).statusCode).toBe(401);
    await expect(t.signIn('bob.chan', 'Other#2026x')).resolves.toBeTypeOf('string');
  });

  it('refuses to deactivate your own account', async () => {
    const me = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('account_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: `${USER}/disable?id=${me.id}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('disabling and enabling', () => {
  it('ends the disabled user sessions at once and lets it back in once enabled', async () => {
    const { id } = envelopeOf<{ id: number }>(await put(admin, newUser('cara.wu'))).data;
    const token = await t.signIn('cara.wu', 'Secret#2026');
    expect((await get(token, '/api/user-service/auth/me')).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: `${USER}/disable?id=${id}`,
      headers: bearer(admin),
    });
    expect(off.statusCode).toBe(200);
    expect((await get(token, '/api/user-service/auth/me')).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/auth/login',
      payload: { username: 'cara.wu', password: 'Secret#2026' },
    });
    expect(refused.statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: `${USER}/enable?id=${id}`, headers: bearer(admin) });
    await expect(t.signIn('cara.wu', 'Secret#2026')).resolves.toBeTypeOf('string');
  });
});

describe('never granting more than the caller holds', () => {
  it('refuses a platform user or an agent admin created by a customer admin', async () => {
    expect((await put(admin, newUser('sneaky.p', { userType: 0 }))).statusCode).toBe(403);
    expect((await put(admin, newUser('sneaky.a', { userType: 2 }))).statusCode).toBe(403);
  });

  it('refuses users of another company and roles of another company', async () => {
    expect((await put(admin, newUser('other.co', { companyId: 2 }))).statusCode).toBe(403);
    expect((await put(admin, newUser('other.role', { roleId: harborRoleId }))).statusCode).toBe(404);
  });

  it('lets a common user with user:add create only common users with roles inside its own codes', async () => {
    const roleId = await insertRole(t.ctx.db, {
      companyId: 1,
      name: 'User keeper',
      authorities: ['user-management', 'user-list-view', 'dashboard', 'monitor-screen'],
      buttons: ['user:add'],
    });
    await put(admin, newUser('keeper', { roleId }));
    const keeper = await t.signIn('keeper', 'Secret#2026');
    const ok = await put(keeper, newUser('kept.one', { roleId: viewerRoleId }));
    expect(ok.statusCode).toBe(200);
    const wider = await put(keeper, newUser('kept.two', { roleId: operatorRoleId }));
    expect(wider.statusCode).toBe(403);
    expect(envelopeOf(wider).message).toContain(DEMO_ROLES.eastOperator.name);
    expect((await put(keeper, newUser('kept.admin', { userType: 1 }))).statusCode).toBe(403);
  });

  it('lets platform users create customer admins of a named company and platform users', async () => {
    const adminRole = await insertRole(t.ctx.db, { companyId: null, app: 'admin', name: 'Support' });
    const staff = await put(platform, newUser('staff.one', { userType: 0, roleId: adminRole }));
    expect(staff.statusCode).toBe(200);
    const boss = await put(
      platform,
      newUser('harbor.boss', { userType: 1, companyId: 2, roleId: harborRoleId }),
    );
    expect(boss.statusCode).toBe(200);
    const { id } = envelopeOf<{ id: number }>(boss).data;
    expect(envelopeOf<UserReply>(await get(platform, `${USER}/${id}/id`)).data).toMatchObject({
      userType: 1,
      companyId: 2,
    });
    expect((await put(platform, newUser('plat.common', { userType: 3, companyId: 2 }))).statusCode).toBe(403);
  });
});

describe('users covering stores', () => {
  it('lists active common users whose areas cover the stores, as the task dispatcher asks', async () => {
    const outside = await t.ctx.db
      .selectFrom('stores')
      .innerJoin('level_configs', 'level_configs.id', 'stores.area_level')
      .select('stores.id')
      .where('level_configs.name', '=', '华北大区')
      .executeTakeFirstOrThrow();
    const inside = await t.ctx.db
      .selectFrom('stores')
      .innerJoin('level_configs', 'level_configs.id', 'stores.area_level')
      .select('stores.id')
      .where('level_configs.name', '=', '华东大区')
      .executeTakeFirstOrThrow();
    const q = (shop: number) =>
      `${USER}/listShopUsers?pageNum=1&pageSize=1000&status=ACTIVE&userType=3&shopIds=${shop}`;
    const east = envelopeOf<Page<UserReply>>(await get(admin, q(inside.id))).data.list.map((u) => u.userName);
    const north = envelopeOf<Page<UserReply>>(await get(admin, q(outside.id))).data.list.map(
      (u) => u.userName,
    );
    expect(east).toContain('operator');
    expect(north).not.toContain('operator');
    expect(north).toContain('ann.lee');
  });
});
