/**
 * The one store-place filter on a real database (SQLite and PostgreSQL): each field keeps exactly the
 * rows whose store matches, on any table with a store id, through any alias of `stores`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app';
import { needsStoreRow, type StorePlaceFilter, storePlaceConditions } from './store-place-filter';

let t: TestApp;

interface Placed {
  id: number;
  shop: number;
  area: number | null;
  province: number | null;
  city: number | null;
  areaCode: string | null;
  status: number;
}
let devices: Placed[];

beforeAll(async () => {
  t = await createTestApp();
  // One store closed, so the store-status filter has both kinds.
  const first = await t.ctx.db.selectFrom('stores').select('id').orderBy('id').executeTakeFirstOrThrow();
  await t.ctx.db.updateTable('stores').set({ status: 1 }).where('id', '=', first.id).execute();
  devices = await t.ctx.db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select([
      'devices.id',
      'devices.shop_id as shop',
      'stores.area_level as area',
      'stores.province_level as province',
      'stores.city_level as city',
      'stores.area_code as areaCode',
      'stores.status',
    ])
    .orderBy('devices.id')
    .execute();
});
afterAll(async () => t.close());

/** The device ids the builder keeps, joining stores under the alias `s`. */
async function filtered(filter: StorePlaceFilter): Promise<number[]> {
  const rows = await t.ctx.db
    .selectFrom('devices')
    .innerJoin('stores as s', 's.id', 'devices.shop_id')
    .select('devices.id')
    .where((eb) => eb.and(storePlaceConditions(filter, 'devices.shop_id', 's')))
    .orderBy('devices.id')
    .execute();
  return rows.map((r) => r.id);
}

function expected(keep: (d: Placed) => boolean): number[] {
  return devices.filter(keep).map((d) => d.id);
}

/** Two distinct non-null values of a column, so a list filter keeps some rows and drops others. */
function two<K extends keyof Placed>(key: K): Array<NonNullable<Placed[K]>> {
  const values = [...new Set(devices.map((d) => d[key]).filter((v) => v !== null))];
  expect(values.length, `the demo data has several ${key} values`).toBeGreaterThan(2);
  return values.slice(0, 2) as Array<NonNullable<Placed[K]>>;
}

describe('storePlaceConditions', () => {
  it('sets no condition for an empty filter', async () => {
    expect(storePlaceConditions({}, 'devices.shop_id')).toEqual([]);
    expect(await filtered({})).toEqual(expected(() => true));
  });

  it('keeps the rows of one store or of any listed store, on the given store-id column', async () => {
    const [a, b] = two('shop');
    expect(await filtered({ shopId: a })).toEqual(expected((d) => d.shop === a));
    expect(await filtered({ shopIdStr: [a!, b!] })).toEqual(expected((d) => d.shop === a || d.shop === b));
  });

  it('keeps the rows whose store is in the region, province or city (one or several)', async () => {
    const [a1, a2] = two('area');
    const [p1, p2] = two('province');
    const [c1] = two('city');
    expect(await filtered({ areaLevel: a1 })).toEqual(expected((d) => d.area === a1));
    expect(await filtered({ areaLevelListStr: [a1!, a2!] })).toEqual(
      expected((d) => d.area === a1 || d.area === a2),
    );
    expect(await filtered({ provinceLevel: p1 })).toEqual(expected((d) => d.province === p1));
    expect(await filtered({ provinceLevelListStr: [p1!, p2!] })).toEqual(
      expected((d) => d.province === p1 || d.province === p2),
    );
    expect(await filtered({ cityLevel: c1 })).toEqual(expected((d) => d.city === c1));
    expect(await filtered({ cityLevelListStr: [c1!] })).toEqual(expected((d) => d.city === c1));
  });

  it('keeps the rows of open or closed stores and combines every field with AND', async () => {
    const open = expected((d) => d.status === 0);
    const closed = expected((d) => d.status === 1);
    expect(open.length > 0 && closed.length > 0).toBe(true);
    expect(await filtered({ storeStatus: [0] })).toEqual(open);
    expect(await filtered({ storeStatus: [1] })).toEqual(closed);
    expect(await filtered({ storeStatus: [0, 1] })).toEqual(expected(() => true));
    const [a] = two('area');
    const [s] = two('shop');
    expect(await filtered({ areaLevel: a, shopId: s, storeStatus: [0] })).toEqual(
      expected((d) => d.area === a && d.shop === s && d.status === 0),
    );
  });

  it('matches the region code as text and ignores an empty one', async () => {
    const code = devices.find((d) => d.areaCode)?.areaCode;
    expect(code, 'the demo stores have region codes').toBeTruthy();
    expect(await filtered({ areaCode: code! })).toEqual(expected((d) => d.areaCode === code));
    expect(await filtered({ areaCode: '' })).toEqual(expected(() => true));
    expect(await filtered({ areaCode: 'no-such-region' })).toEqual([]);
  });

  it('needs the stores join only for fields on the store row', () => {
    expect(needsStoreRow({})).toBe(false);
    expect(needsStoreRow({ shopId: 1, shopIdStr: [1, 2] })).toBe(false);
    expect(needsStoreRow({ shopIdStr: [], areaLevelListStr: [], storeStatus: [] })).toBe(false);
    expect(needsStoreRow({ areaLevel: 1 })).toBe(true);
    expect(needsStoreRow({ cityLevelListStr: [3] })).toBe(true);
    expect(needsStoreRow({ storeStatus: [0] })).toBe(true);
    expect(needsStoreRow({ areaCode: 'east' })).toBe(true);
  });
});
