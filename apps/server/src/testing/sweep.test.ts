/**
 * The data-scope sweep (issue 3): company A's admin asks for company B's objects, and the East China
 * operator asks for stores outside its region, by id in the path, the query, the body and foreign keys.
 * Every reply must leak none of the protected names, change none of the protected rows, and (for the
 * rows of sweep-cases.ts) answer 403 or 404. Every other registered route is swept generically with
 * every id-like slot filled. Add routes in sweep-cases.ts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import { allows } from '../auth/codes';
import { HARBOR } from '../demo/demo-data';
import type { ApiRoute } from '../http/route';
import { GENERIC_SWEEP_EXCLUDED, SWEEP_CASES, type SweepCase, type SweepRequest } from './sweep-cases';
import {
  fingerprint,
  HIGH,
  prepareSweepFixtures,
  type SweepFixtures,
  type SweepPlace,
} from './sweep-fixtures';
import { bearer, createTestApp, envelopeOf } from './test-app';

type Asker = 'admin' | 'operator';

const t = await createTestApp();
afterAll(() => t.close());
const f = await prepareSweepFixtures(t.ctx.db);
const tokens: Record<Asker, string> = {
  admin: await t.signIn('admin'),
  operator: await t.signIn('operator'),
};
const codes: Record<Asker, { authorities: string[]; buttonAuthorities: string[] }> = {
  admin: await me('admin'),
  operator: await me('operator'),
};
const routes = t.app.apiRoutes.filter((r) => r.path.startsWith('/api/'));
const registered = new Set(routes.map((r) => `${r.method} ${r.path}`));
const explicit = SWEEP_CASES.filter((c) => registered.has(`${c.method} ${c.url}`));

async function me(asker: Asker) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user-service/auth/me',
    headers: bearer(tokens[asker]),
  });
  return envelopeOf<{ authorities: string[]; buttonAuthorities: string[] }>(res).data;
}

function pathOf(url: string, params: Record<string, string | number> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
    encodeURIComponent(String(params[name] ?? 'x')),
  );
}

async function send(
  asker: Asker,
  method: string,
  url: string,
  req: SweepRequest,
): Promise<LightMyRequestResponse> {
  const query = Object.fromEntries(Object.entries(req.query ?? {}).map(([k, v]) => [k, String(v)]));
  return t.app.inject({
    method: method as 'GET',
    url: pathOf(url, req.params),
    query,
    headers: bearer(tokens[asker]),
    ...(req.body !== undefined ? { payload: req.body as Record<string, unknown> } : {}),
  });
}

const stalled = () =>
  new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 10_000).unref());

/** Runs one request and reports what went wrong (empty when nothing did). */
async function sweep(
  asker: Asker,
  method: string,
  url: string,
  req: SweepRequest,
  statuses?: readonly number[],
) {
  const before = await fingerprint(t.ctx.db, f, asker);
  const res = await Promise.race([send(asker, method, url, req), stalled()]);
  if (res === 'stalled') return ['did not answer within 10 s (a stream? list it in GENERIC_SWEEP_EXCLUDED)'];
  const after = await fingerprint(t.ctx.db, f, asker);
  const problems: string[] = [];
  const leaked = f.secrets[asker].filter((s) => res.body.includes(s));
  if (leaked.length > 0) problems.push(`leaked ${leaked.slice(0, 5).join(', ')}`);
  if (before !== after) problems.push('changed protected rows');
  if (statuses && !statuses.includes(res.statusCode))
    problems.push(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 500) problems.push(`failed with ${res.statusCode}`);
  return problems;
}

describe('the sweep table', () => {
  it('has fixtures with secrets to look for', () => {
    expect(f.secrets.admin).toEqual(
      expect.arrayContaining([HARBOR.name, 'harbor.sweep', 'Harbor Sweep Depot']),
    );
    expect(f.secrets.operator.length).toBeGreaterThan(5);
    expect(explicit.length).toBeGreaterThanOrEqual(16);
  });

  it.each(explicit.map((c): [string, SweepCase] => [`${c.as} ${c.method} ${c.url} ${c.note ?? ''}`, c]))(
    '%s: no leak, no change, refused',
    async (_name, c) => {
      expect(await sweep(c.as, c.method, c.url, c.fill(f), c.expect ?? [403, 404])).toEqual([]);
    },
  );
});

