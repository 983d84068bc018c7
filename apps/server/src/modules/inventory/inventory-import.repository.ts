/**
 * The inventory import's reads and its write to `inventory_records` (docs/decisions/inventory.md
 * "Import"), for inventory-import.service.ts: what the company and the store hold, and every accepted
 * row, one statement per batch, inside the import's transaction. The table's other reads and writes are
 * in inventory.repository.ts; these two files are the only ones that touch it.
 */
import { type Insertable, type Kysely, sql } from 'kysely';

import type { DB, DialectName } from '../../db/database';
import type { InventoryRecordsTable } from '../../db/tables/inventory';

/** The company's asset numbers with the store holding each (the import's "other store" check). */
export async function listCompanyAssetNos(
  db: Kysely<DB>,
  companyId: number,
): Promise<Array<{ asset_no: string; shop_id: number; store_name: string }>> {
  return db
    .selectFrom('inventory_records')
    .innerJoin('stores', 'stores.id', 'inventory_records.shop_id')
    .select(['inventory_records.asset_no', 'inventory_records.shop_id', 'stores.store_name'])
    .where('inventory_records.company_id', '=', companyId)
    .execute();
}

/** The asset number, MAC key and serial number of every record of store `shopId`. */
export async function listStoreAssetKeys(
  db: Kysely<DB>,
  shopId: number,
): Promise<Array<{ asset_no: string; mac_key: string | null; device_sn: string | null }>> {
  return db
    .selectFrom('inventory_records')
    .select(['asset_no', 'mac_key', 'device_sn'])
    .where('shop_id', '=', shopId)
    .where((eb) => eb.or([eb('mac_key', 'is not', null), eb('device_sn', 'is not', null)]))
    .execute();
}

/** The imported columns (everything but binding, network flag and images). */
export type ImportedRecord = Omit<
  Insertable<InventoryRecordsTable>,
  'id' | 'images' | 'is_network_device' | 'bound_device_id' | 'bound_at' | 'bound_by'
>;

/**
 * Rows per statement: 28 columns × 1,000 = 28,000 parameters, under SQLite's 32,766 (the limit of
 * the SQLite better-sqlite3 bundles) and PostgreSQL's 65,535.
 */
export const IMPORT_BATCH = 1000;

const IMPORT_UPDATED_COLUMNS = [
  'device_name',
  'device_brand',
  'device_sn',
  'device_system',
  'connect_type',
  'intranet_ip',
  'mac_address',
  'mac_key',
  'model',
  'specifications',
  'device_category',
  'device_class',
  'property_type',
  'service_life',
  'custodian',
  'obtain_time',
  'vin_no',
  'inumber',
  'status',
  'remark',
  'index_no',
  'updated_by',
  'updated_at',
] as const;

/** The imported columns in statement order, with their PostgreSQL types (for the unnest arrays). */
const IMPORTED_COLUMNS = [
  ['company_id', 'integer'],
  ['shop_id', 'integer'],
  ['asset_no', 'text'],
  ['device_name', 'text'],
  ['device_brand', 'text'],
  ['device_sn', 'text'],
  ['device_system', 'integer'],
  ['connect_type', 'integer'],
  ['intranet_ip', 'text'],
  ['mac_address', 'text'],
  ['mac_key', 'text'],
  ['model', 'text'],
  ['specifications', 'text'],
  ['device_category', 'text'],
  ['device_class', 'text'],
  ['property_type', 'text'],
  ['service_life', 'integer'],
  ['custodian', 'text'],
  ['obtain_time', 'text'],
  ['vin_no', 'text'],
  ['inumber', 'text'],
  ['status', 'integer'],
  ['remark', 'text'],
  ['index_no', 'text'],
  ['created_by', 'text'],
  ['created_at', 'bigint'],
  ['updated_by', 'text'],
  ['updated_at', 'bigint'],
] as const satisfies ReadonlyArray<readonly [keyof ImportedRecord, string]>;

/**
 * The rows of one statement as a row source: on PostgreSQL one array per column read by `unnest`
 * (28 parameters instead of 28 per row: the driver builds no 28,000-parameter message, as the
 * ingest's writes do); elsewhere the rows as values.
 */
function importedRows(trx: Kysely<DB>, dialect: DialectName, rows: readonly ImportedRecord[]) {
  const insert = trx.insertInto('inventory_records');
  if (dialect !== 'postgres') return insert.values([...rows]);
  const arrays = IMPORTED_COLUMNS.map(
    ([column, type]) => sql`${rows.map((r) => r[column] ?? null)}::${sql.raw(type)}[]`,
  );
  return insert
    .columns(IMPORTED_COLUMNS.map(([column]) => column))
    .expression(sql`select * from unnest(${sql.join(arrays)})`);
}

/**
 * Writes imported rows of store `shopId`: a new asset number is inserted, an existing one of the
 * same store is updated (its imported columns; binding, network flag and images stay). An asset
 * number of another store is never touched (the service refuses those rows before). Run inside a
 * transaction: the import is every row or none. `dialect` picks the statement's form (see
 * `importedRows`); the outcome is the same on both.
 */
export async function upsertImportedRecords(
  trx: Kysely<DB>,
  shopId: number,
  rows: readonly ImportedRecord[],
  dialect: DialectName = 'sqlite',
): Promise<void> {
  for (let at = 0; at < rows.length; at += IMPORT_BATCH) {
    await importedRows(trx, dialect, rows.slice(at, at + IMPORT_BATCH))
      .onConflict((oc) =>
        oc
          .columns(['company_id', 'asset_no'])
          .doUpdateSet((eb) =>
            Object.fromEntries(IMPORT_UPDATED_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
          )
          .where('inventory_records.shop_id', '=', shopId),
      )
      .execute();
  }
}

/**
 * Refreshes PostgreSQL's statistics of `inventory_records` after a large write (an import of thousands
 * of rows). Until autovacuum gets to it (a minute or more), the planner still counts the records the
 * company held before: for the export's batches (company, id below the last one, newest first, 1,000)
 * it then reads every record below and sorts them instead of walking the (company_id, id) index —
 * 50 ms a batch instead of 1 ms at 100,000 records. A sampled ANALYZE of 100,000 records takes ~0.25 s.
 * SQLite plans these queries without sampled statistics: nothing to do.
 */
export async function refreshInventoryStatistics(db: Kysely<DB>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`analyze inventory_records`.execute(db);
}
