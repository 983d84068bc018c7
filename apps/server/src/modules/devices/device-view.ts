/** Device rows as the console sees them (spec §3 Device). */
import { BUTTON, type Device, deviceDisplayState } from '@storefleet/contracts';

import type { Caller } from '../../auth/caller';
import { formatDateTime } from '../../http/time';
import { maskBoxKey, openStoredSecret } from '../../secrets/secret-box';
import type { SecretKeyRing } from '../../secrets/secret-keys';
import type { DeviceDictionaryNames } from './device-dictionary-names';
import type { DeviceReplyRow } from './device-rows.repository';

/** Whether replies to this caller may carry box keys: those who may edit devices or manage keys. */
export function mayReadKeys(caller: Caller): boolean {
  return (
    caller.buttonAuthorities.includes(BUTTON.deviceKey) ||
    caller.buttonAuthorities.includes(BUTTON.deviceUpdate)
  );
}

/**
 * One reply device; `index` is its 1-based row number in the list; `names` from ctx.caches.devices.names.
 * Sealed columns are opened with `secrets`; the box key is shown masked (only the reply of the call
 * that makes or rotates a key carries it in full).
 */
export function toDevice(
  row: DeviceReplyRow,
  index: number,
  showKey: boolean,
  names: DeviceDictionaryNames,
  secrets: SecretKeyRing,
): Device {
  const category = names.category(row.device_category);
  const deviceClass = names.deviceClass(row.device_class);
  return {
    deviceId: row.id,
    index,
    hostid: row.hostid,
    deviceName: row.device_name,
    deviceSn: row.device_sn,
    deviceBrand: row.device_brand,
    model: row.model,
    productId: row.product_id,
    connectType: row.connect_type,
    deviceSystem: row.device_system,
    intranetIp: row.intranet_ip,
    extranetIp: row.extranet_ip,
    macAddress: row.mac_address,
    community: row.community === null ? null : openStoredSecret(secrets, 'devices.community', row.community),
    port: row.port,
    udpType: row.udp_type,
    describe: row.description,
    assetNo: row.asset_no,
    vinNo: row.vin_no,
    parentDeviceId: row.parent_device_id,
    ...(showKey && row.security_key
      ? { securityKey: maskBoxKey(openStoredSecret(secrets, 'devices.security_key', row.security_key)) }
      : {}),
    shopId: row.shop_id,
    shopName: row.store_name,
    shopStatusStr: String(row.store_status),
    areaId: row.area_level,
    proviceId: row.province_level,
    cityId: row.city_level,
    deviceCategory: row.device_category,
    categoryName: category?.name ?? null,
    categoryNameEn: category?.nameEn ?? null,
    deviceClass: row.device_class,
    className: deviceClass?.name ?? null,
    classNameEn: deviceClass?.nameEn ?? null,
    propertyType: row.property_type,
    propertyTypeName: names.propertyType(row.property_type)?.name ?? null,
    serviceLife: row.service_life,
    custodian: row.custodian,
    specifications: row.specifications,
    obtainTime: row.obtain_time,
    state: row.state,
    displayState: deviceDisplayState(row.state, row.online_status),
    deviceOnlineStatus: row.online_status,
    deviceOnlineTime: formatDateTime(row.device_online_time),
    firstOnlineTime: formatDateTime(row.first_online_time),
    latestOfflineTime: formatDateTime(row.latest_offline_time),
    registerTime: formatDateTime(row.register_time),
    isPreinstallation: row.is_preinstallation,
    monitored: row.monitored,
    enableRemote: row.enable_remote,
    isNetworkDevice: row.is_network_device,
    usageRate: row.usage_rate == null ? null : Number(row.usage_rate),
  };
}
