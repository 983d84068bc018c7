/**
 * Binding (docs/decisions/inventory.md "Model"): the store's devices whose MAC matches a record,
 * binding a record to one of them (one record per device, one device per record; 409s name the
 * binding in the way) and unbinding, which also stops the device's monitoring, in one transaction.
 * Every call works inside the caller's scope, like the rest of the inventory (inventory.service.ts).
 */
import {
  type InventoryBindQuery,
  type InventoryMatchQuery,
  type InventoryMatchRow,
  type InventoryRecord,
  type Lang,
  MonitoredFlag,
  macKey,
  NetworkFlag,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { updateStamps } from '../../db/stamps';
import { type AppError, conflict, notFound } from '../../http/errors';
import { findDeviceRowInScope } from '../devices/device-rows.repository';
import { updateDevice } from '../devices/devices.repository';
import { findStorePlaceInScope } from '../stores/stores.repository';
import { findInventoryRow } from './inventory.repository';
import { DEVICE, getInventory, RECORD, STORE } from './inventory.service';
import {
  bindRecord,
  findDevicesByMacKey,
  findRecordOfDevice,
  unbindRecord,
} from './inventory-binding.repository';

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
          ...updateStamps(caller.userName, now),
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
      ...updateStamps(caller.userName, now),
    });
  });
  return getInventory(ctx, scope, id, lang);
}
