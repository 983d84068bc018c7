import { AlertEndpoints, AuthEndpoints, fillPath, UserEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { HARBOR } from '../../demo/demo-data';
import { parseDateTime } from '../../http/time';
import { bearer, createTestApp, DEMO_PASSWORD, envelopeOf, type TestApp } from '../../testing/test-app';
import { insertOperationLogs } from './audit.repository';

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

const query = (token: string, body: Record<string, unknown>, companyId?: number, lang = 'en-US') =>
  t.app.inject({
    method: 'POST',
    url: QUERY,
    headers: { ...bearer(token, companyId), 'accept-language': lang },
    payload: body,
  });
const companyIdOf = async (companyNo: string) =>
  (
    await t.ctx.db
      .selectFrom('companies')
      .select('id')
      .where('company_no', '=', companyNo)
      .executeTakeFirstOrThrow()
  ).id;

/** A write the log keeps without changing anything: a change of password refused by its rules (400). */
const refusedWrite = (token: string, companyId?: number) =>
  t.app.inject({
    method: 'POST',
    url: AuthEndpoints.changePassword.path,
    headers: bearer(token, companyId),
    payload: { oldPassword: 'whatever', newPassword: 'short' },
  });

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
      headers: { 'accept-language': 'en-US' },
      payload: { username: 'admin', password: 'wrong', extra: { securityKey: 'k-123', apiToken: 't-456' } },
    });
    let failed: Entry | undefined;
    await vi.waitFor(
      async () => {
        const res = await query(platform, { apiName: 'Sign in', pageSize: 50 });
        failed = envelopeOf<Page>(res).data.list.find((e) => e.status === 401 && e.userName === 'admin');
        expect(failed).toBeDefined();
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(failed).toMatchObject({ errorMsg: 'Wrong user name or password', userId: null });
    expect(failed?.reqData).not.toContain('k-123');
    expect(failed?.reqData).not.toContain('t-456');
    expect(failed?.reqData).not.toContain('wrong');
  });

  it("files a failed sign-in in the tried account's company log, an unknown name in the platform's", async () => {
    const signIn = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-service/auth/login',
        payload: { username, password: 'not-the-password' },
      });
    expect((await signIn('operator')).statusCode).toBe(401);
    expect((await signIn('no-such-account-31')).statusCode).toBe(401);
    const failedOf = async (token: string, userName: string) =>
      envelopeOf<Page>(await query(token, { apiName: 'Sign in', userName, pageSize: 50 })).data.list.filter(
        (e) => e.status === 401,
      );
    // The company admin of the operator's company sees the attempt on its account, with the name tried.
    await vi.waitFor(async () => expect(await failedOf(admin, 'operator')).toHaveLength(1), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await failedOf(admin, 'operator'))[0]).toMatchObject({ userName: 'operator', userId: null });
    // A name no account has goes to the platform's log only.
    await vi.waitFor(async () => expect(await failedOf(platform, 'no-such-account-31')).toHaveLength(1), {
      timeout: 30_000,
      interval: 100,
    });
    expect(await failedOf(admin, 'no-such-account-31')).toHaveLength(0);
  });

  it('records writes to unknown API paths, not reads of them', async () => {
    await t.app.inject({ method: 'POST', url: '/api/made-up/path', headers: bearer(admin) });
    await t.app.inject({ method: 'GET', url: '/api/made-up/read', headers: bearer(admin) });
    const list = envelopeOf<Page>(await query(platform, { pageSize: 100 })).data.list;
    expect(list.find((e) => e.reqUrl === '/api/made-up/path')).toMatchObject({
      status: 404,
      apiName: 'Unknown call',
    });
    expect(list.some((e) => e.reqUrl === '/api/made-up/read')).toBe(false);
  });

  it('records changes and refusals but not reads, and keeps GETs that write', async () => {
    const operator = await t.signIn('operator');
    await t.app.inject({ method: 'GET', url: AuthEndpoints.me.path, headers: bearer(admin) });
    await t.app.inject({ method: 'GET', url: UserEndpoints.listUsers.path, headers: bearer(admin) });
    const statusUrl = fillPath(AlertEndpoints.updateAlertRuleStatus.path, { id: 999999 });
    await t.app.inject({ method: 'GET', url: `${statusUrl}?status=1`, headers: bearer(admin) });
    await t.app.inject({ method: 'GET', url: UserEndpoints.listUsers.path, headers: bearer(operator) });
    const list = envelopeOf<Page>(await query(platform, { pageSize: 1000 })).data.list;
    expect(list.some((e) => e.reqUrl === AuthEndpoints.me.path)).toBe(false);
    expect(list.some((e) => e.reqUrl === UserEndpoints.listUsers.path && e.userName === 'admin')).toBe(false);
    expect(list.find((e) => e.reqUrl === statusUrl)).toMatchObject({
      apiName: 'Enable or disable alert rule',
      userName: 'admin',
    });
    expect(list.find((e) => e.reqUrl === UserEndpoints.listUsers.path)).toMatchObject({
      status: 403,
      userName: 'operator',
    });
    // Reading the log is a read too.
    expect(list.some((e) => e.reqUrl === QUERY)).toBe(false);
  });

  it('names operations in the language of the reader and finds them by either name', async () => {
    const zh = envelopeOf<Page>(
      await query(platform, { apiName: '登录', userName: 'agent' }, undefined, 'zh-CN'),
    ).data;
    expect(zh.total).toBeGreaterThan(0);
    expect(zh.list.every((e) => e.apiName === '登录')).toBe(true);
    const en = envelopeOf<Page>(await query(platform, { apiName: '登录', userName: 'agent' })).data;
    expect(en.total).toBe(zh.total);
    expect(en.list.every((e) => e.apiName === 'Sign in')).toBe(true);
    const names = await t.app.inject({
      method: 'GET',
      url: NAMES,
      headers: { ...bearer(platform), 'accept-language': 'zh-CN' },
    });
    expect(envelopeOf<string[]>(names).data).toEqual(expect.arrayContaining(['登录']));
    expect(envelopeOf<string[]>(names).data).not.toContain('Sign in');
  });

  it('filters by a time range, both ends included', async () => {
    const at = (text: string) => parseDateTime(text) as number;
    const entry = (time: string) => ({
      company_id: null,
      api_name: 'Update store',
      class_method: 'store.updateStore',
      req_data: '{}',
      req_url: '/api/range-test',
      status: 200,
      error_msg: null,
      ip_address: '127.0.0.1',
      user_id: null,
      user_name: 'range-test',
      module_name: 'store',
      operation_time: at(time),
    });
    await insertOperationLogs(t.ctx.db, [
      entry('2020-01-01 08:00:00'),
      entry('2020-01-02 09:30:00'),
      entry('2020-01-02 23:59:59'),
      entry('2020-01-03 00:00:00'),
    ]);
    const range = {
      userName: 'range-test',
      startTime: '2020-01-02 00:00:00',
      endTime: '2020-01-02 23:59:59',
    };
    const page = envelopeOf<Page>(await query(platform, range)).data;
    expect(page.list.map((e) => e.operationTime)).toEqual(['2020-01-02 23:59:59', '2020-01-02 09:30:00']);
    const from = envelopeOf<Page>(
      await query(platform, { userName: 'range-test', startTime: '2020-01-02 23:59:59' }),
    ).data;
    expect(from.total).toBe(2);
    const backwards = await query(platform, { ...range, startTime: '2020-01-03 00:00:00' });
    expect(backwards.statusCode).toBe(400);
    const malformed = await query(platform, { startTime: '2020-01-02' });
    expect(malformed.statusCode).toBe(400);
  });

  it('lists newest first, filters by user and operation name, and pages', async () => {
    for (let i = 0; i < 3; i++) await refusedWrite(admin);
    const res = await query(admin, { userName: 'ADM', apiName: 'own passw', pageNum: 1, pageSize: 2 });
    const page = envelopeOf<Page>(res).data;
    expect(page.total).toBe(3);
    expect(page.list).toHaveLength(2);
    expect(page).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(page.list.every((e) => e.userName === 'admin' && e.apiName === 'Change own password')).toBe(true);
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
    const harbor = await companyIdOf(HARBOR.companyNo);
    await refusedWrite(agent, harbor);
    const mine = (e: Entry) => e.apiName === 'Change own password';
    const asAdmin = envelopeOf<Page>(await query(admin, { userName: 'agent', pageSize: 100 })).data.list;
    expect(asAdmin.some(mine)).toBe(false);
    const asAgentInHarbor = envelopeOf<Page>(await query(agent, { userName: 'agent', pageSize: 100 }, harbor))
      .data.list;
    expect(asAgentInHarbor.some(mine)).toBe(true);
    const asPlatform = envelopeOf<Page>(await query(platform, { userName: 'agent', pageSize: 100 })).data
      .list;
    expect(asPlatform.some(mine)).toBe(true);
  });

  it('lists the distinct operation names', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: NAMES,
      headers: { ...bearer(platform), 'accept-language': 'en-US' },
    });
    const names = envelopeOf<string[]>(res).data;
    expect(names).toEqual(expect.arrayContaining(['Change own password', 'Sign in']));
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
