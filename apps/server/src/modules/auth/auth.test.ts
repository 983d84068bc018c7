import { COMPANY_CODES, MODULE, PLATFORM_CODES } from '@storefleet/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { HARBOR, NORTHWIND } from '../../demo/demo-data';
import {
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  envelopeOf,
  TEST_LANGUAGE,
  type TestApp,
} from '../../testing/test-app';

const LOGIN = '/api/user-service/auth/login';
const ME = '/api/user-service/auth/me';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: LOGIN, payload: { username, password }, remoteAddress });
const me = (token: string, companyId?: number) =>
  t.app.inject({ method: 'GET', url: ME, headers: bearer(token, companyId) });

interface LoginData {
  accessToken: string;
  accountId: number;
  authorities: string[];
  buttonAuthorities: string[];
  name: string;
  username: string;
  uuid: string;
  userType: number;
  companyMap: Record<string, string>;
}

describe('sign-in', () => {
  it('gives a platform user the admin application codes and no company', async () => {
    const res = await login('platform', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const data = envelopeOf<LoginData>(res).data;
    expect(data).toMatchObject({ username: 'platform', userType: 0, companyMap: {} });
    expect(data.authorities.sort()).toEqual([...PLATFORM_CODES.authorities].sort());
    expect(data.buttonAuthorities.sort()).toEqual([...PLATFORM_CODES.buttonAuthorities].sort());
    expect(data.accessToken.split('.')).toHaveLength(3);
    expect(Object.keys(data).sort()).toEqual(
      [
        'accessToken',
        'accountId',
        'authorities',
        'buttonAuthorities',
        'companyMap',
        'name',
        'userType',
        'username',
        'uuid',
      ].sort(),
    );
  });

  it('gives a customer admin every company code of its company', async () => {
    const data = envelopeOf<LoginData>(await login('admin', DEMO_PASSWORD)).data;
    expect(data.userType).toBe(1);
    expect(data.authorities.sort()).toEqual([...COMPANY_CODES.authorities].sort());
    expect(data.buttonAuthorities.sort()).toEqual([...COMPANY_CODES.buttonAuthorities].sort());
    expect(data.companyMap).toEqual({ '1': NORTHWIND.name });
  });

  it('gives an agent admin the company codes over both of its companies', async () => {
    const data = envelopeOf<LoginData>(await login('agent', DEMO_PASSWORD)).data;
    expect(data.userType).toBe(2);
    expect(data.authorities.sort()).toEqual([...COMPANY_CODES.authorities].sort());
    expect(data.companyMap).toEqual({ '1': NORTHWIND.name, '2': HARBOR.name });
  });

  it("gives a common user only its role's codes", async () => {
    const data = envelopeOf<LoginData>(await login('operator', DEMO_PASSWORD)).data;
    expect(data.userType).toBe(3);
    expect(data.authorities).toContain(MODULE.device);
    expect(data.authorities).toContain(MODULE.dashboard);
    for (const code of [MODULE.user, MODULE.role, MODULE.settings, MODULE.callLog]) {
      expect(data.authorities).not.toContain(code);
    }
    expect(data.buttonAuthorities).toEqual([
      'device:ping',
      'offline-reason:edit',
      'alert:ack',
      'alert:close',
      // Moving its own tasks (dispatch, verify and cancel stay the admin's: docs/decisions/tasks.md).
      'task:update',
    ]);
  });

  it('gives an unknown account and a wrong password the same reply', async () => {
    const unknown = await login('nobody-here', 'whatever-password', '127.0.0.2');
    const wrong = await login('admin', 'wrong-password', '127.0.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(envelopeOf(wrong)).toMatchObject({ code: 'BAD_CREDENTIALS', ok: false });
  });

  it('refuses a body without a password, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: TEST_LANGUAGE,
      payload: { username: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('password: is required');
  });
});

describe('sessions', () => {
  it('describes the current session at auth/me', async () => {
    const token = await t.signIn('admin');
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).data).toMatchObject({ username: 'admin', userType: 1, companyId: 1 });
  });

  it('lets an agent admin act in a company of its map and refuses others', async () => {
    const token = await t.signIn('agent');
    expect(envelopeOf<{ companyId: number }>(await me(token)).data.companyId).toBe(1);
    expect(envelopeOf<{ companyId: number }>(await me(token, 2)).data.companyId).toBe(2);
    const outside = await me(token, 99);
    expect(outside.statusCode).toBe(403);
  });

  it('refuses a signed-out token at once', async () => {
    const token = await t.signIn('admin');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/auth/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    // Other sessions of the same user keep working.
    expect((await me(await t.signIn('admin'))).statusCode).toBe(200);
  });

  it("refuses a disabled user's token on its next request", async () => {
    const token = await t.signIn('operator');
    expect((await me(token)).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('users')
      .set({ status: 'INACTIVE' })
      .where('account_name', '=', 'operator')
      .execute();
    try {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res).code).toBe('UNAUTHENTICATED');
      const again = await login('operator', DEMO_PASSWORD);
      expect(again.statusCode).toBe(403);
    } finally {
      await t.ctx.db
        .updateTable('users')
        .set({ status: 'ACTIVE' })
        .where('account_name', '=', 'operator')
        .execute();
    }
  });
});

