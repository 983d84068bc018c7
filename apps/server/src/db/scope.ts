/**
 * The one data-scope predicate. Every repository that reads company data joins its rows to `stores`
 * (or has the store columns itself) and adds `storeInScope`:
 *
 *   db.selectFrom('devices')
 *     .innerJoin('stores', 'stores.id', 'devices.shop_id')
 *     .selectAll('devices')
 *     .where((eb) => storeInScope(eb, scope))
 *
 * It yields `stores.company_id = ? AND (store id IN (…) OR area/province/city level IN (…))`, leaving
 * out whichever part the scope does not restrict. Pass other column names when the store columns
 * live elsewhere (e.g. an alias): `storeInScope(eb, scope, storeColumns('s'))`.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';

import { isRestricted, type Scope } from '../auth/caller';

export interface StoreColumns {
  companyId: string;
  /**
   * Null where the rows are not per store (the usage sums per city): a scope of listed stores cannot
   * be checked on them, and storeInScope refuses to try — the caller reads per-store rows instead.
   */
  storeId: string | null;
  area: string;
  province: string;
  city: string;
}

/** The store columns of table (or alias) `table`. */
export function storeColumns(table: string): StoreColumns {
  return {
    companyId: `${table}.company_id`,
    storeId: `${table}.id`,
    area: `${table}.area_level`,
    province: `${table}.province_level`,
    city: `${table}.city_level`,
  };
}

export const STORE_COLUMNS: StoreColumns = storeColumns('stores');

/** The Kysely predicate "this store row is inside `scope`"; use in `.where((eb) => storeInScope(eb, scope))`. */
export function storeInScope<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: Scope,
  columns: StoreColumns = STORE_COLUMNS,
): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (scope.companyId !== null) parts.push(sql<SqlBool>`${sql.ref(columns.companyId)} = ${scope.companyId}`);
  if (isRestricted(scope)) {
    const storeIds = scope.storeIds ?? [];
    const levelIds = scope.levelIds ?? [];
    const any: Expression<SqlBool>[] = [];
    if (storeIds.length > 0) {
      if (columns.storeId === null)
        throw new Error('storeInScope: a scope of listed stores on rows that have no store column');
      any.push(sql<SqlBool>`${sql.ref(columns.storeId)} in (${sql.join(storeIds)})`);
    }
    if (levelIds.length > 0) {
      const list = sql.join(levelIds);
      for (const column of [columns.area, columns.province, columns.city]) {
        any.push(sql<SqlBool>`${sql.ref(column)} in (${list})`);
      }
    }
    // A restricted scope with nothing in it sees nothing.
    parts.push(any.length > 0 ? eb.or(any) : sql<SqlBool>`1 = 0`);
  }
  return parts.length > 0 ? eb.and(parts) : sql<SqlBool>`1 = 1`;
}
