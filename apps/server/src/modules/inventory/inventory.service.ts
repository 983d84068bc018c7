/**
 * The inventory (issue 12, docs/decisions/inventory.md): the list and its summary, details, delete,
 * the network flag, MAC matching, binding and unbinding, edits and images. Every call works inside the
 * caller's scope: a record or device of another company or of a store outside a common user's scope
 * answers 404 like a missing one. Conflicts (a binding in the way) answer 409 naming the binding.
 */
import {
  checkCategoryClass,
  INVENTORY_IMAGE_LIMITS,
  type InventoryFilter,
  type InventoryImageUploadResult,
  type InventoryListBody,
  type InventoryRecord,
  type InventorySummary,
  type InventoryUpdateBody,
  type Lang,
  macKey,
  NetworkFlag,
  type PagedResult,
  PropertyStatus,
  toPagedResult,
} from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { readCodeList, writeList } from '../../db/json';
import { requestedSort } from '../../db/list-sort';
import { updateStamps } from '../../db/stamps';
import { storedImage } from '../../files/image-store';
import { inspectImage } from '../../files/image-upload';
import { AppError, conflict, type FieldMessage, invalidFields, notFound } from '../../http/errors';
import { listCodeParents } from '../dictionaries/dictionary.repository';
import {
  countInventory,
  DEFAULT_INVENTORY_SORT,
  deleteUnboundRecords,
  findInventoryRow,
  findInventoryStates,
  findStoreHolders,
  type InventoryFilterInput,
  type InventorySort,
  listInventoryPage,
  setNetworkFlag,
  summarizeInventory,
  updateInventoryRecord,
} from './inventory.repository';
import {
  removeDroppedImages,
  removeUnreferencedImagesLocked,
  withImageLock,
} from './inventory-image-cleanup';
import { hasImage, imageNameOf, readImage, storeImage } from './inventory-images';
import { findImageCompany, listRecordImages } from './inventory-images.repository';
import { statusName, toInventoryRecord } from './inventory-view';

export const RECORD = { zh: '资产', en: 'inventory record' };
export const DEVICE = { zh: '设备', en: 'device' };
export const STORE = { zh: '门店', en: 'store' };

/** The list's sort: the whitelisted field, asc when no direction is given; newest first by default. */
export function inventorySortOf(filter: Pick<InventoryFilter, 'sortBy' | 'sortDirection'>): InventorySort {
  return requestedSort(filter, DEFAULT_INVENTORY_SORT);
}

/** `listInventoryDevices`: one page of records inside the caller's scope. */
export async function listInventory(
  ctx: AppContext,
  scope: Scope,
  body: InventoryListBody,
  lang: Lang,
): Promise<PagedResult<InventoryRecord>> {
  const sort = inventorySortOf(body);
  const [total, rows, names] = await Promise.all([
    countInventory(ctx.db, scope, body),
    listInventoryPage(ctx.db, scope, body, sort, body),
    ctx.caches.devices.names.names(ctx.db),
  ]);
  return toPagedResult(
    rows.map((row) => toInventoryRecord(row, names, lang)),
    total,
    body,
    `${sort.field} ${sort.direction}`,
  );
}

/** `listInventoryDevices/data`: the counts of the same filters. */
export async function inventorySummary(
  ctx: AppContext,
  scope: Scope,
  filter: InventoryFilterInput,
  lang: Lang,
): Promise<InventorySummary> {
  const counts = await summarizeInventory(ctx.db, scope, filter);
  return {
    total: counts.total,
    inventoried: counts.inventoried,
    notInventoried: counts.total - counts.inventoried,
    managed: counts.managed,
    notManaged: counts.total - counts.managed,
    networked: counts.total - counts.nonNetwork,
    nonNetwork: counts.nonNetwork,
    byStatus: PropertyStatus.entries.map((e) => ({
      status: e.value,
      statusName: statusName(e.value, lang),
      count: counts.byStatus.get(e.value) ?? 0,
    })),
  };
}

/** `GET {id}`. */
export async function getInventory(
  ctx: AppContext,
  scope: Scope,
  id: number,
  lang: Lang,
): Promise<InventoryRecord> {
  const row = await findInventoryRow(ctx.db, scope, id);
  if (!row) throw notFound(RECORD);
  return toInventoryRecord(row, await ctx.caches.devices.names.names(ctx.db), lang);
}

