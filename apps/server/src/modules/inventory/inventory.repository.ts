/**
 * The owning repository of `inventory_records` (docs/decisions/inventory.md): nothing else writes the
 * table but its two parts in files of their own: inventory-import.repository.ts (what an import reads,
 * its batched write) and inventory-binding.repository.ts (binding records to devices). One filter
 * builder (`inventoryConditions`) serves the list, its summary and the export, so the three always
 * agree; the derived flags (isInventory, isManage, onlineStatus) are conditions on the join to the
 * bound device, never stored.
 *
 * The store, region, province, city and store-status filters are the stores module's one place filter
 * (`storePlaceConditions`, shared with the device list); the data scope is the one predicate `storeInScope`.
 */
import {
  type InventoryFilter,
  type InventorySortField,
  MonitoredFlag,
  NetworkFlag,
  PropertyStatus,
} from '@storefleet/contracts';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { pageWindow } from '../../db/paging';
import { type StoreColumns, storeInScope } from '../../db/scope';
import { updateStamps } from '../../db/stamps';
import type { InventoryRecordsTable } from '../../db/tables/inventory';
import { containsText } from '../../db/text';
import { storePlaceConditions } from '../stores/store-place-filter';

export type NewInventoryRecord = Insertable<InventoryRecordsTable>;
export type InventoryRecordChanges = Updateable<InventoryRecordsTable>;

/** The filter fields the builder reads (sorting and paging are the caller's). */
export type InventoryFilterInput = Partial<Omit<InventoryFilter, 'sortBy' | 'sortDirection'>>;

/** Store columns for the scope predicate: company and store come from the record itself. */
export const RECORD_STORE_COLUMNS: StoreColumns = {
  companyId: 'inventory_records.company_id',
  storeId: 'inventory_records.shop_id',
  area: 'stores.area_level',
  province: 'stores.province_level',
  city: 'stores.city_level',
};

type Tables = 'inventory_records' | 'stores' | 'devices';

/** Records joined to their store and (left) to their bound device, selecting nothing yet. */
function recordJoins(db: Kysely<DB>) {
  return db
    .selectFrom('inventory_records')
    .innerJoin('stores', 'stores.id', 'inventory_records.shop_id')
    .leftJoin('devices', 'devices.id', 'inventory_records.bound_device_id');
}

/** The reply's columns: the record, its store, its region's names, its bound device. */
function recordRowQuery(db: Kysely<DB>) {
  return recordJoins(db)
    .leftJoin('level_configs as area', 'area.id', 'stores.area_level')
    .selectAll('inventory_records')
    .select([
      'stores.store_name',
      'stores.status as store_status',
      'area.name as area_name',
      'area.ename as area_ename',
      'devices.device_name as bound_device_name',
      'devices.monitored as bound_monitored',
      'devices.online_status as bound_online_status',
    ]);
}

export type InventoryRow = Awaited<ReturnType<ReturnType<typeof recordRowQuery>['executeTakeFirstOrThrow']>>;

/** "The bound device is monitored": the isManage condition. */
function managed(eb: ExpressionBuilder<DB, Tables>) {
  return eb.and([
    eb('inventory_records.bound_device_id', 'is not', null),
    eb('devices.monitored', '=', MonitoredFlag.MONITORED),
  ]);
}

/** The scope and every filter the input sets, as one AND of conditions. */
function inventoryConditions(eb: ExpressionBuilder<DB, Tables>, scope: Scope, f: InventoryFilterInput) {
  const parts = [storeInScope(eb, scope, RECORD_STORE_COLUMNS)];
  // A platform user (every company) may narrow to one; a company user's own company always decides.
  if (scope.companyId === null && f.companyId !== undefined)
    parts.push(eb('inventory_records.company_id', '=', f.companyId));
  if (f.assetNo) parts.push(containsText('inventory_records.asset_no', f.assetNo));
  if (f.deviceName) parts.push(containsText('inventory_records.device_name', f.deviceName));
  if (f.model) parts.push(containsText('inventory_records.model', f.model));
  if (f.deviceCategory) parts.push(eb('inventory_records.device_category', '=', f.deviceCategory));
  if (f.deviceClass) parts.push(eb('inventory_records.device_class', '=', f.deviceClass));
  if (f.propertyType) parts.push(eb('inventory_records.property_type', '=', f.propertyType));
  if (f.status?.length) parts.push(eb('inventory_records.status', 'in', f.status));
  if (f.isNetworkDevice !== undefined)
    parts.push(eb('inventory_records.is_network_device', '=', f.isNetworkDevice));
  if (f.isInventory !== undefined)
    parts.push(eb('inventory_records.bound_device_id', f.isInventory === 1 ? 'is not' : 'is', null));
  if (f.isManage !== undefined) parts.push(f.isManage === 1 ? managed(eb) : eb.not(managed(eb)));
  parts.push(...storePlaceConditions(f, 'inventory_records.shop_id'));
  return eb.and(parts);
}

