/** Store rules: scope, per-company unique numbers, a consistent level chain, and deletes refused while in use. */
import type {
  Area,
  Company,
  CompanyListQuery,
  Lang,
  PagedResult,
  Store,
  StoreCreateBody,
  StoreListQuery,
  StoreMoveQuery,
  StoreUpdateBody,
} from '@storefleet/contracts';
import { nameIn, StoreStatus, toPagedResult, UserType } from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import { requireCompany } from '../../auth/caller';
import type { AppContext } from '../../context';
import { conflict, forbidden, notFound } from '../../http/errors';
import { countStoreDevices } from '../devices/devices.repository';
import { loadVisibleLevels } from '../levels/levels.service';
import { moveStoreCityDays, removeStoreCityDays } from '../usage/jobs/usage-days-cities.repository';
import { listCompanies } from './companies.repository';
import { checkChain } from './store-chain';
import { toStore } from './store-view';
import {
  deleteStore,
  findStore,
  findStoreByNo,
  findStoresByName,
  insertStore,
  listStores,
  type StoreRow,
  updateStore,
} from './stores.repository';
import { chainInScope, targetCompany } from './target-company';

/** How many stores the name search returns at most (it feeds pickers, not lists). */
export const STORE_SEARCH_LIMIT = 50;

/** Stores inside the caller's scope: a page when pageNum or pageSize is given, else all of them. */
export async function listStoresService(
  ctx: AppContext,
  scope: Scope,
  query: StoreListQuery,
  lang: Lang = 'zh',
): Promise<PagedResult<Store> | Store[]> {
  const view = (row: StoreRow) => toStore(row, lang);
  const { pageNum, pageSize, ...filter } = query;
  if (filter.companyId !== undefined) targetCompany(scope, filter.companyId);
  if (pageNum === undefined && pageSize === undefined) {
    const { rows } = await listStores(ctx.db, scope, filter);
    return rows.map(view);
  }
  const page = { pageNum: pageNum ?? 1, pageSize: pageSize ?? 10 };
  const { rows, total } = await listStores(ctx.db, scope, filter, page);
  const orderBy = filter.sortBy ? `${filter.sortBy} ${filter.sortDirection ?? 'asc'}` : null;
  return toPagedResult(rows.map(view), total, page, orderBy);
}

/** Stores inside the scope whose name contains `name`, at most STORE_SEARCH_LIMIT. */
export async function searchStoresByName(ctx: AppContext, scope: Scope, name: string): Promise<Store[]> {
  return (await findStoresByName(ctx.db, scope, name, STORE_SEARCH_LIMIT)).map((row) => toStore(row));
}

/** The companies the caller works for: platform users all, agent admins their companyMap, others their own. */
export async function listCompaniesService(
  caller: Caller,
  query: CompanyListQuery,
  ctx: AppContext,
): Promise<Company[]> {
  const ids = caller.userType === UserType.PLATFORM_USER ? null : caller.companyIds;
  const rows = await listCompanies(ctx.db, ids, query);
  return rows.map((r) => ({ id: r.id, companyNo: r.company_no, name: r.name }));
}

/** The caller's areas: the region-level nodes it sees, areaCode being the node id as text. */
export async function listAreasService(
  ctx: AppContext,
  scope: Scope,
  companyId: number | undefined,
  lang: Lang = 'zh',
): Promise<Area[]> {
  const { levels } = await loadVisibleLevels(ctx, scope, companyId);
  return levels
    .filter((l) => l.pid === null)
    .map((l) => ({ areaCode: String(l.id), areaName: nameIn(lang, l.name, l.ename) }));
}

/** Creates a store in the caller's company; the caller's scope must cover where it is placed. */
export async function createStoreService(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: StoreCreateBody,
): Promise<Store> {
  const companyId = requireCompany(scope);
  const chain = await checkChain(ctx.db, companyId, body);
  if (!chainInScope(scope, { id: null, companyId, ...chain })) {
    throw forbidden({
      zh: '只能在自己负责的区域内新增门店',
      en: 'You may only add stores inside your own areas',
    });
  }
  await refuseTakenNumber(ctx, companyId, body.storeNo, null);
  const edited = editedColumns(body, chain, caller, Date.now());
  const id = await insertStore(ctx.db, {
    ...edited,
    company_id: companyId,
    status: StoreStatus.NORMAL,
    created_by_id: caller.userId,
    created_by_name: caller.name,
    created_at: edited.updated_at,
  }).catch(async (error: unknown) => {
    // Two creates racing for one number: the unique index decides, the loser gets the same 409.
    await refuseTakenNumber(ctx, companyId, body.storeNo, null);
    throw error;
  });
  return storeOrThrow(ctx, scope, id);
}

