/**
 * The permission matrix (issue 3): every registered /api route that declares permission codes
 * refuses, with 403, a signed-in user lacking them — one whose role holds no codes at all, one whose
 * role holds every company code except that route's (each code left out in turn for "all of"
 * rules, all of them for "any of" rules), and a platform user when the admin codes do not satisfy it.
 * Routes other modules register are covered as soon as they exist.
 */
import { COMPANY_CODES, PLATFORM_CODES } from '@storefleet/contracts';
import { afterAll, describe, expect, it } from 'vitest';

import { allows, type PermissionRule } from '../auth/codes';
import { writeList } from '../db/json';
import type { ApiRoute } from '../http/route';
import { bearer, createTestApp, envelopeOf } from './test-app';

type CodedRule = Exclude<PermissionRule, 'public' | 'authenticated'>;

const t = await createTestApp();
afterAll(() => t.close());

const companyId = (
  await t.ctx.db
    .selectFrom('companies')
    .select('id')
    .where('company_no', '=', 'NW001')
    .executeTakeFirstOrThrow()
).id;
const now = Date.now();
const { id: roleId } = await t.ctx.db
  .insertInto('roles')
  .values({
    company_id: companyId,
    app: 'company',
    name: 'Matrix role',
    authorities: '[]',
    button_authorities: '[]',
    area_ids: '[]',
    store_ids: '[]',
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await t.ctx.db
  .insertInto('users')
  .values({
    company_id: companyId,
    user_type: 3,
    account_name: 'matrix',
    name: 'Matrix',
    password_hash: await t.ctx.auth.passwords.hash('Matrix#2026'),
    password_changed_at: now,
    status: 'ACTIVE',
    role_id: roleId,
    area_ids: '[]',
    store_ids: '[]',
    created_at: now,
    updated_at: now,
  })
  .execute();
const common = await t.signIn('matrix', 'Matrix#2026');
const platform = await t.signIn('platform');

const coded = t.app.apiRoutes.filter(
  (r): r is ApiRoute & { permissions: CodedRule } =>
    r.path.startsWith('/api/') && typeof r.permissions !== 'string',
);

/** Gives the matrix user's role exactly `codes` (roles are re-read on every request). */
async function holdOnly(codes: readonly string[]): Promise<void> {
  const held = new Set(codes);
  await t.ctx.db
    .updateTable('roles')
    .set({
      authorities: writeList(COMPANY_CODES.authorities.filter((c) => held.has(c))),
      button_authorities: writeList(COMPANY_CODES.buttonAuthorities.filter((c) => held.has(c))),
    })
    .where('id', '=', roleId)
    .execute();
}

const ALL_COMPANY = [...COMPANY_CODES.authorities, ...COMPANY_CODES.buttonAuthorities];

async function call(route: ApiRoute, token: string) {
  return t.app.inject({
    method: route.method,
    url: route.path.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x'),
    headers: bearer(token),
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
}

/** The routes among `routes` that did not answer 403 to `token`. */
async function notRefused(routes: readonly ApiRoute[], token: string, label: string): Promise<string[]> {
  const out: string[] = [];
  for (const route of routes) {
    const res = await call(route, token);
    if (res.statusCode !== 403) out.push(`${label} ${route.method} ${route.path}: ${res.statusCode}`);
  }
  return out;
}

describe('the permission matrix', () => {
  it('covers the routes of this issue and every module registered with them', () => {
    const urls = coded.map((r) => r.path);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/user-service/user/list', '/api/user-service/role/list']),
    );
  });

  it('refuses every coded route to a signed-in user whose role holds no codes', async () => {
    await holdOnly([]);
    expect(await notRefused(coded, common, 'no codes:')).toEqual([]);
  });

  it('refuses every coded route to a user holding everything except one of its codes', async () => {
    const problems: string[] = [];
    for (const route of coded) {
      const rule = route.permissions;
      const leaveOut = 'any' in rule ? [rule.any] : rule.map((code) => [code]);
      for (const missing of leaveOut) {
        await holdOnly(ALL_COMPANY.filter((c) => !missing.includes(c)));
        problems.push(...(await notRefused([route], common, `without ${missing.join('+')}:`)));
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses platform users the routes their admin codes do not open', async () => {
    const companyOnly = coded.filter((r) => !allows(PLATFORM_CODES, r.permissions));
    expect(companyOnly.length).toBeGreaterThan(0);
    expect(await notRefused(companyOnly, platform, 'platform:')).toEqual([]);
  });

  it('lets the same user through once its role holds the codes (the matrix can tell the difference)', async () => {
    await holdOnly(['user-management', 'user-list-view']);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user-service/user/list',
      headers: bearer(common),
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf<{ list: unknown[] }>(res).data.list.length).toBeGreaterThan(0);
    await holdOnly([]);
  });
});