/** Sortable reply fields → columns (the whitelist is the contracts' INVENTORY_SORT_FIELDS). */
const SORT_COLUMNS: Record<InventorySortField, string> = {
  id: 'inventory_records.id',
  assetNo: 'inventory_records.asset_no',
  deviceName: 'inventory_records.device_name',
  deviceSn: 'inventory_records.device_sn',
  macAddress: 'inventory_records.mac_address',
  intranetIp: 'inventory_records.intranet_ip',
  model: 'inventory_records.model',
  shopName: 'stores.store_name',
  status: 'inventory_records.status',
  obtainTime: 'inventory_records.obtain_time',
  serviceLife: 'inventory_records.service_life',
  index: 'inventory_records.index_no',
  createTime: 'inventory_records.created_at',
  updateTime: 'inventory_records.updated_at',
};

export interface InventorySort {
  field: InventorySortField;
  direction: 'asc' | 'desc';
}

/** Newest record first. */
export const DEFAULT_INVENTORY_SORT: InventorySort = { field: 'id', direction: 'desc' };

function sorted(query: ReturnType<typeof recordRowQuery>, sort: InventorySort) {
  const column = sql.ref(SORT_COLUMNS[sort.field]);
  const ordered = query.orderBy(sort.direction === 'asc' ? sql`${column} asc` : sql`${column} desc`);
  // Ties broken by id in the same direction: a stable order for paging and the export.
  return sort.field === 'id'
    ? ordered
    : ordered.orderBy('inventory_records.id', sort.direction === 'asc' ? 'asc' : 'desc');
}

