import { BUTTON, MODULE, PAGE } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, envelopeOf, type TestApp } from '../testing/test-app';

let t: TestApp;
let platform: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  platform = await t.signIn('platform');
});
afterAll(() => t.close());

async function send(token: string, method: 'GET' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

describe('platform users and admin roles', () => {
  it('narrows a platform user to the codes of its admin role', async () => {
    const role = await send(platform, 'PUT', '/api/user-service/role', {
      name: 'Log readers',
      authorities: [MODULE.callLog, MODULE.user, PAGE.userList],
      buttonAuthorities: [BUTTON.userAdd],
    });
    expect(role.statusCode).toBe(200);
    const roleId = envelopeOf<{ id: number }>(role).data.id;
    const created = await send(platform, 'PUT', '/api/user-service/user', {
      name: 'Log Reader',
      userName: 'log-reader',
      password: 'Reader@2026pass',
      status: 'ACTIVE',
      userType: 0,
      roleId,
    });
    expect(created.statusCode).toBe(200);

    const reader = await t.signIn('log-reader', 'Reader@2026pass');
    const me = envelopeOf<{ authorities: string[]; buttonAuthorities: string[] }>(
      await send(reader, 'GET', '/api/user-service/auth/me'),
    ).data;
    expect(me.authorities.sort()).toEqual([MODULE.callLog, PAGE.userList, MODULE.user].sort());
    expect(me.buttonAuthorities).toEqual([BUTTON.userAdd]);

    // The role grants the user list but not the role pages: the server refuses what the role leaves out.
    expect((await send(reader, 'GET', '/api/user-service/user/list')).statusCode).toBe(200);
    expect((await send(reader, 'GET', '/api/user-service/role/list')).statusCode).toBe(403);
  });

  it('keeps every admin code for a platform user without a role', async () => {
    const me = envelopeOf<{ authorities: string[] }>(
      await send(platform, 'GET', '/api/user-service/auth/me'),
    ).data;
    expect(me.authorities).toContain(MODULE.role);
    expect((await send(platform, 'GET', '/api/user-service/role/list')).statusCode).toBe(200);
  });
});
