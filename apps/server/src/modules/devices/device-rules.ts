/**
 * The rules of spec §5 that need the database: the store is in the caller's scope, the levels are
 * the store's, the parent is a box of the same store, category and class are dictionary codes (class
 * under category, and of the body's product type where the class names one). Pure over preloaded
 * lookups so the import checks every row without a query each.
 */
import {
  type CategoryLookups,
  ConnectType,
  checkCategoryClass,
  classFitsProductType,
  type DeviceAddBody,
  DeviceSystem,
  Flag,
  ProductType,
} from '@storefleet/contracts';

import type { FieldMessage } from '../../http/errors';
import type { StorePlace } from '../stores/stores.repository';
import type { NewDevice } from './devices.repository';

/** The store, its boxes and the category dictionary (categories and classes). */
export interface DeviceLookups extends CategoryLookups {
  store: StorePlace;
  /** Ids of the store's boxes. */
  boxIds: ReadonlySet<number>;
  /** SUBCLASS_TYPE code → the product type the class is a kind of (classes that name one). */
  classProductTypes: ReadonlyMap<string, number>;
}

/** Columns of a device row decided by the body (store, company and bookkeeping are set by the caller). */
export type DeviceColumns = Omit<NewDevice, 'company_id' | 'created_at' | 'updated_at'>;

/** Every rule the body breaks, named by field; empty when the body may be written. */
export function checkDeviceRules(
  body: DeviceAddBody,
  lookups: DeviceLookups,
  selfId?: number,
): FieldMessage[] {
  const problems: FieldMessage[] = [];
  const { store } = lookups;
  const levels = [
    ['areaId', body.areaId, store.area_level, 'region'],
    ['proviceId', body.proviceId, store.province_level, 'province'],
    ['cityId', body.cityId, store.city_level, 'city'],
  ] as const;
  for (const [field, given, actual, what] of levels) {
    if (given !== null && given !== actual) {
      problems.push({
        field,
        message: `must be the ${what} of store ${store.store_name} (${actual ?? 'none'})`,
      });
    }
  }
  if (body.productId === ProductType.AI_BOX) {
    if (body.parentDeviceId !== null)
      problems.push({ field: 'parentDeviceId', message: 'must be empty for a box' });
  } else if (body.parentDeviceId !== null) {
    if (body.parentDeviceId === selfId || !lookups.boxIds.has(body.parentDeviceId)) {
      problems.push({ field: 'parentDeviceId', message: 'must be a box of the same store' });
    }
  }
  const category = checkCategoryClass(lookups, body.deviceCategory, body.deviceClass);
  problems.push(...category);
  const classProductType = lookups.classProductTypes.get(body.deviceClass);
  if (category.length === 0 && !classFitsProductType(classProductType, body.productId)) {
    const name = (lang: 'zh' | 'en') =>
      ProductType.has(classProductType)
        ? ProductType.labelOf(classProductType, lang)
        : String(classProductType);
    problems.push({
      field: 'deviceClass',
      message: {
        zh: `属于产品类型“${name('zh')}”，与所选产品类型不符`,
        en: `belongs to product type "${name('en')}", not the one chosen`,
      },
    });
  }
  return problems;
}

/** The row columns a valid body sets. enableRemote defaults to on for Android. */
export function deviceColumns(body: DeviceAddBody): DeviceColumns {
  const udpType =
    body.udpType ??
    (body.connectType === ConnectType.SNMP ? (body.intranetIp?.includes(':') ? 'udp6' : 'udp4') : null);
  return {
    shop_id: body.shopId,
    parent_device_id: body.productId === ProductType.AI_BOX ? null : body.parentDeviceId,
    product_id: body.productId,
    hostid: body.hostid,
    device_name: body.deviceName,
    device_sn: body.deviceSn,
    device_brand: body.deviceBrand,
    model: body.model,
    device_system: body.deviceSystem,
    connect_type: body.connectType,
    intranet_ip: body.intranetIp,
    extranet_ip: body.extranetIp,
    mac_address: body.macAddress,
    community: body.community,
    port: body.port,
    udp_type: udpType,
    description: body.describe,
    asset_no: body.assetNo,
    vin_no: body.vinNo,
    device_category: body.deviceCategory,
    device_class: body.deviceClass,
    property_type: body.propertyType,
    service_life: body.serviceLife,
    custodian: body.custodian,
    specifications: body.specifications,
    obtain_time: body.obtainTime,
    is_preinstallation: body.isPreinstallation,
    enable_remote: body.enableRemote ?? (body.deviceSystem === DeviceSystem.ANDROID ? Flag.YES : Flag.NO),
  };
}