/** Every id-like slot a request can carry, filled from `place` (company B's or the outside region's). */
function idSlots(place: SweepPlace, asker: Asker): Record<string, string | number | (string | number)[]> {
  const stores = place.storeIds;
  const csv = (list: number[]) => list.join(',');
  return {
    id: HIGH.storeId,
    companyId: asker === 'admin' ? f.companyB : f.companyA,
    shopId: place.storeId,
    storeId: place.storeId,
    shopIds: csv(stores),
    shopIdStr: csv(stores),
    storeIds: csv(stores),
    areaCode: place.areaCode,
    areaCodes: csv(place.levelIds),
    areaId: place.regionId,
    proviceId: place.provinceId,
    cityId: place.cityId,
    areaLevel: place.regionId,
    provinceLevel: place.provinceId,
    cityLevel: place.cityId,
    areaLevelListStr: String(place.regionId),
    provinceLevelListStr: String(place.provinceId),
    cityLevelListStr: String(place.cityId),
    levelId: place.regionId,
    pid: place.regionId,
    roleId: HIGH.roleId,
    userId: HIGH.userId,
    accountId: HIGH.userId,
  };
}

function paramFor(name: string, url: string, place: SweepPlace): string | number {
  if (/ListStr$|Ids$/.test(name)) return (/level/i.test(name) ? place.levelIds : place.storeIds).join(',');
  if (/shop|store/i.test(name)) return place.storeId;
  if (/level|area|province|city|region/i.test(name)) return place.regionId;
  if (/role/i.test(name)) return HIGH.roleId;
  if (/user|account/i.test(name)) return HIGH.userId;
  if (name === 'id') {
    if (/\/role\//.test(url)) return HIGH.roleId;
    if (/\/user\//.test(url)) return HIGH.userId;
    if (/level/i.test(url)) return place.regionId;
    return HIGH.storeId;
  }
  return 'x';
}

function genericRequest(route: ApiRoute, asker: Asker): SweepRequest {
  const place = asker === 'admin' ? f.b : f.outside;
  const slots = idSlots(place, asker);
  const params = Object.fromEntries(
    [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [
      m[1] ?? '',
      paramFor(m[1] ?? '', route.path, place),
    ]),
  );
  const query = Object.fromEntries(Object.entries(slots).map(([k, v]) => [k, String(v)]));
  const body = Object.fromEntries(
    Object.entries(slots).map(([k, v]) => [k, typeof v === 'string' && v.includes(',') ? v.split(',') : v]),
  );
  return { params, query, ...(route.method === 'GET' ? {} : { body: { ...body, ids: place.storeIds } }) };
}

function sweepable(route: ApiRoute, asker: Asker): boolean {
  // Sign-in calls would end the asker's own session; they take no company ids anyway.
  if (route.permissions === 'public' || route.module === 'auth') return false;
  if (GENERIC_SWEEP_EXCLUDED.has(`${route.method} ${route.path}`)) return false;
  return route.permissions === 'authenticated' || allows(codes[asker], route.permissions);
}

describe('the generic sweep over every registered route', () => {
  for (const asker of ['admin', 'operator'] as const) {
    it(`${asker}: no route leaks or changes protected data when every id slot names it`, {
      timeout: 300_000,
    }, async () => {
      const problems: string[] = [];
      const swept = routes.filter((r) => sweepable(r, asker));
      for (const route of swept) {
        const found = await sweep(asker, route.method, route.path, genericRequest(route, asker));
        for (const p of found) problems.push(`${route.method} ${route.path}: ${p}`);
      }
      expect(swept.length).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    });
  }
});

export type { SweepFixtures };
