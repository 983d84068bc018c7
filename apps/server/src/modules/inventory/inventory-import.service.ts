/**
 * `downloadExcelTemplate` and `importExcelInventory/{shopId}` (docs/decisions/inventory.md "Import").
 *
 * The import reads the workbook streaming and checks every row before any transaction (on SQLite a
 * transaction holds the one connection: parsing inside it would stall every other request), in a
 * worker thread with a bounded heap (inventory-import-worker.ts; `INVENTORY_IMPORT_IN_PROCESS=1`
 * reads in the server thread instead, for the benchmark's comparison). Then:
 * any rejected row and no `partial` → nothing written; `dryRun` → nothing written, the counts say
 * what would be; otherwise every accepted row is written in ONE transaction (in batches), so a crash
 * in the middle leaves every row or none. The reply lists each rejected row (row number, column
 * title and reason in the caller's language) and carries a report workbook of them.
 */

import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type InventoryImportQuery,
  type InventoryImportResult,
  type Lang,
  PropertyStatus,
} from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { notFound } from '../../http/errors';
import { type FileReply, fileReply } from '../../http/file-reply';
import { listItemsOfType } from '../dictionaries/dictionary.repository';
import { findStorePlaceInScope } from '../stores/stores.repository';
import {
  IMPORT_BATCH,
  type ImportedRecord,
  listCompanyAssetNos,
  listStoreAssetKeys,
  upsertImportedRecords,
} from './inventory.repository';
import {
  type ImportRead,
  type RejectedRow,
  readInventoryFile,
  storeProblems,
  type TakenValues,
} from './inventory-import';
import type { AcceptedRows } from './inventory-import-accepted';
import { buildInventoryReport, columnTitle } from './inventory-import-report';
import { type ImportDictionaries, type ImportValues, rowContext } from './inventory-import-rows';
import { readInventoryFileInWorker } from './inventory-import-worker';
import { buildInventoryTemplate } from './inventory-template';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The dictionaries the import reads and the template offers (items in use, in their order). */
export async function loadImportDictionaries(db: Kysely<DB>): Promise<ImportDictionaries> {
  const [category, deviceClass, propertyType, status] = await Promise.all(
    ['CATEGORY_TYPE', 'SUBCLASS_TYPE', 'PROPERTY_TYPE', 'INVENTORY_STATUS'].map((type) =>
      listItemsOfType(db, type),
    ),
  );
  const entries = (rows: Awaited<ReturnType<typeof listItemsOfType>>) =>
    rows.map((r) => ({ code: r.code, name: r.name, nameEn: r.name_en, parentCode: r.parent_code }));
  return {
    category: entries(category ?? []),
    deviceClass: entries(deviceClass ?? []),
    propertyType: entries(propertyType ?? []),
    // The record's status is a number (PropertyStatus): only those codes can be imported.
    status: entries(status ?? []).filter((e) => PropertyStatus.has(Number(e.code))),
  };
}

/** The template as a download, in the caller's language. */
export async function inventoryTemplate(ctx: AppContext, lang: Lang): Promise<FileReply> {
  const bytes = await buildInventoryTemplate(await loadImportDictionaries(ctx.db), lang);
  return fileReply(bytes, XLSX, lang === 'zh' ? '资产导入模板.xlsx' : 'inventory-import-template.xlsx');
}

/** What the company and store `shopId` hold already. */
async function loadTaken(db: Kysely<DB>, companyId: number, shopId: number): Promise<TakenValues> {
  const [assets, keys] = await Promise.all([
    listCompanyAssetNos(db, companyId),
    listStoreAssetKeys(db, shopId),
  ]);
  const macs = new Map<string, string>();
  const sns = new Map<string, string>();
  for (const k of keys) {
    if (k.mac_key !== null) macs.set(k.mac_key, k.asset_no);
    if (k.device_sn !== null) sns.set(k.device_sn.toLowerCase(), k.asset_no);
  }
  return {
    assets: new Map(assets.map((a) => [a.asset_no, { shopId: a.shop_id, shopName: a.store_name }])),
    macs,
    sns,
  };
}

function recordOf(
  values: ImportValues,
  companyId: number,
  shopId: number,
  by: string,
  now: number,
): ImportedRecord {
  return {
    company_id: companyId,
    shop_id: shopId,
    asset_no: values.assetNo,
    device_name: values.deviceName,
    device_brand: values.deviceBrand,
    device_sn: values.deviceSn,
    device_system: values.deviceSystem,
    connect_type: values.connectType,
    intranet_ip: values.intranetIp,
    mac_address: values.macAddress,
    mac_key: values.macKey,
    model: values.model,
    specifications: values.specifications,
    device_category: values.deviceCategory,
    device_class: values.deviceClass,
    property_type: values.propertyType,
    service_life: values.serviceLife,
    custodian: values.custodian,
    obtain_time: values.obtainTime,
    vin_no: values.vinNo,
    inumber: values.inumber,
    status: values.status,
    remark: values.remark,
    index_no: values.index,
    created_by: by,
    created_at: now,
    updated_by: by,
    updated_at: now,
  };
}

