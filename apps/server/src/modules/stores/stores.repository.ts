/**
 * The owner of the `stores` table: the store calls' lists, lookups and writes, and the store reads
 * other modules need (ids and levels of stores inside a scope, stores using a level).
 */
import type { StoreListQuery } from '@storefleet/contracts';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { pageWindow } from '../../db/paging';
import { storeInScope } from '../../db/scope';
import type { StoresTable } from '../../db/tables/org';
import { containsText } from '../../db/text';

export type StoreFilter = Omit<StoreListQuery, 'pageNum' | 'pageSize'> & { companyId?: number | undefined };

const SORT_COLUMNS = {
  storeNo: 'stores.store_no',
  storeName: 'stores.store_name',
  createTime: 'stores.created_at',
  lastUpdateTime: 'stores.updated_at',
} as const;

/** Stores joined to their company and level names. */
function storesWithNames(db: Kysely<DB>) {
  return db
    .selectFrom('stores')
    .innerJoin('companies', 'companies.id', 'stores.company_id')
    .leftJoin('level_configs as area', 'area.id', 'stores.area_level')
    .leftJoin('level_configs as province', 'province.id', 'stores.province_level')
    .leftJoin('level_configs as city', 'city.id', 'stores.city_level');
}

/** Every store column with the company and level names (a StoreRow). */
function selectStoreRow(query: ReturnType<typeof storesWithNames>) {
  return query
    .selectAll('stores')
    .select([
      'companies.name as company_name',
      'area.name as area_name',
      'province.name as province_name',
      'city.name as city_name',
      'area.ename as area_ename',
      'province.ename as province_ename',
      'city.ename as city_ename',
    ]);
}

export type StoreRow = Selectable<StoresTable> & {
  company_name: string;
  area_name: string | null;
  province_name: string | null;
  city_name: string | null;
  /** The levels' English names, when the company gave them. */
  area_ename: string | null;
  province_ename: string | null;
  city_ename: string | null;
};

/** Stores inside `scope` matching every field `filter` sets. */
function filtered(db: Kysely<DB>, scope: Scope, filter: StoreFilter) {
  let query = storesWithNames(db).where((eb) => storeInScope(eb, scope));
  if (filter.companyId !== undefined) query = query.where('stores.company_id', '=', filter.companyId);
  if (filter.companyName) query = query.where(containsText('companies.name', filter.companyName));
  if (filter.storeName) query = query.where(containsText('stores.store_name', filter.storeName));
  if (filter.storeNo) query = query.where(containsText('stores.store_no', filter.storeNo));
  if (filter.areaLevel !== undefined) query = query.where('stores.area_level', '=', filter.areaLevel);
  if (filter.provinceLevel !== undefined)
    query = query.where('stores.province_level', '=', filter.provinceLevel);
  if (filter.cityLevel !== undefined) query = query.where('stores.city_level', '=', filter.cityLevel);
  if (filter.shopId !== undefined) query = query.where('stores.id', '=', filter.shopId);
  if (filter.status !== undefined) query = query.where('stores.status', '=', filter.status);
  const codes = filter.areaCodes;
  if (codes && codes.length > 0) {
    query = query.where((eb) =>
      eb.or([
        eb('stores.area_level', 'in', codes),
        eb('stores.province_level', 'in', codes),
        eb('stores.city_level', 'in', codes),
      ]),
    );
  }
  return query;
}

