import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Scope } from '../auth/caller';
import { PasswordHasher } from '../auth/passwords';
import { seedOnStart } from '../demo/seed';
import { TEST_HASHING, testConfig } from '../testing/test-app';
import { openTestDatabase, type TestDatabase } from '../testing/test-database';
import { storeColumns, storeInScope } from './scope';

let t: TestDatabase;
let regions: Array<{ id: number; company_id: number; ename: string | null }>;

beforeAll(async () => {
  t = await openTestDatabase();
  await seedOnStart(t.database, testConfig(), new PasswordHasher(TEST_HASHING));
  regions = await t.database.db
    .selectFrom('level_configs')
    .select(['id', 'company_id', 'ename'])
    .where('level', '=', 1)
    .orderBy('id')
    .execute();
});
afterAll(() => t.cleanup());

const region = (ename: string) => regions.find((r) => r.ename === ename)?.id ?? -1;

async function visibleStores(scope: Scope) {
  return t.database.db
    .selectFrom('stores')
    .select(['id', 'company_id', 'area_level', 'city_level'])
    .where((eb) => storeInScope(eb, scope))
    .orderBy('id')
    .execute();
}

describe('storeInScope', () => {
  it("limits a whole-company scope to that company's stores", async () => {
    const stores = await visibleStores({ companyId: 2, storeIds: null, levelIds: null });
    expect(stores.length).toBeGreaterThan(0);
    expect(stores.every((s) => s.company_id === 2)).toBe(true);
  });

  it("shows a region-scoped operator only its region's stores", async () => {
    const east = region('East China');
    const stores = await visibleStores({ companyId: 1, storeIds: null, levelIds: [east] });
    expect(stores.length).toBe(15);
    expect(stores.every((s) => s.area_level === east && s.company_id === 1)).toBe(true);
  });

  it('matches stores by city level or store id as well', async () => {
    const all = await visibleStores({ companyId: 1, storeIds: null, levelIds: null });
    const [first, second] = all;
    const byCity = await visibleStores({
      companyId: 1,
      storeIds: [second?.id ?? 0],
      levelIds: [first?.city_level ?? 0],
    });
    const expected = all
      .filter((s) => s.city_level === first?.city_level || s.id === second?.id)
      .map((s) => s.id);
    expect(byCity.map((s) => s.id)).toEqual(expected);
  });

  it("never shows another company's stores, even when their ids are listed", async () => {
    const harborStores = await visibleStores({ companyId: 2, storeIds: null, levelIds: null });
    const stores = await visibleStores({
      companyId: 1,
      storeIds: harborStores.map((s) => s.id),
      levelIds: [region('West')],
    });
    expect(stores).toEqual([]);
  });

  it('shows nothing for a restricted scope with no stores or areas', async () => {
    expect(await visibleStores({ companyId: 1, storeIds: [], levelIds: [] })).toEqual([]);
  });

  it('shows every company to a platform scope', async () => {
    const stores = await visibleStores({ companyId: null, storeIds: null, levelIds: null });
    expect(new Set(stores.map((s) => s.company_id))).toEqual(new Set([1, 2]));
    expect(stores.length).toBeGreaterThanOrEqual(40);
  });

  it('works on joined tables through an alias', async () => {
    const east = region('East China');
    const rows = await t.database.db
      .selectFrom('users')
      .innerJoin('stores as s', 's.company_id', 'users.company_id')
      .select(['s.id'])
      .where('users.account_name', '=', 'operator')
      .where((eb) => storeInScope(eb, { companyId: 1, storeIds: null, levelIds: [east] }, storeColumns('s')))
      .execute();
    expect(rows.length).toBe(15);
  });

  it('on rows without a store column, checks regions and refuses a scope of listed stores', async () => {
    const east = region('East China');
    const perCity = { ...storeColumns('stores'), storeId: null };
    const byRegion = await t.database.db
      .selectFrom('stores')
      .select('id')
      .where((eb) => storeInScope(eb, { companyId: 1, storeIds: null, levelIds: [east] }, perCity))
      .execute();
    expect(byRegion.length).toBe(15);
    expect(() =>
      t.database.db
        .selectFrom('stores')
        .select('id')
        .where((eb) => storeInScope(eb, { companyId: 1, storeIds: [1], levelIds: null }, perCity)),
    ).toThrow('a scope of listed stores on rows that have no store column');
  });
});