/** Thrown inside the transaction to roll it back when a row turned bad meanwhile (a concurrent write). */
class RolledBack extends Error {}

/**
 * Inside the write transaction: the company's asset numbers read again, so an asset number another
 * import or edit put in another store meanwhile is refused, and insert/update is decided on what is
 * committed. Rows that turned bad are dropped from `accepted` and returned.
 */
async function recheck(trx: Kysely<DB>, companyId: number, shopId: number, accepted: AcceptedRows) {
  const assets = await listCompanyAssetNos(trx, companyId);
  const now: TakenValues = {
    assets: new Map(assets.map((a) => [a.asset_no, { shopId: a.shop_id, shopName: a.store_name }])),
    macs: new Map(),
    sns: new Map(),
  };
  const turned: RejectedRow[] = [];
  // Only the asset number can have turned bad here (the store's MACs and SNs were checked in the
  // read): read without decoding the row.
  for (let i = 0; i < accepted.length; i++) {
    const assetNo = accepted.assetNoAt(i);
    const problems = storeProblems({ assetNo, macKey: null, deviceSn: null }, shopId, now);
    if (problems.length > 0) {
      turned.push({ row: accepted.rowAt(i), cells: [], errors: problems });
      accepted.drop(i);
    } else accepted.setUpdate(i, now.assets.get(assetNo)?.shopId === shopId);
  }
  return turned;
}

function reply(read: ImportRead, written: boolean, lang: Lang, report: string | null): InventoryImportResult {
  const { added, updated } = read.accepted.counts();
  return {
    written,
    added,
    updated,
    rejected: read.rejected.map((r) => ({
      row: r.row,
      cells: r.cells,
      errors: r.errors.map((e) => ({ column: columnTitle(e.column, lang), message: e.message[lang] })),
    })),
    report,
  };
}

/**
 * Imports the uploaded workbook (`bytes`, read with INVENTORY_UPLOAD) into store `shopId` (in scope,
 * else 404). Replies 200 with the outcome; a file the import cannot take is a 4xx, nothing written.
 */
export async function importInventory(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  shopId: number,
  bytes: Buffer,
  options: InventoryImportQuery,
  lang: Lang,
): Promise<InventoryImportResult> {
  // Scope first: an unknown store answers 404 before the workbook is opened.
  const store = await findStorePlaceInScope(ctx.db, scope, shopId);
  if (!store) throw notFound({ zh: '门店', en: 'store' });
  const [dictionaries, taken] = await Promise.all([
    loadImportDictionaries(ctx.db),
    loadTaken(ctx.db, store.company_id, shopId),
  ]);
  const read =
    process.env.INVENTORY_IMPORT_IN_PROCESS === '1'
      ? await readInventoryFile(bytes, shopId, rowContext(dictionaries), taken)
      : await readInventoryFileInWorker(bytes, shopId, dictionaries, taken);
  const report = async () =>
    read.rejected.length > 0 ? (await buildInventoryReport(read.rejected, lang)).toString('base64') : null;
  if (
    options.dryRun === 1 ||
    (read.rejected.length > 0 && options.partial !== 1) ||
    read.accepted.length === 0
  )
    return reply(read, false, lang, await report());

  const now = Date.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const turned = await recheck(trx, store.company_id, shopId, read.accepted);
      if (turned.length > 0) {
        read.rejected.push(...turned);
        read.rejected.sort((a, b) => a.row - b.row);
        if (options.partial !== 1) throw new RolledBack();
      }
      // Records are made one statement's worth at a time from the compact rows, and a turn between
      // batches lets the process answer what it can meanwhile (ingest, other calls).
      let batch: ImportedRecord[] = [];
      for (const row of read.accepted.kept()) {
        batch.push(recordOf(row.values, store.company_id, shopId, caller.userName, now));
        if (batch.length < IMPORT_BATCH) continue;
        await upsertImportedRecords(trx, shopId, batch, ctx.database.dialect);
        batch = [];
        await nextTurn();
      }
      if (batch.length > 0) await upsertImportedRecords(trx, shopId, batch, ctx.database.dialect);
    });
  } catch (error) {
    if (error instanceof RolledBack) return reply(read, false, lang, await report());
    throw error;
  }
  const { added, updated } = read.accepted.counts();
  return reply(read, added + updated > 0, lang, await report());
}