describe("changing one's own password", () => {
  const CHANGE = '/api/user-service/auth/changePassword';
  const change = (
    token: string,
    body: Record<string, unknown>,
    lang = 'en-US',
    remoteAddress = '127.0.0.1',
  ) =>
    t.app.inject({
      method: 'POST',
      url: CHANGE,
      headers: { ...bearer(token), 'accept-language': lang },
      payload: body,
      remoteAddress,
    });
  let agentHash: string;
  beforeAll(async () => {
    ({ password_hash: agentHash } = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('account_name', '=', 'agent')
      .executeTakeFirstOrThrow());
  });
  // Other tests sign in as agent with the demo password, whatever happens here.
  afterEach(async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ password_hash: agentHash })
      .where('account_name', '=', 'agent')
      .execute();
    await t.ctx.db.deleteFrom('login_failures').execute();
  });

  it('keeps this session going with a fresh token and ends every other session', async () => {
    const first = await t.signIn('agent');
    const second = await t.signIn('agent');
    const changed = await change(first, { oldPassword: DEMO_PASSWORD, newPassword: 'A-new-passw0rd' });
    expect(changed.statusCode).toBe(200);
    const fresh = envelopeOf<LoginData>(changed).data;
    expect(fresh.username).toBe('agent');
    expect((await me(fresh.accessToken)).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await login('agent', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('agent', 'A-new-passw0rd')).statusCode).toBe(200);
  });

  it('refuses a wrong current password on its field, in the language of the request', async () => {
    const token = await t.signIn('agent');
    const en = await change(token, { oldPassword: 'not-it', newPassword: 'A-new-passw0rd' });
    expect(en.statusCode).toBe(400);
    expect(envelopeOf<{ fields: { field: string; message: string }[] }>(en).data.fields).toEqual([
      { field: 'oldPassword', message: 'is not your current password' },
    ]);
    const zh = await change(token, { oldPassword: 'not-it', newPassword: 'A-new-passw0rd' }, 'zh-CN');
    expect(envelopeOf<{ fields: { field: string; message: string }[] }>(zh).data.fields).toEqual([
      { field: 'oldPassword', message: '当前密码不正确' },
    ]);
    // Nothing changed: the session still works and the old password still signs in.
    expect((await me(token)).statusCode).toBe(200);
    expect((await login('agent', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('holds a new password to the password rules and refuses the current one again', async () => {
    const token = await t.signIn('agent');
    const short = await change(token, { oldPassword: DEMO_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(envelopeOf<{ fields: { field: string }[] }>(short).data.fields.map((f) => f.field)).toEqual([
      'newPassword',
    ]);
    const same = await change(token, { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
    expect(envelopeOf<{ fields: { field: string; message: string }[] }>(same).data.fields).toEqual([
      { field: 'newPassword', message: 'must differ from the current password' },
    ]);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('holds a new password to the common-password and user-name rules, saying why', async () => {
    const token = await t.signIn('agent');
    const fields = async (newPassword: string, lang = 'en-US') =>
      envelopeOf<{ fields: { field: string; message: string }[] }>(
        await change(token, { oldPassword: DEMO_PASSWORD, newPassword }, lang),
      ).data.fields;
    expect(await fields('12345678')).toEqual([
      {
        field: 'newPassword',
        message: 'is one of the most common passwords and easy to guess; choose another',
      },
    ]);
    expect(await fields('Password1')).toEqual([
      {
        field: 'newPassword',
        message: 'is one of the most common passwords and easy to guess; choose another',
      },
    ]);
    expect(await fields('my-Agent-2026!')).toEqual([
      { field: 'newPassword', message: 'must not contain the user name' },
    ]);
    expect(await fields('my-Agent-2026!', 'zh-CN')).toEqual([
      { field: 'newPassword', message: '不能包含用户名' },
    ]);
    // Nothing changed.
    expect((await login('agent', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins from that address', async () => {
    const token = await t.signIn('agent');
    for (let i = 0; i < 5; i++) {
      const res = await change(token, { oldPassword: `guess-${i}`, newPassword: 'A-new-passw0rd' });
      expect(res.statusCode).toBe(400);
    }
    const refused = await change(
      token,
      { oldPassword: DEMO_PASSWORD, newPassword: 'A-new-passw0rd' },
      'zh-CN',
    );
    expect(refused.statusCode).toBe(429);
    expect(envelopeOf(refused).message).toMatch(/^该账号从此网络地址登录失败次数过多，请 \d+ 秒后再试$/);
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('throttling', () => {
  // Each limit is counted from a clean slate: earlier tests fail sign-ins too.
  const forgetFailures = async () => {
    await t.ctx.db.deleteFrom('login_failures').execute();
  };
  beforeEach(forgetFailures);
  afterEach(forgetFailures);

  it('makes an account wait after 5 failures from one address, but not at another address', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('admin', `guess-${i}`, '127.0.1.1')).statusCode).toBe(401);
    }
    const refused = await login('admin', DEMO_PASSWORD, '127.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(envelopeOf(refused).code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('admin', DEMO_PASSWORD, '127.0.1.2')).statusCode).toBe(200);
  });

  it('refuses a client address with 429 after 300 failed sign-ins in an hour', async () => {
    for (let i = 0; i < 300; i++) {
      // Many accounts, so no pair reaches its delay and only the address budget is spent.
      const res = await login(`unknown-${i % 75}`, 'x', '127.0.3.3');
      expect(res.statusCode).toBe(401);
    }
    const refused = await login('platform', DEMO_PASSWORD, '127.0.3.3');
    expect(refused.statusCode).toBe(429);
    expect(envelopeOf(refused).message).toMatch(/^此网络地址的登录失败次数过多，请 \d+ 分钟后再试$/);
    expect((await login('platform', DEMO_PASSWORD, '127.0.3.4')).statusCode).toBe(200);
  });
});
