/**
 * The inventory (issue 12, docs/decisions/inventory.md): the list and its summary, details, delete,
 * the network flag, MAC matching, binding and unbinding, edits and images. Every call works inside the
 * caller's scope: a record or device of another company or of a store outside a common user's scope
 * answers 404 like a missing one. Conflicts (a binding in the way) answer 409 naming the binding.
 */
import {
  checkCategoryClass,
  INVENTORY_IMAGE_LIMITS,
  type InventoryBindQuery,
  type InventoryFilter,
  type InventoryImageUploadResult,
  type InventoryListBody,
  type InventoryMatchQuery,
  type InventoryMatchRow,
  type InventoryRecord,
  type InventorySummary,
  type InventoryUpdateBody,
  type Lang,
  MonitoredFlag,
  macKey,
  NetworkFlag,
  type PagedResult,
  PropertyStatus,
  toPagedResult,
} from '@storefleet/contracts';

import { type Caller, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { readCodeList, writeList } from '../../db/json';
import { AppError, conflict, type FieldMessage, invalidFields, notFound } from '../../http/errors';
import { inspectImage } from '../../http/image-upload';
import { findDeviceRowInScope } from '../devices/device-rows.repository';
import { updateDevice } from '../devices/devices.repository';
import { listCodeParents } from '../dictionaries/dictionary.repository';
import { findStorePlaceInScope } from '../stores/stores.repository';
import {
  bindRecord,
  countInventory,
  DEFAULT_INVENTORY_SORT,
  deleteUnboundRecords,
  findDevicesByMacKey,
  findImageCompany,
  findInventoryRow,
  findInventoryStates,
  findRecordOfDevice,
  findStoreHolders,
  type InventoryFilterInput,
  type InventorySort,
  listInventoryPage,
  setNetworkFlag,
  summarizeInventory,
  unbindRecord,
  updateInventoryRecord,
} from './inventory.repository';
import { hasImage, imageNameOf, readImage, storeImage } from './inventory-images';
import { statusName, toInventoryRecord } from './inventory-view';

const RECORD = { zh: '资产', en: 'inventory record' };
const DEVICE = { zh: '设备', en: 'device' };
const STORE = { zh: '门店', en: 'store' };

/** The list's sort: the whitelisted field, asc when no direction is given; newest first by default. */
export function inventorySortOf(filter: Pick<InventoryFilter, 'sortBy' | 'sortDirection'>): InventorySort {
  if (!filter.sortBy) return DEFAULT_INVENTORY_SORT;
  return { field: filter.sortBy, direction: filter.sortDirection ?? 'asc' };
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
    ctx.deviceCaches.names.names(ctx.db),
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
  return toInventoryRecord(row, await ctx.deviceCaches.names.names(ctx.db), lang);
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
  return ctx.db.transaction().execute(async (trx) => {
    const states = await statesOfAll({ ...ctx, db: trx }, scope, unique);
    const refused = boundConflict(states, 'delete');
    if (refused) throw refused;
    const deleted = await deleteUnboundRecords(trx, unique);
    // Bound meanwhile (a bind that committed between the read and the delete): nothing is deleted.
    if (deleted !== unique.length) {
      throw boundConflict(await findInventoryStates(trx, scope, unique), 'delete') ?? conflict(RECORD);
    }
    return { deleted };
  });
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

/**
 * `matchMacDevices`: the devices of the store whose MAC equals the given one in any notation,
 * monitored first. With `inventoryDeviceId`: the record must be of that store, and a non-network
 * record matches nothing (it is never bound).
 */
export async function matchMacDevices(
  ctx: AppContext,
  scope: Scope,
  query: InventoryMatchQuery,
): Promise<InventoryMatchRow[]> {
  const store = await findStorePlaceInScope(ctx.db, scope, query.shopId);
  if (!store) throw notFound(STORE);
  if (query.inventoryDeviceId !== undefined) {
    const record = await findInventoryRow(ctx.db, scope, query.inventoryDeviceId);
    if (!record) throw notFound(RECORD);
    if (record.shop_id !== store.id) return [];
    if (record.is_network_device === NetworkFlag.NOT_NETWORKED) return [];
  }
  const key = macKey(query.macAddress);
  if (key === null) return [];
  const rows = await findDevicesByMacKey(ctx.db, store.id, key);
  return rows.map((r) => ({
    deviceId: r.id,
    deviceName: r.device_name,
    macAddress: r.mac_address,
    intranetIp: r.intranet_ip,
    model: r.model,
    deviceSn: r.device_sn,
    productId: r.product_id,
    shopId: r.shop_id,
    monitored: r.monitored,
    onlineStatus: r.online_status,
    boundInventoryId: r.bound_inventory_id,
    boundAssetNo: r.bound_asset_no,
  }));
}

/**
 * `bindInventoryDevice`: binds a networked record to a device of its store, and brings the device
 * under monitoring (binding is what joins it to the management platform; unbinding reverses both).
 * 409 when the record is bound (naming its device), when the device is bound (naming its record),
 * or when the record is a non-network asset.
 */
export async function bindInventory(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  query: InventoryBindQuery,
  lang: Lang,
): Promise<InventoryRecord> {
  let lost: { deviceName: string; assetNo: string } | null = null;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const record = await findInventoryRow(trx, scope, query.inventoryDeviceId);
      if (!record) throw notFound(RECORD);
      const device = await findDeviceRowInScope(trx, scope, query.targetDeviceId);
      if (!device) throw notFound(DEVICE);
      if (record.is_network_device === NetworkFlag.NOT_NETWORKED) {
        throw conflict({
          zh: `资产 ${record.asset_no} 是非联网资产，不能绑定设备（先恢复为联网资产）`,
          en: `Asset ${record.asset_no} is a non-network asset and cannot be bound (mark it networked first)`,
        });
      }
      if (record.bound_device_id !== null) {
        throw conflict({
          zh: `资产 ${record.asset_no} 已绑定设备 ${record.bound_device_name ?? ''}（#${record.bound_device_id}），请先解绑`,
          en: `Asset ${record.asset_no} is already bound to device ${record.bound_device_name ?? ''} (#${record.bound_device_id}); unbind it first`,
        });
      }
      const holder = await findRecordOfDevice(trx, device.id);
      if (holder) throw deviceTaken(device.device_name, device.id, holder.asset_no);
      if (device.shop_id !== record.shop_id) {
        throw conflict({
          zh: `设备 ${device.device_name} 属于门店 ${device.store_name}，资产属于门店 ${record.store_name}：只能绑定同一门店的设备`,
          en: `Device ${device.device_name} is in store ${device.store_name}, the asset in ${record.store_name}: bind a device of the asset's store`,
        });
      }
      const now = Date.now();
      // Lost a race (someone bound either side in between): the transaction is over on PostgreSQL
      // once the unique index refused, so the binding in the way is looked up after it.
      if (!(await bindRecord(trx, record.id, device.id, caller.userName, now))) {
        lost = { deviceName: device.device_name, assetNo: record.asset_no };
        throw new RaceLost();
      }
      if (device.monitored !== MonitoredFlag.MONITORED) {
        await updateDevice(trx, device.id, {
          monitored: MonitoredFlag.MONITORED,
          updated_by: caller.userName,
          updated_at: now,
        });
      }
    });
  } catch (error) {
    if (!(error instanceof RaceLost) || lost === null) throw error;
    const { deviceName, assetNo } = lost;
    const other = await findRecordOfDevice(ctx.db, query.targetDeviceId);
    throw other && other.id !== query.inventoryDeviceId
      ? deviceTaken(deviceName, query.targetDeviceId, other.asset_no)
      : conflict({
          zh: `资产 ${assetNo} 刚刚被绑定，请刷新`,
          en: `Asset ${assetNo} was just bound; reload`,
        });
  }
  return getInventory(ctx, scope, query.inventoryDeviceId, lang);
}