/** 409 naming the records among `states` that are bound (and their devices). */
function boundConflict(states: Awaited<ReturnType<typeof findInventoryStates>>, action: 'delete' | 'mark') {
  const bound = states.filter((s) => s.bound_device_id !== null);
  if (bound.length === 0) return null;
  const list = bound
    .slice(0, 10)
    .map((s) => `${s.asset_no} → ${s.bound_device_name ?? '?'} (#${s.bound_device_id})`)
    .join(', ');
  const more = bound.length > 10 ? ` …(+${bound.length - 10})` : '';
  return action === 'delete'
    ? conflict({
        zh: `资产已绑定设备，请先解绑再删除：${list}${more}`,
        en: `Bound to a device; unbind first, then delete: ${list}${more}`,
      })
    : conflict({
        zh: `资产已绑定设备，不能标记为非联网，请先解绑：${list}${more}`,
        en: `Bound to a device, so it cannot be marked non-network; unbind first: ${list}${more}`,
      });
}

/** The records `ids` inside the scope, all of them or 404 naming the missing ids. */
async function statesOfAll(ctx: AppContext, scope: Scope, ids: readonly number[]) {
  const states = await findInventoryStates(ctx.db, scope, ids);
  if (states.length !== ids.length) {
    const found = new Set(states.map((s) => s.id));
    const missing = ids.filter((id) => !found.has(id));
    throw new AppError('NOT_FOUND', {
      zh: `资产不存在：${missing.slice(0, 20).join(', ')}`,
      en: `Inventory records not found: ${missing.slice(0, 20).join(', ')}`,
    });
  }
  return states;
}

/** `DELETE {id}`: refused (409) while bound. */
export async function deleteInventory(ctx: AppContext, scope: Scope, id: number): Promise<null> {
  await deleteInventoryBatch(ctx, scope, [id]);
  return null;
}

/** `DELETE batch/{ids}`: all or nothing; any unknown id → 404, any bound record → 409 naming them. */
export async function deleteInventoryBatch(
  ctx: AppContext,
  scope: Scope,
  ids: readonly number[],
): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  const { deleted, images } = await ctx.db.transaction().execute(async (trx) => {
    const states = await statesOfAll({ ...ctx, db: trx }, scope, unique);
    const refused = boundConflict(states, 'delete');
    if (refused) throw refused;
    const held = await listRecordImages(trx, unique);
    const count = await deleteUnboundRecords(trx, unique);
    // Bound meanwhile (a bind that committed between the read and the delete): nothing is deleted.
    if (count !== unique.length) {
      throw boundConflict(await findInventoryStates(trx, scope, unique), 'delete') ?? conflict(RECORD);
    }
    return { deleted: count, images: held };
  });
  // Committed: the files of the deleted records' images go unless another record holds them.
  await removeDroppedImages(
    ctx,
    images.map((r) => ({ companyId: r.company_id, names: readCodeList(r.images) })),
  );
  return { deleted };
}

/**
 * `add/no/network` (flag 1) and `add/network` (flag 0): all named records get the flag, or none. A
 * bound record cannot become a non-network asset (409 naming the device: unbind first).
 */
export async function setNetwork(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  ids: readonly number[],
  flag: number,
): Promise<{ updated: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const states = await statesOfAll({ ...ctx, db: trx }, scope, ids);
    if (flag === NetworkFlag.NOT_NETWORKED) {
      const refused = boundConflict(states, 'mark');
      if (refused) throw refused;
    }
    const updated = await setNetworkFlag(trx, ids, flag, caller.userName, Date.now());
    return { updated };
  });
}

