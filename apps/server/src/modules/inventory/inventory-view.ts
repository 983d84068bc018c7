/**
 * Inventory rows as the console sees them (spec §3 "Asset / inventory device"), shared by the list,
 * the details, the writes' replies and the export (inventory-export*). Names are in the caller's
 * language; the derived flags come from the bound device the row was read with.
 */
import {
  InventoryFlag,
  type InventoryRecord,
  type Lang,
  ManageFlag,
  MonitoredFlag,
  PropertyStatus,
} from '@storefleet/contracts';

import { readCodeList } from '../../db/json';
import { formatDateTime } from '../../http/time';
import { type DeviceDictionaryNames, dictionaryFields } from '../devices/device-dictionary-names';
import type { InventoryRow } from './inventory.repository';

/** A property status's name in `lang` (its number when unknown). */
export function statusName(status: number, lang: Lang): string {
  return PropertyStatus.has(status) ? PropertyStatus.labelOf(status, lang) : String(status);
}

/** One reply record; `names` from ctx.caches.devices.names. */
export function toInventoryRecord(
  row: InventoryRow,
  names: DeviceDictionaryNames,
  lang: Lang,
): InventoryRecord {
  const bound = row.bound_device_id !== null;
  return {
    id: row.id,
    companyId: row.company_id,
    shopId: row.shop_id,
    shopName: row.store_name,
    areaName: lang === 'en' ? (row.area_ename ?? row.area_name) : row.area_name,
    shopStatusStr: String(row.store_status),
    assetNo: row.asset_no,
    deviceName: row.device_name,
    deviceBrand: row.device_brand,
    deviceSn: row.device_sn,
    deviceSystem: row.device_system,
    connectType: row.connect_type,
    intranetIp: row.intranet_ip,
    macAddress: row.mac_address,
    model: row.model,
    specifications: row.specifications,
    ...dictionaryFields(row, names, lang),
    serviceLife: row.service_life,
    custodian: row.custodian,
    obtainTime: row.obtain_time,
    vinNo: row.vin_no,
    inumber: row.inumber,
    status: row.status,
    statusName: statusName(row.status, lang),
    images: readCodeList(row.images),
    remark: row.remark,
    index: row.index_no,
    isNetworkDevice: row.is_network_device,
    boundDeviceId: row.bound_device_id,
    boundDeviceName: bound ? row.bound_device_name : null,
    isInventory: bound ? InventoryFlag.INVENTORIED : InventoryFlag.NOT_INVENTORIED,
    isManage:
      bound && row.bound_monitored === MonitoredFlag.MONITORED ? ManageFlag.MANAGED : ManageFlag.NOT_MANAGED,
    onlineStatus: bound ? row.bound_online_status : null,
    createBy: row.created_by,
    createTime: formatDateTime(row.created_at),
    updateBy: row.updated_by,
    updateTime: formatDateTime(row.updated_at),
  };
}
