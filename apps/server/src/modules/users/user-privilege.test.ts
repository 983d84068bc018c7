/**
 * Nobody grants more than it holds, whatever its user type: no one changes its own role or scope,
 * the first platform user is changed by itself only, a role given stays inside the giver's codes,
 * and only a platform user holding every admin code creates or changes tenant admins.
 */
import { PLATFORM_CODES, UserEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertRole as insertRoleRow } from '../../testing/role-rows';
import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

const PASSWORD = 'Secret#2026';

let t: TestApp;
let admin: string;
let platform: string;
let platformId: number;
let fullRoleId: number;
let narrowRoleId: number;
let narrow: string;
let narrowId: number;

/** An active user `userName` called `name`, with the test password and `fields`. */
const newUser = (name: string, userName: string, fields: Record<string, unknown>) => ({
  name,
  userName,
  password: PASSWORD,
  status: 'ACTIVE',
  ...fields,
});
const put = (token: string, body: Record<string, unknown>) => t.send(UserEndpoints.addUser, { body }, token);
const post = (token: string, body: Record<string, unknown>) =>
  t.send(UserEndpoints.updateUser, { body }, token);
const disable = (token: string, id: number) => t.send(UserEndpoints.disableUser, { query: { id } }, token);

const row = (id: number) =>
  t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const idOf = async (userName: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('account_name', '=', userName).executeTakeFirst())
    ?.id;

const insertRole = (
  name: string,
  app: 'admin' | 'company',
  companyId: number | null,
  authorities: string[],
  buttons: string[],
  storeIds: number[] = [],
) => insertRoleRow(t.ctx.db, { name, app, companyId, authorities, buttons, storeIds });

/** A save body echoing the stored user, with changes on top. */
async function bodyOf(id: number, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const r = await row(id);
  return {
    id,
    name: r.name,
    userName: r.account_name,
    status: r.status,
    roleId: r.role_id,
    ...extra,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  platform = await t.signIn('platform');
  platformId = (await idOf('platform')) ?? 0;
  fullRoleId = await insertRole(
    'Full admin',
    'admin',
    null,
    PLATFORM_CODES.authorities,
    PLATFORM_CODES.buttonAuthorities,
  );
  narrowRoleId = await insertRole(
    'User editor',
    'admin',
    null,
    ['user-management', 'user-list-view'],
    ['user:add', 'user:update', 'user:disable'],
  );
  const res = await put(platform, newUser('Narrow', 'narrow.p', { userType: 0, roleId: narrowRoleId }));
  expect(res.statusCode).toBe(200);
  narrowId = envelopeOf<{ id: number }>(res).data.id;
  narrow = await t.signIn('narrow.p', PASSWORD);
});
afterAll(() => t.close());

describe('a platform user narrowed by its role', () => {
  it('cannot give itself a wider role, and keeps its own', async () => {
    const res = await post(narrow, await bodyOf(narrowId, { roleId: fullRoleId }));
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res).message).toContain('your own role');
    expect((await row(narrowId)).role_id).toBe(narrowRoleId);
  });

  it('still changes its own name', async () => {
    const res = await post(narrow, await bodyOf(narrowId, { name: 'Narrow Renamed' }));
    expect(res.statusCode).toBe(200);
    expect((await row(narrowId)).name).toBe('Narrow Renamed');
  });

  it('cannot reset the password of, rename or disable the first platform user', async () => {
    const before = await row(platformId);
    const res = await post(narrow, await bodyOf(platformId, { password: 'Taken#2026x', name: 'Owned' }));
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res).message).toContain('first platform user');
    expect((await disable(narrow, platformId)).statusCode).toBe(403);
    const after = await row(platformId);
    expect(after).toMatchObject({
      name: before.name,
      status: 'ACTIVE',
      password_hash: before.password_hash,
      role_id: null,
    });
  });

  it('cannot create a platform user with a role wider than its own', async () => {
    const res = await put(narrow, newUser('Wide', 'wide.p', { userType: 0, roleId: fullRoleId }));
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res).message).toContain('Full admin');
    expect(await idOf('wide.p')).toBeUndefined();
  });

  it('cannot create a roleless platform user, who would hold every admin code', async () => {
    const res = await put(narrow, newUser('Roleless', 'roleless.p', { userType: 0, roleId: null }));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('roleId');
    expect(await idOf('roleless.p')).toBeUndefined();
  });

  it('creates a platform user with a role inside its own codes', async () => {
    const res = await put(narrow, newUser('Peer', 'peer.p', { userType: 0, roleId: narrowRoleId }));
    expect(res.statusCode).toBe(200);
  });

  it('cannot mint a customer admin or change one', async () => {
    const res = await put(
      narrow,
      newUser('Tenant boss', 'tenant.boss', { userType: 1, companyId: 1, roleId: null }),
    );
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res).message).toContain('every admin permission');
    expect(await idOf('tenant.boss')).toBeUndefined();
    const adminId = (await idOf('admin')) ?? 0;
    const before = await row(adminId);
    const edit = await post(narrow, await bodyOf(adminId, { password: 'Taken#2026x' }));
    expect(edit.statusCode).toBe(403);
    expect((await row(adminId)).password_hash).toBe(before.password_hash);
  });
});

