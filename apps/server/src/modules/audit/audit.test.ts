import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, DEMO_PASSWORD, envelopeOf, type TestApp } from '../../testing/test-app';

const QUERY = '/api/user-service/callLog/queryByPage';
const NAMES = '/api/user-service/callLog/logOperation';

interface Entry {
  apiName: string;
  classMethod: string;
  reqData: string;
  reqUrl: string;
  status: number;
  errorMsg: string | null;
  ipAddress: string;
  userId: number | null;
  userName: string | null;
  moduleName: string;
  operationTime: string;
}
interface Page {
  list: Entry[];
  total: number;
  pageNum: number;
  pageSize: number;
}

let t: TestApp;
let admin: string;
let platform: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  platform = await t.signIn('platform');
});
afterAll(() => t.close());

const query = (token: string, body: Record<string, unknown>, companyId?: number) =>
  t.app.inject({ method: 'POST', url: QUERY, headers: bearer(token, companyId), payload: body });

describe('the operation log', () => {
  it('records a sign-in with the password masked and the user named', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/user-service/auth/login',
      payload: { username: 'agent', password: DEMO_PASSWORD },
    });
    const res = await query(platform, { apiName: 'Sign in', userName: 'agent' });
    expect(res.statusCode).toBe(200);
    const [entry] = envelopeOf<Page>(res).data.list;
    expect(entry).toMatchObject({
      apiName: 'Sign in',
      classMethod: 'auth.login',
      reqUrl: '/api/user-service/auth/login',
      status: 200,
      errorMsg: null,
      ipAddress: '127.0.0.1',
      userName: 'agent',
      moduleName: 'auth',
    });
    expect(entry?.operationTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(entry?.reqData ?? '{}')).toEqual({ body: { username: 'agent', password: '******' } });
    expect(entry?.reqData).not.toContain(DEMO_PASSWORD);
  });

  it('records failures with their status and message, and masks nested secrets', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/user-service/auth/login',
      payload: { username: 'admin', password: 'wrong', extra: { securityKey: 'k-123', apiToken: 't-456' } },
    });
    const res = await query(platform, { apiName: 'Sign in', pageSize: 50 });
    const failed = envelopeOf<Page>(res).data.list.find((e) => e.status === 401);
    expect(failed).toMatchObject({ errorMsg: 'Wrong user name or password', userName: null, userId: null });
    expect(failed?.reqData).not.toContain('k-123');
    expect(failed?.reqData).not.toContain('t-456');
    expect(failed?.reqData).not.toContain('wrong');
  });

  it('records unknown API paths too', async () => {
    await t.app.inject({ method: 'GET', url: '/api/made-up/path', headers: bearer(admin) });
    const res = await query(platform, { pageSize: 100 });
    const entry = envelopeOf<Page>(res).data.list.find((e) => e.reqUrl === '/api/made-up/path');
    expect(entry).toMatchObject({ status: 404, apiName: 'Unknown call' });
  });

  it('lists newest first, filters by user and operation name, and pages', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: '/api/user-service/auth/me', headers: bearer(admin) });
    }
    const res = await query(admin, { userName: 'ADM', apiName: 'current sess', pageNum: 1, pageSize: 2 });
    const page = envelopeOf<Page>(res).data;
    expect(page.total).toBe(3);
    expect(page.list).toHaveLength(2);
    expect(page).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(page.list.every((e) => e.userName === 'admin' && e.apiName === 'Current session')).toBe(true);
    const all = envelopeOf<Page>(await query(platform, { pageSize: 1000 })).data.list;
    const times = all.map((e) => e.operationTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('treats % and _ in filters literally', async () => {
    const res = await query(platform, { userName: '%' });
    expect(envelopeOf<Page>(res).data.total).toBe(0);
  });

  it("shows a company user only its company's entries", async () => {
    const agent = await t.signIn('agent');
    await t.app.inject({ method: 'GET', url: '/api/user-service/auth/me', headers: bearer(agent, 2) });
    const asAdmin = envelopeOf<Page>(await query(admin, { userName: 'agent', pageSize: 100 })).data.list;
    expect(asAdmin.some((e) => e.apiName === 'Current session')).toBe(false);
    const asAgentInHarbor = envelopeOf<Page>(await query(agent, { userName: 'agent', pageSize: 100 }, 2)).data
      .list;
    expect(asAgentInHarbor.some((e) => e.apiName === 'Current session')).toBe(true);
    const asPlatform = envelopeOf<Page>(await query(platform, { userName: 'agent', pageSize: 100 })).data
      .list;
    expect(asPlatform.some((e) => e.apiName === 'Current session')).toBe(true);
  });

  it('lists the distinct operation names', async () => {
    const res = await t.app.inject({ method: 'GET', url: NAMES, headers: bearer(platform) });
    const names = envelopeOf<string[]>(res).data;
    expect(names).toEqual(expect.arrayContaining(['Current session', 'Sign in']));
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses users without the call-log code', async () => {
    const operator = await t.signIn('operator');
    expect((await query(operator, {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: NAMES, headers: bearer(operator) })).statusCode).toBe(
      403,
    );
  });

  it('answers an empty page for a page number far past the end', async () => {
    const res = await query(platform, { pageNum: '99999999999999999999' });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf<Page>(res).data.list).toEqual([]);
  });

  it('refuses page sizes above 1000', async () => {
    const res = await query(platform, { pageSize: 1001 });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('pageSize: must be at most 1000');
  });
});
