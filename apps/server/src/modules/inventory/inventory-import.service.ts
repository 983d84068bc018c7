/**
 * `downloadExcelTemplate` and `importExcelInventory/{shopId}` (docs/decisions/inventory.md "Import").
 *
 * The import reads the workbook streaming and checks every row in a worker thread with a bounded heap
 * (inventory-import-worker.ts; `INVENTORY_IMPORT_IN_PROCESS=1` reads in the server thread instead, for
 * the benchmark's comparison). Any rejected row and no `partial` → nothing written; `dryRun` →
 * nothing written, the counts say what would be; otherwise every accepted row is written in ONE
 * transaction (in batches), so a crash in the middle leaves every row or none. On SQLite the read
 * ends before the transaction begins (a transaction holds the one connection: parsing inside it would
 * stall every other request); on PostgreSQL the transaction writes the rows while they are read and
 * rolls back if the file turns out refused (see importInventory). The reply lists each rejected row
 * (row number, column title and reason in the caller's language) and carries a report workbook of
 * them.
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
import type { DB, DialectName } from '../../db/database';
import { stamps } from '../../db/stamps';
import { notFound } from '../../http/errors';
import { type FileReply, fileReply } from '../../http/file-reply';
import { listItemsOfType } from '../dictionaries/dictionary.repository';
import { findStorePlaceInScope } from '../stores/stores.repository';
import { type RejectedRow, readInventoryFile, storeProblems, type TakenValues } from './inventory-import';
import {
  IMPORT_BATCH,
  type ImportedRecord,
  listCompanyAssetNos,
  listStoreAssetKeys,
  refreshInventoryStatistics,
  upsertImportedRecords,
} from './inventory-import.repository';
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
export async function inventoryTemplate(
  ctx: Pick<AppContext, 'database' | 'db' | 'log'>,
  lang: Lang,
): Promise<FileReply> {
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
    ...stamps(by, now),
  };
}

/** Rows written by one import past which the database's statistics of the records are refreshed. */
const REFRESH_STATISTICS_AFTER = 5_000;

/** Thrown inside the transaction to roll it back when a row turned bad meanwhile (a concurrent write). */
class RolledBack extends Error {}

/**
 * Writes accepted rows inside the import's transaction, part by part in the order they come (a part
 * may come while the read goes on: see importInventory). Before its first part it reads the company's
 * asset numbers as committed, so an asset number another import or edit put in another store
 * meanwhile is refused, and insert/update is decided on what is committed. Rows that turned bad are
 * dropped from their part and kept in `turned`. A failed write stops the later ones; `done` throws it.
 */
class PartWriter {
  readonly turned: RejectedRow[] = [];
  /** The written parts' rows: how many add a record, how many update one (the parts are not kept). */
  readonly tally = { added: 0, updated: 0 };
  private committed: Promise<TakenValues> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly trx: Kysely<DB>,
    private readonly target: { companyId: number; shopId: number; by: string; now: number },
    private readonly dialect: DialectName,
  ) {}

  add(part: AcceptedRows): void {
    this.chain = this.chain
      .then(() => (this.failure ? undefined : this.write(part)))
      .catch((error: unknown) => {
        this.failure ??= { error };
      });
  }

  /** Waits for every write added so far; throws the first write's failure. */
  async done(): Promise<void> {
    await this.chain;
    if (this.failure) throw this.failure.error;
  }

  private async write(part: AcceptedRows): Promise<void> {
    const { companyId, shopId, by, now } = this.target;
    this.committed ??= listCompanyAssetNos(this.trx, companyId).then((assets) => ({
      assets: new Map(assets.map((a) => [a.asset_no, { shopId: a.shop_id, shopName: a.store_name }])),
      macs: new Map(),
      sns: new Map(),
    }));
    const committed = await this.committed;
    // Only the asset number can have turned bad here (the store's MACs and SNs were checked in the
    // read): read without decoding the row.
    for (let i = 0; i < part.length; i++) {
      const assetNo = part.assetNoAt(i);
      const problems = storeProblems({ assetNo, macKey: null, deviceSn: null }, shopId, committed);
      if (problems.length > 0) {
        this.turned.push({ row: part.rowAt(i), cells: [], errors: problems });
        part.drop(i);
      } else part.setUpdate(i, committed.assets.get(assetNo)?.shopId === shopId);
    }
    const counts = part.counts();
    this.tally.added += counts.added;
    this.tally.updated += counts.updated;
    // Records are made one statement's worth at a time from the compact rows, and a turn between
    // batches lets the process answer what it can meanwhile (ingest, other calls).
    let batch: ImportedRecord[] = [];
    for (const row of part.kept()) {
      batch.push(recordOf(row.values, companyId, shopId, by, now));
      if (batch.length < IMPORT_BATCH) continue;
      await upsertImportedRecords(this.trx, shopId, batch, this.dialect);
      batch = [];
      await nextTurn();
    }
    if (batch.length > 0) await upsertImportedRecords(this.trx, shopId, batch, this.dialect);
  }
}