describe('the first platform user', () => {
  it('is changed by no one else, not even a platform user holding every admin code', async () => {
    const created = await put(platform, newUser('Full', 'full.p', { userType: 0, roleId: fullRoleId }));
    expect(created.statusCode).toBe(200);
    const full = await t.signIn('full.p', PASSWORD);
    const before = await row(platformId);
    expect((await post(full, await bodyOf(platformId, { password: 'Taken#2026x' }))).statusCode).toBe(403);
    expect((await disable(full, platformId)).statusCode).toBe(403);
    expect((await row(platformId)).password_hash).toBe(before.password_hash);
    expect((await row(platformId)).status).toBe('ACTIVE');
  });

  it('edits others and itself, but cannot give itself a role', async () => {
    expect((await post(platform, await bodyOf(narrowId, { name: 'Narrow Again' }))).statusCode).toBe(200);
    expect((await row(narrowId)).name).toBe('Narrow Again');
    expect((await post(platform, await bodyOf(platformId, { name: 'Platform Owner' }))).statusCode).toBe(200);
    expect((await row(platformId)).name).toBe('Platform Owner');
    const res = await post(platform, await bodyOf(platformId, { roleId: narrowRoleId }));
    expect(res.statusCode).toBe(403);
    expect((await row(platformId)).role_id).toBeNull();
  });

  it('creates a customer admin without a role, whom the company admin then edits', async () => {
    const res = await put(
      platform,
      newUser('Second admin', 'second.admin', { userType: 1, companyId: 1, roleId: null }),
    );
    expect(res.statusCode).toBe(200);
    const { id } = envelopeOf<{ id: number }>(res).data;
    const edit = await post(admin, await bodyOf(id, { name: 'Second admin renamed' }));
    expect(edit.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ name: 'Second admin renamed', role_id: null, user_type: 1 });
  });
});

describe('a common user managing users', () => {
  it('changes its own name but never its own role or stores', async () => {
    const stores = await t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', 1)
      .limit(1)
      .execute();
    const keeperRole = await insertRole(
      'Self keeper',
      'company',
      1,
      ['user-management', 'user-list-view', 'dashboard', 'monitor-screen'],
      ['user:update'],
    );
    const wider = await insertRole(
      'Wider keeper',
      'company',
      1,
      ['user-management', 'user-list-view', 'dashboard', 'monitor-screen'],
      ['user:update', 'user:add', 'user:disable'],
    );
    const storeIds = stores.map((s) => String(s.id));
    const created = await put(admin, newUser('Self', 'self.keeper', { roleId: keeperRole, storeIds }));
    expect(created.statusCode).toBe(200);
    const { id } = envelopeOf<{ id: number }>(created).data;
    const self = await t.signIn('self.keeper', PASSWORD);
    expect((await post(self, await bodyOf(id, { name: 'Self Renamed', storeIds }))).statusCode).toBe(200);
    expect((await row(id)).name).toBe('Self Renamed');
    const role = await post(self, await bodyOf(id, { roleId: wider, storeIds }));
    expect(role.statusCode).toBe(403);
    const scope = await post(self, await bodyOf(id, { storeIds: [] }));
    expect(scope.statusCode).toBe(403);
    expect(envelopeOf(scope).message).toContain('your own areas or stores');
    const after = await row(id);
    expect(after.role_id).toBe(keeperRole);
    expect(JSON.parse(after.store_ids ?? '[]').map(String)).toEqual(storeIds);
  });

  it('lets the customer admin edit common users', async () => {
    const operatorId = (await idOf('operator')) ?? 0;
    const res = await post(admin, await bodyOf(operatorId, { name: 'Operator Edited' }));
    expect(res.statusCode).toBe(200);
    expect((await row(operatorId)).name).toBe('Operator Edited');
  });
});