/** `update` (ours): every imported field except the store and the asset number. */
export async function updateInventory(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: InventoryUpdateBody,
  lang: Lang,
): Promise<InventoryRecord> {
  const record = await findInventoryRow(ctx.db, scope, body.id);
  if (!record) throw notFound(RECORD);
  const key = macKey(body.macAddress);
  const problems: FieldMessage[] = [];
  const [categories, classes, propertyTypes] = await Promise.all([
    listCodeParents(ctx.db, 'CATEGORY_TYPE'),
    listCodeParents(ctx.db, 'SUBCLASS_TYPE'),
    listCodeParents(ctx.db, 'PROPERTY_TYPE'),
  ]);
  if (body.deviceCategory !== null) {
    problems.push(...checkCategoryClass({ categories, classes }, body.deviceCategory, body.deviceClass));
  } else if (body.deviceClass !== null) {
    problems.push({ field: 'deviceCategory', message: 'is required' });
  }
  if (body.propertyType !== null && !propertyTypes.has(body.propertyType)) {
    problems.push({
      field: 'propertyType',
      message: `must be one of ${[...propertyTypes.keys()].join(', ')}`,
    });
  }
  const images = [...new Set(body.images)];
  // Under the company's image lock from the "uploaded?" check to the write, so a file being removed
  // for a record deleted meanwhile is either still named here (and kept) or refused as not uploaded.
  await withImageLock(record.company_id, async () => {
    // The images as committed now (another edit of this record may have dropped some meanwhile).
    const current = await findInventoryRow(ctx.db, scope, record.id);
    if (!current) throw notFound(RECORD);
    const kept = new Set(readCodeList(current.images));
    for (const [i, name] of body.images.entries()) {
      if (!kept.has(name) && !(await hasImage(ctx.config.dataDir, record.company_id, name))) {
        problems.push({
          field: `images.${i}`,
          message: { zh: '不是已上传的图片，请重新上传', en: 'is not an uploaded image; upload it again' },
        });
      }
    }
    if (problems.length > 0) throw invalidFields(problems);
    const holders = await findStoreHolders(ctx.db, record.shop_id, record.id, {
      macKey: key,
      deviceSn: body.deviceSn,
    });
    const macHolder = holders.find((h) => key !== null && h.mac_key === key);
    const snHolder = holders.find((h) => body.deviceSn !== null && h.device_sn === body.deviceSn);
    if (macHolder || snHolder) {
      const which = macHolder
        ? { field: 'macAddress', zh: 'MAC 地址', en: 'MAC address', assetNo: macHolder.asset_no }
        : { field: 'deviceSn', zh: '序列号', en: 'serial number', assetNo: snHolder?.asset_no ?? '' };
      throw conflict({
        zh: `本门店的资产 ${which.assetNo} 已使用此${which.zh}`,
        en: `Asset ${which.assetNo} of this store already has this ${which.en}`,
      });
    }
    await updateInventoryRecord(ctx.db, record.id, {
      device_name: body.deviceName,
      device_brand: body.deviceBrand,
      device_sn: body.deviceSn,
      device_system: body.deviceSystem,
      connect_type: body.connectType,
      intranet_ip: body.intranetIp,
      mac_address: body.macAddress,
      mac_key: key,
      model: body.model,
      specifications: body.specifications,
      device_category: body.deviceCategory,
      device_class: body.deviceClass,
      property_type: body.propertyType,
      service_life: body.serviceLife,
      custodian: body.custodian,
      obtain_time: body.obtainTime,
      vin_no: body.vinNo,
      inumber: body.inumber,
      status: body.status,
      images: writeList(images),
      remark: body.remark,
      index_no: body.index,
      ...updateStamps(caller.userName, Date.now()),
    });
    // Written: the files of images this edit dropped go unless another record holds them.
    const dropped = [...kept].filter((name) => !images.includes(name));
    await removeUnreferencedImagesLocked(ctx, record.company_id, dropped).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'inventory images: removing unreferenced files failed');
    });
  });
  return getInventory(ctx, scope, record.id, lang);
}

/** `image/upload`: checked by content (the logo's rules), stored for the caller's company by its hash. */
export async function uploadInventoryImage(
  ctx: AppContext,
  scope: Scope,
  bytes: Buffer,
): Promise<InventoryImageUploadResult> {
  const companyId = requireCompany(scope);
  const image = inspectImage(bytes, INVENTORY_IMAGE_LIMITS);
  const name = imageNameOf(bytes, image.extension);
  // Under the company's image lock: a removal (an edit, a delete, the orphan sweep) checks and
  // removes a file either before this upload writes it anew (or sets its time) or after.
  await withImageLock(companyId, () => storeImage(ctx.config.dataDir, companyId, name, bytes));
  return storedImage(name, bytes, image);
}

/**
 * `image/{name}`: an image of the caller's company (a platform user: of a record it can see); 404
 * for any other name.
 */
export async function readInventoryImage(
  ctx: AppContext,
  scope: Scope,
  name: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const companyId = scope.companyId ?? (await findImageCompany(ctx.db, scope, name));
  const file = companyId === undefined ? null : await readImage(ctx.config.dataDir, companyId, name);
  if (!file) throw notFound({ zh: '图片', en: 'image' });
  return file;
}
