/**
 * The one store-place filter: "rows of these stores / regions / provinces / cities / store statuses",
 * for any table that carries a store id and is joined to `stores` (devices, inventory records, usage
 * rows…). The stores module owns `stores`, so the place conditions on its columns are built here; the
 * data scope stays the separate predicate `storeInScope` (db/scope.ts).
 *
 * Example (a usage-row list: the rows' store id is `usage_rows.shop_id`):
 *
 *   db.selectFrom('usage_rows')
 *     .innerJoin('stores', 'stores.id', 'usage_rows.shop_id')
 *     .where((eb) =>
 *       eb.and([
 *         storeInScope(eb, scope, { ...STORE_COLUMNS, storeId: 'usage_rows.shop_id' }),
 *         ...storePlaceConditions(filter, 'usage_rows.shop_id'),
 *       ]),
 *     )
 *
 * The store ids (`shopId`, `shopIdStr`) are compared on the given store-id column, so they need no
 * join; every other field reads the joined `stores` row (pass its alias when it is not `stores`):
 * `needsStoreRow(filter)` says whether the join is needed at all.
 */
import { type Expression, type SqlBool, sql } from 'kysely';

/** The place fields of the list filters (device list, inventory list, usage reports); all optional. */
export interface StorePlaceFilter {
  /** One store. */
  shopId?: number;
  /** Any of these stores. */
  shopIdStr?: readonly number[];
  /** The store's region as its level id in text (the spec's areaCode). */
  areaCode?: string;
  areaLevel?: number;
  provinceLevel?: number;
  cityLevel?: number;
  areaLevelListStr?: readonly number[];
  provinceLevelListStr?: readonly number[];
  cityLevelListStr?: readonly number[];
  /** Store status (0/1), any of these. */
  storeStatus?: readonly number[];
}

/** Whether `filter` reads columns of the store row (and so needs the join to `stores`). */
export function needsStoreRow(filter: StorePlaceFilter): boolean {
  return (
    filter.areaCode !== undefined ||
    filter.areaLevel !== undefined ||
    filter.provinceLevel !== undefined ||
    filter.cityLevel !== undefined ||
    (filter.areaLevelListStr?.length ?? 0) > 0 ||
    (filter.provinceLevelListStr?.length ?? 0) > 0 ||
    (filter.cityLevelListStr?.length ?? 0) > 0 ||
    (filter.storeStatus?.length ?? 0) > 0
  );
}

/**
 * The place conditions `filter` sets (none: an empty list), to AND with the caller's own:
 * `storeId` is the filtered table's store-id column (`'devices.shop_id'`), `stores` the alias of the
 * joined stores table.
 */
export function storePlaceConditions(
  filter: StorePlaceFilter,
  storeId: string,
  stores = 'stores',
): Expression<SqlBool>[] {
  const parts: Expression<SqlBool>[] = [];
  const equals = (column: string, value: number | string | undefined) => {
    if (value !== undefined && value !== '') parts.push(sql<SqlBool>`${sql.ref(column)} = ${value}`);
  };
  const anyOf = (column: string, values: readonly number[] | undefined) => {
    if (values?.length) parts.push(sql<SqlBool>`${sql.ref(column)} in (${sql.join([...values])})`);
  };
  equals(storeId, filter.shopId);
  anyOf(storeId, filter.shopIdStr);
  equals(`${stores}.area_code`, filter.areaCode);
  equals(`${stores}.area_level`, filter.areaLevel);
  equals(`${stores}.province_level`, filter.provinceLevel);
  equals(`${stores}.city_level`, filter.cityLevel);
  anyOf(`${stores}.area_level`, filter.areaLevelListStr);
  anyOf(`${stores}.province_level`, filter.provinceLevelListStr);
  anyOf(`${stores}.city_level`, filter.cityLevelListStr);
  anyOf(`${stores}.status`, filter.storeStatus);
  return parts;
}
