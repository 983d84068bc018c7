/**
 * `POST /api/device-service/aibox/device/add` and `…/update` (spec §3 device add/update body, §5 rules).
 * Required: hostid, isPreinstallation, connectType, deviceBrand, deviceName, deviceSystem, shopId,
 * deviceCategory, deviceClass, model, productId. port defaults to 161; enableRemote defaults to 1 for
 * Android (deviceSystem 2) and 0 otherwise. areaId/proviceId/cityId may be omitted (the server takes
 * them from the store) but when sent must be the store's levels. companyId and areaCode are accepted
 * and ignored: the store decides both.
 */
import { z } from 'zod';

import { dateString, idParam } from '../query';
import {
  DEFAULT_SNMP_PORT,
  intIn,
  ipAddressField,
  macAddressField,
  optionalInt,
  optionalText,
  requiredText,
  zeroOne,
} from './device-fields';

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), idParam.nullable());

/** The fields the add and the update share. */
export const DeviceFields = z.object({
  companyId: z.unknown().optional(),
  areaCode: z.unknown().optional(),
  hostid: requiredText(128),
  deviceName: requiredText(128),
  productId: intIn(1, 13),
  connectType: intIn(1, 5),
  deviceSystem: intIn(0, 3),
  deviceBrand: requiredText(64),
  model: requiredText(64),
  deviceSn: optionalText(128),
  isPreinstallation: zeroOne,
  enableRemote: z.preprocess((v) => (v === '' || v === null ? undefined : v), zeroOne.optional()),
  intranetIp: ipAddressField,
  extranetIp: ipAddressField,
  macAddress: macAddressField,
  community: optionalText(128),
  port: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? DEFAULT_SNMP_PORT : v),
    intIn(1, 65535),
  ),
  udpType: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.enum(['udp4', 'udp6'], { error: 'must be udp4 or udp6' }).nullable(),
  ),
  describe: optionalText(500),
  shopId: idParam,
  areaId: optionalId,
  proviceId: optionalId,
  cityId: optionalId,
  parentDeviceId: optionalId,
  assetNo: optionalText(64),
  vinNo: optionalText(64),
  deviceCategory: requiredText(64),
  deviceClass: requiredText(64),
  propertyType: optionalText(64),
  serviceLife: optionalInt(0, 100),
  custodian: optionalText(64),
  specifications: optionalText(500),
  obtainTime: z.preprocess((v) => (v === '' || v === undefined ? null : v), dateString.nullable()),
});

export const DeviceAddBody = DeviceFields;
export type DeviceAddBody = z.infer<typeof DeviceAddBody>;

export const DeviceUpdateBody = DeviceFields.extend({ deviceId: idParam });
export type DeviceUpdateBody = z.infer<typeof DeviceUpdateBody>;
