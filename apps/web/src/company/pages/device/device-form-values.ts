/**
 * The device form's values and their mapping to the add/update body (spec §3 device add/update body).
 * The store is one cascader path (region, province, city ids, then `s<shopId>`), the category one
 * [large, small] pair; switches hold booleans. Pure, so the mapping is tested without a browser.
 */
import { DEFAULT_SNMP_PORT, type Device, type DeviceAddBody } from '@storefleet/contracts';
import { fieldsNamed, plainFieldOf } from '@/shared/form/form-errors';
import { storeIdOfPath, storeStep } from '@/shared/org/region-path';

export const ANDROID_SYSTEM = 2;

export interface DeviceFormValues {
  store?: string[];
  parentDeviceId?: number | null;
  category?: string[];
  hostid?: string;
  deviceName?: string;
  productId?: number;
  connectType?: number;
  deviceSystem?: number;
  deviceBrand?: string;
  model?: string;
  deviceSn?: string;
  isPreinstallation?: boolean;
  enableRemote?: boolean;
  intranetIp?: string;
  extranetIp?: string;
  macAddress?: string;
  community?: string;
  port?: number | null;
  udpType?: string | null;
  describe?: string;
  assetNo?: string;
  vinNo?: string;
  propertyType?: string | null;
  serviceLife?: number | null;
  custodian?: string;
  specifications?: string;
  /** `YYYY-MM-DD`. */
  obtainTime?: string | null;
}

/** A new device: SNMP port 161, not pre-installed, remote control off until Android is picked. */
export const NEW_DEVICE_VALUES: DeviceFormValues = {
  port: DEFAULT_SNMP_PORT,
  isPreinstallation: false,
  enableRemote: false,
};

/** Android devices get remote control on by default (spec §3); others off. */
export function defaultEnableRemote(deviceSystem: number | undefined): boolean {
  return deviceSystem === ANDROID_SYSTEM;
}

/** The store path of a saved device, from its store's levels. */
export function storePathOf(device: Pick<Device, 'areaId' | 'proviceId' | 'cityId' | 'shopId'>): string[] {
  return [device.areaId, device.proviceId, device.cityId]
    .filter((id): id is number => id !== null)
    .map(String)
    .concat(storeStep(device.shopId));
}

/** A saved device as form values. */
export function formValuesOf(device: Device): DeviceFormValues {
  return {
    store: storePathOf(device),
    parentDeviceId: device.parentDeviceId,
    category: [device.deviceCategory, device.deviceClass].filter((c): c is string => !!c),
    hostid: device.hostid,
    deviceName: device.deviceName,
    productId: device.productId,
    connectType: device.connectType,
    deviceSystem: device.deviceSystem ?? undefined,
    deviceBrand: device.deviceBrand ?? undefined,
    model: device.model ?? undefined,
    deviceSn: device.deviceSn ?? undefined,
    isPreinstallation: device.isPreinstallation === 1,
    enableRemote: device.enableRemote === 1,
    intranetIp: device.intranetIp ?? undefined,
    extranetIp: device.extranetIp ?? undefined,
    macAddress: device.macAddress ?? undefined,
    community: device.community ?? undefined,
    port: device.port,
    udpType: device.udpType,
    describe: device.describe ?? undefined,
    assetNo: device.assetNo ?? undefined,
    vinNo: device.vinNo ?? undefined,
    propertyType: device.propertyType,
    serviceLife: device.serviceLife,
    custodian: device.custodian ?? undefined,
    specifications: device.specifications ?? undefined,
    obtainTime: device.obtainTime,
  };
}

const textOrNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/**
 * Form values → the add body. The store path gives shopId and its levels (areaId, proviceId, cityId,
 * as deep as the store sits); throws when no store was picked, which the form's rules prevent.
 */
export function deviceBodyOf(values: DeviceFormValues): DeviceAddBody {
  const path = values.store ?? [];
  const shopId = storeIdOfPath(path);
  if (shopId === null) throw new Error('a store must be picked');
  const levels = path.slice(0, -1).map(Number);
  const [deviceCategory = '', deviceClass = ''] = values.category ?? [];
  return {
    hostid: (values.hostid ?? '').trim(),
    deviceName: (values.deviceName ?? '').trim(),
    productId: values.productId ?? 0,
    connectType: values.connectType ?? 0,
    deviceSystem: values.deviceSystem ?? 0,
    deviceBrand: (values.deviceBrand ?? '').trim(),
    model: (values.model ?? '').trim(),
    deviceSn: textOrNull(values.deviceSn),
    isPreinstallation: values.isPreinstallation ? 1 : 0,
    enableRemote: (values.enableRemote ?? defaultEnableRemote(values.deviceSystem)) ? 1 : 0,
    intranetIp: textOrNull(values.intranetIp),
    extranetIp: textOrNull(values.extranetIp),
    macAddress: textOrNull(values.macAddress),
    community: textOrNull(values.community),
    port: values.port ?? DEFAULT_SNMP_PORT,
    udpType: values.udpType === 'udp4' || values.udpType === 'udp6' ? values.udpType : null,
    describe: textOrNull(values.describe),
    shopId,
    areaId: levels[0] ?? null,
    proviceId: levels[1] ?? null,
    cityId: levels[2] ?? null,
    parentDeviceId: values.parentDeviceId ?? null,
    assetNo: textOrNull(values.assetNo),
    vinNo: textOrNull(values.vinNo),
    deviceCategory,
    deviceClass,
    propertyType: textOrNull(values.propertyType),
    serviceLife: values.serviceLife ?? null,
    custodian: textOrNull(values.custodian),
    specifications: textOrNull(values.specifications),
    obtainTime: textOrNull(values.obtainTime),
  };
}

/** Body fields that have a form field of the same name. */
const sameNamed = fieldsNamed<keyof DeviceFormValues>([
  'parentDeviceId',
  'hostid',
  'deviceName',
  'productId',
  'connectType',
  'deviceSystem',
  'deviceBrand',
  'model',
  'deviceSn',
  'isPreinstallation',
  'enableRemote',
  'intranetIp',
  'extranetIp',
  'macAddress',
  'community',
  'port',
  'udpType',
  'describe',
  'assetNo',
  'vinNo',
  'propertyType',
  'serviceLife',
  'custodian',
  'specifications',
  'obtainTime',
]);

/**
 * The form field that shows a body field of a refused save: the store and its levels are the store
 * picker, the category pair is the category cascader; null for fields the form does not show.
 */
export function deviceFormFieldOf(field: string): keyof DeviceFormValues | null {
  const name = plainFieldOf(field);
  if (name === 'shopId' || name === 'areaId' || name === 'proviceId' || name === 'cityId') return 'store';
  if (name === 'deviceCategory' || name === 'deviceClass') return 'category';
  return sameNamed(field);
}
