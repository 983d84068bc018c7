import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { storeInScope } from '../db/scope';
import { createTestApp, type TestApp } from '../testing/test-app';
import { authenticate } from './authenticate';
import type { Scope } from './caller';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sessionOf(username: string, companyHeader?: string) {
  const token = await t.signIn(username);
  return authenticate(t.ctx.db, t.ctx.auth.tokens, { authorization: `Bearer ${token}`, companyHeader });
}

async function storesIn(scope: Scope) {
  return t.ctx.db
    .selectFrom('stores')
    .innerJoin('level_configs as region', 'region.id', 'stores.area_level')
    .select(['stores.id', 'stores.company_id', 'region.ename as region'])
    .where((eb) => storeInScope(eb, scope))
    .orderBy('stores.id')
    .execute();
}

describe('caller scope', () => {
  it("limits the demo operator to the East China region's stores", async () => {
    const { caller, scope } = await sessionOf('operator');
    expect(caller).toMatchObject({ userType: 3, companyId: 1, companyIds: [1] });
    const stores = await storesIn(scope);
    expect(stores.length).toBe(15);
    expect(new Set(stores.map((s) => s.region))).toEqual(new Set(['East China']));
  });

  it("narrows a common user's role scope to the user's own stores", async () => {
    const north = await t.ctx.db
      .selectFrom('stores')
      .innerJoin('level_configs as region', 'region.id', 'stores.area_level')
      .select('stores.id')
      .where('region.ename', '=', 'North China')
      .executeTakeFirstOrThrow();
    const east = (await storesIn((await sessionOf('operator')).scope)).slice(0, 2).map((s) => s.id);
    await t.ctx.db
      .updateTable('users')
      .set({ store_ids: JSON.stringify([...east, north.id]) })
      .where('account_name', '=', 'operator')
      .execute();
    try {
      const { scope } = await sessionOf('operator');
      // The North China store is the user's but outside its role: it stays hidden.
      expect((await storesIn(scope)).map((s) => s.id)).toEqual(east);
    } finally {
      await t.ctx.db
        .updateTable('users')
        .set({ store_ids: '[]' })
        .where('account_name', '=', 'operator')
        .execute();
    }
  });

  it('gives admins their whole company and platform users every company', async () => {
    expect((await sessionOf('admin')).scope).toEqual({ companyId: 1, storeIds: null, levelIds: null });
    expect((await sessionOf('agent', '2')).scope).toEqual({ companyId: 2, storeIds: null, levelIds: null });
    const platform = await sessionOf('platform');
    expect(platform.scope).toEqual({ companyId: null, storeIds: null, levelIds: null });
    expect(platform.caller.companyId).toBeNull();
  });

  it('ignores the company header for users who do not choose a company', async () => {
    expect((await sessionOf('admin', '2')).caller.companyId).toBe(1);
  });
});