/** Stores inside `scope` matching `filter`, one page of them when `page` is given, and the total. */
export async function listStores(
  db: Kysely<DB>,
  scope: Scope,
  filter: StoreFilter,
  page?: { pageNum: number; pageSize: number },
): Promise<{ rows: StoreRow[]; total: number }> {
  const base = filtered(db, scope, filter);
  let rows = selectStoreRow(base);
  if (filter.sortBy) rows = rows.orderBy(SORT_COLUMNS[filter.sortBy], filter.sortDirection ?? 'asc');
  rows = rows.orderBy('stores.id', 'asc');
  if (!page) {
    const all = await rows.execute();
    return { rows: all, total: all.length };
  }
  const window = pageWindow(page);
  const [list, total] = await Promise.all([
    rows.limit(window.limit).offset(window.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(total.total) };
}

/** Stores inside `scope` whose name contains `name`, at most `limit`, by name. */
export async function findStoresByName(
  db: Kysely<DB>,
  scope: Scope,
  name: string,
  limit: number,
): Promise<StoreRow[]> {
  return selectStoreRow(storesWithNames(db).where((eb) => storeInScope(eb, scope)))
    .where(containsText('stores.store_name', name))
    .orderBy('stores.store_name')
    .orderBy('stores.id')
    .limit(limit)
    .execute();
}

/** Stores inside `scope` whose region, province or city is one of `levelIds`, by store number. */
export async function listStoresOfLevels(
  db: Kysely<DB>,
  scope: Scope,
  levelIds: number[],
): Promise<StoreRow[]> {
  if (levelIds.length === 0) return [];
  return selectStoreRow(storesWithNames(db).where((eb) => storeInScope(eb, scope)))
    .where((eb) =>
      eb.or([
        eb('stores.area_level', 'in', levelIds),
        eb('stores.province_level', 'in', levelIds),
        eb('stores.city_level', 'in', levelIds),
      ]),
    )
    .orderBy('stores.store_no')
    .orderBy('stores.id')
    .execute();
}

/** The store `id` when it lies inside `scope`. */
export async function findStore(db: Kysely<DB>, scope: Scope, id: number): Promise<StoreRow | undefined> {
  return selectStoreRow(storesWithNames(db).where((eb) => storeInScope(eb, scope)))
    .where('stores.id', '=', id)
    .executeTakeFirst();
}

/** The store of `companyId` numbered `storeNo`, if any. */
export async function findStoreByNo(db: Kysely<DB>, companyId: number, storeNo: string) {
  return db
    .selectFrom('stores')
    .select(['id', 'store_name'])
    .where('company_id', '=', companyId)
    .where('store_no', '=', storeNo)
    .executeTakeFirst();
}

/** Inserts a store and returns its id. */
export async function insertStore(db: Kysely<DB>, store: Insertable<StoresTable>): Promise<number> {
  const row = await db.insertInto('stores').values(store).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates store `id` of `companyId`. */
export async function updateStore(
  db: Kysely<DB>,
  companyId: number,
  id: number,
  changes: Updateable<StoresTable>,
): Promise<void> {
  await db
    .updateTable('stores')
    .set(changes)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

/** Deletes store `id` of `companyId`. */
export async function deleteStore(db: Kysely<DB>, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('stores').where('id', '=', id).where('company_id', '=', companyId).execute();
}

/** Ids of every store inside `scope` (a company has at most a few thousand). */
export async function listStoreIdsInScope(db: Kysely<DB>, scope: Scope): Promise<number[]> {
  const rows = await db
    .selectFrom('stores')
    .select('stores.id')
    .where((eb) => storeInScope(eb, scope))
    .execute();
  return rows.map((r) => r.id);
}

/** The stores among `ids` that lie inside `scope`. */
export async function findStoreIdsInScope(
  db: Kysely<DB>,
  scope: Scope,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('stores')
    .select('id')
    .where('id', 'in', [...ids])
    .where((eb) => storeInScope(eb, scope))
    .execute();
  return rows.map((r) => r.id);
}

/** Where a store sits: its company and hierarchy levels (what a device inherits, what a user covers). */
export interface StorePlace {
  id: number;
  company_id: number;
  store_name: string;
  area_level: number | null;
  province_level: number | null;
  city_level: number | null;
}

/** The place columns of the stores inside `scope`. */
function storePlaces(db: Kysely<DB>, scope: Scope) {
  return db
    .selectFrom('stores')
    .select(['id', 'company_id', 'store_name', 'area_level', 'province_level', 'city_level'])
    .where((eb) => storeInScope(eb, scope));
}

/** The place of store `id` when it lies inside `scope`. */
export async function findStorePlaceInScope(
  db: Kysely<DB>,
  scope: Scope,
  id: number,
): Promise<StorePlace | undefined> {
  return storePlaces(db, scope).where('id', '=', id).executeTakeFirst();
}

/** The places of the stores among `ids` that lie inside `scope`. */
export async function findStorePlacesInScope(
  db: Kysely<DB>,
  scope: Scope,
  ids: readonly number[],
): Promise<StorePlace[]> {
  if (ids.length === 0) return [];
  return storePlaces(db, scope)
    .where('id', 'in', [...ids])
    .execute();
}

/** The region, province and city ids of every store inside `scope` (distinct chains). */
export async function listScopedStoreChains(db: Kysely<DB>, scope: Scope) {
  return db
    .selectFrom('stores')
    .select(['stores.area_level', 'stores.province_level', 'stores.city_level'])
    .distinct()
    .where((eb) => storeInScope(eb, scope))
    .execute();
}

/** Numbers of the stores whose region, province or city is level `id`. */
export async function listStoreNosUsingLevel(db: Kysely<DB>, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('stores')
    .select('store_no')
    .where((eb) =>
      eb.or([eb('area_level', '=', id), eb('province_level', '=', id), eb('city_level', '=', id)]),
    )
    .orderBy('store_no')
    .execute();
  return rows.map((r) => r.store_no);
}

/** Store names by id. */
export async function findStoreNames(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('stores')
    .select(['id', 'store_name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.store_name]));
}

/** Every store of `companyId` as the store import compares it, by store number. */
export async function listCompanyStoresByNo(db: Kysely<DB>, companyId: number) {
  const rows = await db
    .selectFrom('stores')
    .select(['id', 'store_no', 'store_name', 'addr', 'area_level', 'province_level', 'city_level', 'status'])
    .where('company_id', '=', companyId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.store_no,
      {
        id: r.id,
        storeName: r.store_name,
        addr: r.addr,
        areaLevel: r.area_level,
        provinceLevel: r.province_level,
        cityLevel: r.city_level,
        status: r.status,
      },
    ]),
  );
}

/** Rows per INSERT of the store import (13 columns: well under either database's parameter limit). */
const INSERT_BATCH = 500;

/** Inserts many stores (the store import), in statements of INSERT_BATCH rows. */
export async function insertStores(
  db: Kysely<DB>,
  stores: readonly Insertable<StoresTable>[],
): Promise<void> {
  for (let at = 0; at < stores.length; at += INSERT_BATCH) {
    await db
      .insertInto('stores')
      .values(stores.slice(at, at + INSERT_BATCH))
      .execute();
  }
}