/** Updates a store inside the scope (404 outside it); its new place must stay inside the scope. */
export async function updateStoreService(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: StoreUpdateBody,
): Promise<Store> {
  const existing = await storeOrThrow(ctx, scope, body.id);
  const companyId = existing.companyId;
  const chain = await checkChain(ctx.db, companyId, body);
  if (!chainInScope(scope, { id: existing.id, companyId, ...chain })) {
    throw forbidden({
      zh: '只能把门店放在自己负责的区域内',
      en: 'You may only place stores inside your own areas',
    });
  }
  if (body.storeNo !== existing.storeNo) await refuseTakenNumber(ctx, companyId, body.storeNo, existing.id);
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await updateStore(trx, companyId, existing.id, editedColumns(body, chain, caller, Date.now()));
      // The store's usage sums per city move with it (usage reports, docs/decisions/usage.md).
      if (
        existing.areaLevel !== chain.areaLevel ||
        existing.provinceLevel !== chain.provinceLevel ||
        existing.cityLevel !== chain.cityLevel
      )
        await moveStoreCityDays(trx, companyId, existing.id, existing, chain);
    })
    .catch(async (error: unknown) => {
      await refuseTakenNumber(ctx, companyId, body.storeNo, existing.id);
      throw error;
    });
  return storeOrThrow(ctx, scope, existing.id);
}

/** Marks a store moved (1) or normal again (0). */
export async function moveStoreService(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  query: StoreMoveQuery,
): Promise<Store> {
  const existing = await storeOrThrow(ctx, scope, query.id);
  await updateStore(ctx.db, existing.companyId, existing.id, {
    status: query.status,
    updated_by_id: caller.userId,
    updated_by_name: caller.name,
    updated_at: Date.now(),
  });
  return storeOrThrow(ctx, scope, existing.id);
}

/** Deletes a store inside the scope; refused (409) while devices are registered at it. */
export async function deleteStoreService(ctx: AppContext, scope: Scope, id: number): Promise<void> {
  const existing = await storeOrThrow(ctx, scope, id);
  await ctx.db.transaction().execute(async (trx) => {
    const devices = await countStoreDevices(trx, existing.id);
    if (devices > 0) {
      throw conflict({
        zh: `门店 ${existing.storeNo} 还有 ${devices} 台设备；请先移走或删除这些设备，再删除门店`,
        en: `Store ${existing.storeNo} still has ${devices} device(s); move or delete them before deleting the store`,
      });
    }
    // Usage rows of devices deleted before stay; they stop counting in the usage reports with the store.
    await removeStoreCityDays(trx, existing.companyId, existing.id);
    await deleteStore(trx, existing.companyId, existing.id);
  });
}

/** The columns a create and an edit both set: the form's fields, the place chain, who and when. */
function editedColumns(
  body: StoreCreateBody,
  chain: Awaited<ReturnType<typeof checkChain>>,
  caller: Caller,
  now: number,
) {
  return {
    store_no: body.storeNo,
    store_name: body.storeName,
    addr: body.addr ?? null,
    area_level: chain.areaLevel,
    province_level: chain.provinceLevel,
    city_level: chain.cityLevel,
    updated_by_id: caller.userId,
    updated_by_name: caller.name,
    updated_at: now,
  };
}

async function storeOrThrow(ctx: AppContext, scope: Scope, id: number): Promise<Store> {
  const row = await findStore(ctx.db, scope, id);
  if (!row) throw notFound({ zh: '门店', en: 'store' });
  return toStore(row);
}

async function refuseTakenNumber(ctx: AppContext, companyId: number, storeNo: string, self: number | null) {
  const taken = await findStoreByNo(ctx.db, companyId, storeNo);
  if (taken && taken.id !== self) {
    throw conflict({
      zh: `门店编号 ${storeNo} 已被门店“${taken.store_name}”使用，请换一个编号`,
      en: `Store number ${storeNo} is already used by store "${taken.store_name}"; choose another number`,
    });
  }
}
