/**
 * Mass assignment (issue 3): protected fields added to user and role create/update bodies (companyId,
 * userType, id, createBy, version, tokenVersion, app …) never change anything beyond what the caller
 * may set: they are refused (403) or ignored, never applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ROLES } from '../demo/demo-data';
import { bearer, createTestApp, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let roleId: number;

const PROTECTED = {
  id: 424242,
  createBy: 'mallory',
  created_by: 'mallory',
  version: 77,
  tokenVersion: 99,
  token_version: 99,
  passwordHash: 'x',
  password_hash: 'x',
  app: 'admin',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  roleId = (
    await t.ctx.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', DEMO_ROLES.viewer.name)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const send = (method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(admin), payload });
const userRow = (accountName: string) =>
  t.ctx.db.selectFrom('users').selectAll().where('account_name', '=', accountName).executeTakeFirst();
const body = (userName: string) => ({
  name: 'Mass',
  userName,
  password: 'Mass#2026x',
  status: 'ACTIVE',
  roleId,
});

describe('user bodies', () => {
  it('creates with the server id, creator, version and token version whatever the body says', async () => {
    const res = await send('PUT', '/api/user-service/user', { ...body('mass.one'), ...PROTECTED });
    expect(res.statusCode).toBe(200);
    const row = await userRow('mass.one');
    expect(row?.id).not.toBe(424242);
    expect(row).toMatchObject({
      created_by: 'admin',
      version: 0,
      token_version: 0,
      company_id: 1,
      user_type: 3,
    });
    expect(row?.password_hash).not.toBe('x');
  });

  it('refuses another company, a platform or agent user type, and leaves no user behind', async () => {
    for (const extra of [
      { companyId: 2 },
      { userType: 0 },
      { userType: 2 },
      { userType: 0, companyId: null },
    ]) {
      const res = await send('PUT', '/api/user-service/user', { ...body('mass.two'), ...extra });
      expect(res.statusCode).toBe(403);
    }
    expect(await userRow('mass.two')).toBeUndefined();
  });

  it('updates without changing the user type, company, creator or token version', async () => {
    const before = await userRow('mass.one');
    const id = before?.id ?? 0;
    for (const extra of [{ userType: 1 }, { companyId: 2 }]) {
      const res = await send('POST', '/api/user-service/user', { ...body('mass.one'), id, ...extra });
      expect(res.statusCode).toBe(403);
    }
    expect(await userRow('mass.one')).toEqual(before);
    const res = await send('POST', '/api/user-service/user', {
      ...body('mass.one'),
      password: undefined,
      ...PROTECTED,
      id,
      companyId: 1,
      userType: 3,
    });
    expect(res.statusCode).toBe(200);
    const after = await userRow('mass.one');
    expect(after).toMatchObject({
      id,
      created_by: 'admin',
      version: (before?.version ?? 0) + 1,
      token_version: before?.token_version,
      password_hash: before?.password_hash,
      company_id: 1,
      user_type: 3,
    });
  });
});

describe('role bodies', () => {
  it('creates the role in the caller company and application whatever the body says', async () => {
    const res = await send('PUT', '/api/user-service/role', {
      name: 'Mass role',
      authorities: ['dashboard'],
      ...PROTECTED,
      companyId: 2,
      company_id: 2,
      userCount: 5,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('roles')
      .selectAll()
      .where('name', '=', 'Mass role')
      .executeTakeFirstOrThrow();
    expect(row.id).not.toBe(424242);
    expect(row).toMatchObject({ company_id: 1, app: 'company', created_by: 'admin' });
  });

  it('updates a role without moving it to another company or application', async () => {
    const row = await t.ctx.db
      .selectFrom('roles')
      .selectAll()
      .where('name', '=', 'Mass role')
      .executeTakeFirstOrThrow();
    const res = await send('POST', '/api/user-service/role', {
      id: row.id,
      name: 'Mass role 2',
      authorities: ['dashboard'],
      companyId: 2,
      app: 'admin',
      createBy: 'mallory',
    });
    expect(res.statusCode).toBe(200);
    const after = await t.ctx.db
      .selectFrom('roles')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ name: 'Mass role 2', company_id: 1, app: 'company', created_by: 'admin' });
  });
});