/** How many records the scope and filter list. */
export async function countInventory(db: Kysely<DB>, scope: Scope, filter: InventoryFilterInput) {
  const row = await recordJoins(db)
    .where((eb) => inventoryConditions(eb, scope, filter))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One page of the filtered records in `sort` order. */
export async function listInventoryPage(
  db: Kysely<DB>,
  scope: Scope,
  filter: InventoryFilterInput,
  sort: InventorySort,
  page: { pageNum: number; pageSize: number },
): Promise<InventoryRow[]> {
  const { limit, offset } = pageWindow(page);
  return sorted(
    recordRowQuery(db).where((eb) => inventoryConditions(eb, scope, filter)),
    sort,
  )
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The summary counts of the filtered records, in one query. */
export async function summarizeInventory(db: Kysely<DB>, scope: Scope, filter: InventoryFilterInput) {
  const count = (condition: ReturnType<typeof sql<SqlBool>>) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const row = await recordJoins(db)
    .where((eb) => inventoryConditions(eb, scope, filter))
    .select([
      sql<number>`count(*)`.as('total'),
      count(sql<SqlBool>`${sql.ref('inventory_records.bound_device_id')} is not null`).as('inventoried'),
      count(
        sql<SqlBool>`${sql.ref('inventory_records.bound_device_id')} is not null and ${sql.ref('devices.monitored')} = ${sql.lit(MonitoredFlag.MONITORED)}`,
      ).as('managed'),
      count(
        sql<SqlBool>`${sql.ref('inventory_records.is_network_device')} = ${sql.lit(NetworkFlag.NOT_NETWORKED)}`,
      ).as('nonNetwork'),
      ...PropertyStatus.entries.map((e) =>
        count(sql<SqlBool>`${sql.ref('inventory_records.status')} = ${sql.lit(e.value)}`).as(
          `status${e.value}`,
        ),
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    inventoried: Number(row.inventoried),
    managed: Number(row.managed),
    nonNetwork: Number(row.nonNetwork),
    byStatus: new Map(
      PropertyStatus.entries.map((e) => [
        e.value,
        Number((row as Record<string, unknown>)[`status${e.value}`] ?? 0),
      ]),
    ),
  };
}

/**
 * Every filtered record in `sort` order, `batchSize` at a time (the streamed export). The default
 * order walks the id index from the top (keyset: each batch starts below the last id seen), so a
 * record added meanwhile is never read twice; another sort pages by offset over (field, id).
 */
export async function* exportRows(
  db: Kysely<DB>,
  scope: Scope,
  filter: InventoryFilterInput,
  sort: InventorySort = DEFAULT_INVENTORY_SORT,
  batchSize = 1000,
): AsyncGenerator<InventoryRow[]> {
  if (sort.field === 'id') {
    let after: number | null = null;
    for (;;) {
      const from: number | null = after;
      const batch = await sorted(
        recordRowQuery(db).where((eb) =>
          eb.and([
            inventoryConditions(eb, scope, filter),
            ...(from === null
              ? []
              : [eb('inventory_records.id', sort.direction === 'desc' ? '<' : '>', from)]),
          ]),
        ),
        sort,
      )
        .limit(batchSize)
        .execute();
      if (batch.length === 0) return;
      yield batch;
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1]?.id ?? null;
    }
  }
  for (let offset = 0; ; offset += batchSize) {
    const batch = await sorted(
      recordRowQuery(db).where((eb) => inventoryConditions(eb, scope, filter)),
      sort,
    )
      .limit(batchSize)
      .offset(offset)
      .execute();
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
  }
}

/** One record in the caller's scope, as a reply reads it. */
export async function findInventoryRow(
  db: Kysely<DB>,
  scope: Scope,
  id: number,
): Promise<InventoryRow | undefined> {
  return recordRowQuery(db)
    .where('inventory_records.id', '=', id)
    .where((eb) => storeInScope(eb, scope, RECORD_STORE_COLUMNS))
    .executeTakeFirst();
}

/** The binding state of records among `ids` inside the scope (ids outside it are left out). */
export async function findInventoryStates(db: Kysely<DB>, scope: Scope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return recordJoins(db)
    .where('inventory_records.id', 'in', [...ids])
    .where((eb) => storeInScope(eb, scope, RECORD_STORE_COLUMNS))
    .select([
      'inventory_records.id',
      'inventory_records.company_id',
      'inventory_records.asset_no',
      'inventory_records.bound_device_id',
      'devices.device_name as bound_device_name',
    ])
    .orderBy('inventory_records.id')
    .execute();
}

/**
 * Another record of store `shopId` holding the MAC key or serial number (update's duplicate check);
 * `exceptId` is the record being changed.
 */
export async function findStoreHolders(
  db: Kysely<DB>,
  shopId: number,
  exceptId: number,
  values: { macKey: string | null; deviceSn: string | null },
) {
  if (values.macKey === null && values.deviceSn === null) return [];
  return db
    .selectFrom('inventory_records')
    .select(['id', 'asset_no', 'mac_key', 'device_sn'])
    .where('shop_id', '=', shopId)
    .where('id', '<>', exceptId)
    .where((eb) =>
      eb.or([
        ...(values.macKey === null ? [] : [eb('mac_key', '=', values.macKey)]),
        ...(values.deviceSn === null ? [] : [eb('device_sn', '=', values.deviceSn)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Inserts records (the demo seed, tests); returns their ids in order. */
export async function insertInventoryRecords(
  db: Kysely<DB>,
  records: readonly NewInventoryRecord[],
): Promise<number[]> {
  if (records.length === 0) return [];
  // A multi-row insert fills a column some rows leave out with NULL on SQLite (no DEFAULT there):
  // the defaulted columns are spelled out.
  const rows = await db
    .insertInto('inventory_records')
    .values(
      records.map((r) => ({
        ...r,
        status: r.status ?? PropertyStatus.NORMAL,
        images: r.images ?? '[]',
        is_network_device: r.is_network_device ?? NetworkFlag.NETWORKED,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Changes one record (the caller checked scope). */
export async function updateInventoryRecord(
  db: Kysely<DB>,
  id: number,
  changes: InventoryRecordChanges,
): Promise<void> {
  await db.updateTable('inventory_records').set(changes).where('id', '=', id).execute();
}

/** Sets the network flag of records `ids` (the caller checked scope and bindings); how many changed. */
export async function setNetworkFlag(
  db: Kysely<DB>,
  ids: readonly number[],
  flag: number,
  by: string,
  now: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('inventory_records')
    .set({ is_network_device: flag, ...updateStamps(by, now) })
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes records `ids` that are not bound; how many went (the caller compares with its count). */
export async function deleteUnboundRecords(db: Kysely<DB>, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('inventory_records')
    .where('id', 'in', [...ids])
    .where('bound_device_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
