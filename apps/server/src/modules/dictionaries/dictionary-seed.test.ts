import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../testing/test-database';

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(async () => {
  await test.cleanup();
});

describe('dictionary seed', () => {
  it('gives every small category a large category that exists', async () => {
    const { db } = test.database;
    const large = await db
      .selectFrom('dictionary_items')
      .select('code')
      .where('type', '=', 'CATEGORY_TYPE')
      .execute();
    const small = await db
      .selectFrom('dictionary_items')
      .select(['code', 'parent_code'])
      .where('type', '=', 'SUBCLASS_TYPE')
      .execute();
    const largeCodes = new Set(large.map((r) => r.code));
    expect(large.length).toBeGreaterThanOrEqual(6);
    expect(small.length).toBeGreaterThanOrEqual(16);
    expect(small.filter((r) => !largeCodes.has(r.parent_code ?? ''))).toEqual([]);
  });

  it('ties every model to a seeded brand', async () => {
    const { db } = test.database;
    const brands = await db
      .selectFrom('dictionary_items')
      .select('code')
      .where('type', '=', 'BRAND')
      .execute();
    const models = await db
      .selectFrom('dictionary_items')
      .select(['code', 'relative_code'])
      .where('type', '=', 'MODEL')
      .execute();
    const brandCodes = new Set(brands.map((r) => r.code));
    expect(brandCodes.size).toBeGreaterThanOrEqual(16);
    expect(models.filter((r) => !brandCodes.has(r.relative_code ?? ''))).toEqual([]);
    for (const brand of brandCodes) {
      expect(
        models.some((m) => m.relative_code === brand),
        `models of ${brand}`,
      ).toBe(true);
    }
  });
});
