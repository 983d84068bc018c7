import { UserEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ROLES, NORTHWIND } from '../../demo/demo-data';
import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

interface UserReply {
  id: number;
  userName: string;
  userType: number;
  companyId: number | null;
  companyIds: number[];
  companyMap: Record<string, string>;
}

let t: TestApp;
let platform: string;
let admin: string;
let northwindRole: number;

const send = (method: 'PUT' | 'POST', token: string, body: Record<string, unknown>) =>
  t.send(method === 'PUT' ? UserEndpoints.addUser : UserEndpoints.updateUser, { body }, token);
const detailOf = (token: string, id: number) => t.send(UserEndpoints.getUser, { params: { id } }, token);
const agent = (userName: string, extra: Record<string, unknown>) => ({
  name: `Agent ${userName}`,
  userName,
  password: 'Secret#2026',
  status: 'ACTIVE',
  userType: 2,
  roleId: northwindRole,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  platform = await t.signIn('platform');
  admin = await t.signIn('admin');
  const role = await t.ctx.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', DEMO_ROLES.viewer.name)
    .executeTakeFirstOrThrow();
  northwindRole = role.id;
});
afterAll(() => t.close());

describe('agent admins and their companies', () => {
  it('lets a platform user create an agent admin working for two companies, shown in detail and list', async () => {
    const res = await send('PUT', platform, agent('agent.two', { companyIds: [1, 2] }));
    expect(res.statusCode).toBe(200);
    const { id } = envelopeOf<{ id: number }>(res).data;
    const detail = envelopeOf<UserReply>(await detailOf(platform, id)).data;
    expect(detail).toMatchObject({ userType: 2, companyId: 1, companyIds: [1, 2] });
    expect(Object.keys(detail.companyMap)).toEqual(['1', '2']);
    expect(detail.companyMap['1']).toBe(NORTHWIND.name);
    const list = envelopeOf<{ list: UserReply[] }>(
      await t.send(UserEndpoints.listUsers, { query: { pageSize: 1000, userType: 2 } }, platform),
    );
    expect(list.data.list.find((u) => u.id === id)?.companyIds).toEqual([1, 2]);
    // The agent works in the second company right away.
    const token = await t.signIn('agent.two', 'Secret#2026');
    const other = await t.send(UserEndpoints.listUsers, {}, { token, companyId: 2 });
    expect(other.statusCode).toBe(200);
  });

  it('changes the companies of an agent admin on update', async () => {
    const created = await send('PUT', platform, agent('agent.moving', { companyIds: [1, 2] }));
    const { id } = envelopeOf<{ id: number }>(created).data;
    const res = await send('POST', platform, agent('agent.moving', { id, companyIds: [1], password: '' }));
    expect(res.statusCode).toBe(200);
    const detail = envelopeOf<UserReply>(await detailOf(platform, id)).data;
    expect(detail.companyIds).toEqual([1]);
    const token = await t.signIn('agent.moving', 'Secret#2026');
    const other = await t.send(UserEndpoints.listUsers, {}, { token, companyId: 2 });
    expect(other.statusCode).toBe(403);
  });

  it('requires at least one company for an agent admin and refuses companies that do not exist', async () => {
    const none = await send('PUT', platform, agent('agent.none', {}));
    expect(none.statusCode).toBe(400);
    expect(envelopeOf(none).message).toContain('companyIds');
    const empty = await send('PUT', platform, agent('agent.empty', { companyIds: [] }));
    expect(empty.statusCode).toBe(400);
    const ghost = await send('PUT', platform, agent('agent.ghost', { companyIds: [1, 999999] }));
    expect(ghost.statusCode).toBe(404);
    expect(envelopeOf(ghost).message).toContain('999999');
    const count = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('account_name', 'in', ['agent.none', 'agent.empty', 'agent.ghost'])
      .execute();
    expect(count).toHaveLength(0);
  });

  it('refuses an agent admin whose own company is not among its companies', async () => {
    const res = await send('PUT', platform, agent('agent.homeless', { companyId: 1, companyIds: [2] }));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('companyIds');
  });

  it('lets only platform users set companyIds', async () => {
    const common = {
      name: 'Common',
      userName: 'common.mapped',
      password: 'Secret#2026',
      status: 'ACTIVE',
      roleId: northwindRole,
      companyIds: [1, 2],
    };
    expect((await send('PUT', admin, common)).statusCode).toBe(403);
    expect((await send('PUT', admin, agent('agent.by.admin', { companyIds: [1] }))).statusCode).toBe(403);
    const platformAdmin = await send('PUT', platform, { ...common, userType: 1, companyId: 1 });
    expect(platformAdmin.statusCode).toBe(400);
  });
});