/** The accepted rows of all parts: how many add a record, how many update one. */
function countsOf(parts: readonly AcceptedRows[]): { added: number; updated: number } {
  let added = 0;
  let updated = 0;
  for (const part of parts) {
    const counts = part.counts();
    added += counts.added;
    updated += counts.updated;
  }
  return { added, updated };
}

function reply(
  outcome: { counts: { added: number; updated: number }; rejected: readonly RejectedRow[]; written: boolean },
  lang: Lang,
  report: string | null,
): InventoryImportResult {
  const { added, updated } = outcome.counts;
  return {
    written: outcome.written,
    added,
    updated,
    rejected: outcome.rejected.map((r) => ({
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
 *
 * The accepted rows come in parts while the file is read. On PostgreSQL (not a dry run) the write
 * transaction opens before the read and writes each part as it comes, so the database writes while the
 * worker reads (on a 2-core machine the write costs almost nothing on top of the read); it commits only
 * when the whole file was read and, unless `partial`, no row was rejected — else it rolls back. On
 * SQLite a transaction holds the one connection, so the parts wait and are written after the read.
 */
export async function importInventory(
  ctx: Pick<AppContext, 'database' | 'db' | 'log' | 'config'>,
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
  const parts: AcceptedRows[] = [];
  const rejected: RejectedRow[] = [];
  const read = async (onPart: (part: AcceptedRows) => void): Promise<void> => {
    const result = ctx.config.inventoryImportInProcess
      ? await readInventoryFile(bytes, shopId, rowContext(dictionaries), taken, onPart)
      : await readInventoryFileInWorker(bytes, shopId, dictionaries, taken, onPart);
    onPart(result.accepted);
    rejected.push(...result.rejected);
  };
  const report = async () =>
    rejected.length > 0 ? (await buildInventoryReport(rejected, lang)).toString('base64') : null;
  const target = { companyId: store.company_id, shopId, by: caller.userName, now: Date.now() };
  const dialect = ctx.database.dialect;
  const refused = () => rejected.length > 0 && options.partial !== 1;

  if (dialect !== 'postgres' || options.dryRun === 1) {
    await read((part) => parts.push(part));
    const accepted = parts.reduce((n, part) => n + part.length, 0);
    if (options.dryRun === 1 || refused() || accepted === 0)
      return reply({ counts: countsOf(parts), rejected, written: false }, lang, await report());
  }
  let turned: RejectedRow[] = [];
  let counts = { added: 0, updated: 0 };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const writer = new PartWriter(trx, target, dialect);
      counts = writer.tally;
      if (parts.length > 0) for (const part of parts) writer.add(part);
      else {
        try {
          // Each part is written as it comes and then let go.
          await read((part) => writer.add(part));
        } finally {
          // Never leave a write running on the transaction's connection past its end.
          await writer.done().catch(() => undefined);
        }
      }
      await writer.done();
      turned = writer.turned;
      if ((turned.length > 0 || rejected.length > 0) && options.partial !== 1) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  rejected.push(...turned);
  rejected.sort((a, b) => a.row - b.row);
  const written = !refused() && counts.added + counts.updated > 0;
  if (written && counts.added + counts.updated >= REFRESH_STATISTICS_AFTER) {
    // Not awaited: the reply does not wait for the planner's statistics.
    refreshInventoryStatistics(ctx.db, dialect).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'could not refresh the inventory statistics after an import'),
    );
  }
  return reply({ counts, rejected, written }, lang, await report());
}