/** A bind that lost a race; turned into the 409 naming the winner once its transaction is over. */
class RaceLost extends Error {}

function deviceTaken(deviceName: string, deviceId: number, assetNo: string): AppError {
  return conflict({
    zh: `设备 ${deviceName}（#${deviceId}）已绑定资产 ${assetNo}：一台设备只能绑定一条资产`,
    en: `Device ${deviceName} (#${deviceId}) is already bound to asset ${assetNo}: one record per device`,
  });
}

/** `unbind/{inventoryId}`: cancels the binding and the device's monitoring, in one transaction. */
export async function unbindInventory(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  id: number,
  lang: Lang,
): Promise<InventoryRecord> {
  await ctx.db.transaction().execute(async (trx) => {
    const record = await findInventoryRow(trx, scope, id);
    if (!record) throw notFound(RECORD);
    if (record.bound_device_id === null) {
      throw conflict({
        zh: `资产 ${record.asset_no} 未绑定设备`,
        en: `Asset ${record.asset_no} is not bound to a device`,
      });
    }
    const now = Date.now();
    const deviceId = await unbindRecord(trx, id, caller.userName, now);
    if (deviceId === null) {
      throw conflict({
        zh: `资产 ${record.asset_no} 刚刚被解绑，请刷新`,
        en: `Asset ${record.asset_no} was just unbound; reload`,
      });
    }
    await updateDevice(trx, deviceId, {
      monitored: MonitoredFlag.NOT_MONITORED,
      updated_by: caller.userName,
      updated_at: now,
    });
  });
  return getInventory(ctx, scope, id, lang);
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
  const kept = new Set(readCodeList(record.images));
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
    images: writeList([...new Set(body.images)]),
    remark: body.remark,
    index_no: body.index,
    updated_by: caller.userName,
    updated_at: Date.now(),
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
  await storeImage(ctx.config.dataDir, companyId, name, bytes);
  return {
    name,
    contentType: image.contentType,
    size: bytes.length,
    width: image.width,
    height: image.height,
  };
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
