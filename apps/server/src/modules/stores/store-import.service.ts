/**
 * The store workbook's calls (issue 33 §4; docs/decisions/store-import.md): the template, the import and
 * the export. The import reads and plans the whole file before it writes (store-import.ts); rejected
 * rows and no `partial`, or `dryRun`: nothing written, the counts say what would be. Otherwise the new
 * tree nodes and every accepted store are written in ONE transaction, so a failure leaves all or none.
 */
import {
  BUTTON,
  type Lang,
  MODULE,
  PAGE,
  type StoreImportQuery,
  type StoreImportResult,
  type StoreListQuery,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import { isRestricted, requireCompany } from '../../auth/caller';
import type { AppContext } from '../../context';
import { buildSheetReport } from '../../files/sheet-columns';
import { xlsxStream } from '../../files/xlsx-stream';
import { type FileReply, fileReply } from '../../http/file-reply';
import { insertLevel, listCompanyLevels } from '../levels/levels.repository';
import { moveStoreCityDays } from '../usage/jobs/usage-days-cities.repository';
import { STORE_COLUMNS, STORE_SHEET } from './store-columns';
import { type NodeRef, type PlannedStore, planStoreImport, type StorePlan } from './store-import';
import { buildStoreTemplate, exportColumns } from './store-template';
import { insertStores, listCompanyStoresByNo, listStores, updateStore } from './stores.repository';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Who may add regions, provinces and cities by import: what the level page's edit asks, company-wide. */
function mayAddNodes(caller: Caller, scope: Scope): boolean {
  return (
    !isRestricted(scope) &&
    caller.authorities.includes(MODULE.store) &&
    caller.authorities.includes(PAGE.levelSetting) &&
    caller.buttonAuthorities.includes(BUTTON.levelEdit)
  );
}

export async function storeTemplate(lang: Lang): Promise<FileReply> {
  return fileReply(
    await buildStoreTemplate(lang),
    XLSX,
    lang === 'zh' ? '门店导入模板.xlsx' : 'store-import-template.xlsx',
  );
}

/** Imports the uploaded workbook into the caller's company. A file it cannot take is a 4xx, nothing written. */
export async function importStores(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  bytes: Buffer,
  options: StoreImportQuery,
  lang: Lang,
): Promise<StoreImportResult> {
  const companyId = requireCompany(scope);
  const [levels, stores] = await Promise.all([
    listCompanyLevels(ctx.db, companyId),
    listCompanyStoresByNo(ctx.db, companyId),
  ]);
  const plan = await planStoreImport(bytes, {
    companyId,
    scope,
    levels,
    stores,
    mayAddNodes: mayAddNodes(caller, scope),
  });
  const written = !options.dryRun && (options.partial === 1 || plan.rejected.length === 0);
  if (written) await writePlan(ctx, caller, companyId, plan, stores);
  const report =
    plan.rejected.length === 0
      ? null
      : (await buildSheetReport(STORE_COLUMNS, STORE_SHEET, plan.rejected, lang)).toString('base64');
  const title = (key: string) => STORE_COLUMNS.find((c) => c.key === key)?.title[lang] ?? '';
  return {
    written,
    added: plan.added.length,
    updated: plan.updated.length,
    unchanged: plan.unchanged,
    levelsAdded: plan.nodes.length,
    rejected: plan.rejected.map((r) => ({
      row: r.row,
      cells: r.cells,
      errors: r.errors.map((e) => ({ column: e.column ? title(e.column) : '', message: e.message[lang] })),
    })),
    report,
  };
}

/** The plan in one transaction: new nodes (parents first), new stores in batches, then each update. */
async function writePlan(
  ctx: AppContext,
  caller: Caller,
  companyId: number,
  plan: StorePlan,
  stores: Awaited<ReturnType<typeof listCompanyStoresByNo>>,
): Promise<void> {
  const now = Date.now();
  const who = { updated_by_id: caller.userId, updated_by_name: caller.name, updated_at: now };
  await ctx.db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    const idOf = (ref: NodeRef | null): number | null =>
      ref === null ? null : 'id' in ref ? ref.id : (ids.get(ref.path) as number);
    for (const node of plan.nodes) {
      const id = await insertLevel(trx, {
        company_id: companyId,
        pid: idOf(node.parent),
        name: node.name,
        ename: null,
        level: node.level,
        created_by: caller.name,
        created_at: now,
        updated_by: caller.name,
        updated_at: now,
      });
      ids.set(node.path, id);
    }
    const columns = (row: PlannedStore) => ({
      store_no: row.storeNo,
      store_name: row.storeName,
      addr: row.addr,
      area_level: idOf(row.region),
      province_level: idOf(row.province),
      city_level: idOf(row.city),
      status: row.status,
      ...who,
    });
    await insertStores(
      trx,
      plan.added.map((row) => ({
        ...columns(row),
        company_id: companyId,
        created_by_id: caller.userId,
        created_by_name: caller.name,
        created_at: now,
      })),
    );
    for (const row of plan.updated) {
      const id = row.id as number;
      const before = stores.get(row.storeNo);
      const after = columns(row);
      await updateStore(trx, companyId, id, after);
      // The store's usage sums per city move with it, as on the store form (docs/decisions/usage.md).
      if (
        before &&
        (before.areaLevel !== after.area_level ||
          before.provinceLevel !== after.province_level ||
          before.cityLevel !== after.city_level)
      ) {
        await moveStoreCityDays(trx, companyId, id, before, {
          areaLevel: after.area_level,
          provinceLevel: after.province_level,
          cityLevel: after.city_level,
        });
      }
    }
  });
}

/** The stores inside the caller's scope matching the list's filters, as the import workbook. */
export async function exportStores(
  ctx: AppContext,
  scope: Scope,
  query: Omit<StoreListQuery, 'pageNum' | 'pageSize'>,
  lang: Lang,
): Promise<FileReply> {
  const { rows } = await listStores(ctx.db, scope, query);
  const stream = xlsxStream(exportColumns(), STORE_SHEET, rows, emptyBatches(), lang);
  return fileReply(stream, XLSX, lang === 'zh' ? '门店.xlsx' : 'stores.xlsx');
}

async function* emptyBatches(): AsyncGenerator<never[]> {}
