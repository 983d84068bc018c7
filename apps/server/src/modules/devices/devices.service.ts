/** Adding, editing and switching devices (spec §5, §7), each write in one transaction. */
import {
  type Device,
  type DeviceAddBody,
  type DeviceKey,
  DeviceState,
  type DeviceUpdateBody,
  type MonitoredBatchQuery,
  type PreinstallationBody,
  ProductType,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { stamps, updateStamps } from '../../db/stamps';
import { invalid, invalidFields, notFound } from '../../http/errors';
import { boxKeyColumns } from '../../secrets/secret-box';
import { duplicateProblems } from './device-duplicates';
import { newSecurityKey, sealedCommunity } from './device-keys';
import { loadDeviceLookups, loadTakenValues } from './device-lookups';
import { findDeviceRowInScope } from './device-rows.repository';
import { checkDeviceRules, deviceColumns } from './device-rules';
import { mayReadKeys, toDevice } from './device-view';
import {
  countSubDevices,
  deviceIdsInScope,
  insertDevices,
  updateDevice,
  updateDevices,
} from './devices.repository';

/** One device inside the caller's scope, as the detail page shows it; 404 otherwise. */
export async function getDevice(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  deviceId: number,
): Promise<Device> {
  const row = await findDeviceRowInScope(ctx.db, scope, deviceId);
  if (!row) throw notFound({ zh: '设备', en: 'device' });
  return toDevice(
    row,
    1,
    mayReadKeys(caller),
    await ctx.caches.devices.names.names(ctx.db),
    ctx.config.secrets,
  );
}

/**
 * Adds a device to a store in scope; a box gets a fresh security key, which this reply shows in full
 * (to those who may read keys) and no later reply does.
 */
export async function addDevice(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: DeviceAddBody,
): Promise<Device> {
  const securityKey = body.productId === ProductType.AI_BOX ? newSecurityKey() : null;
  const deviceId = await ctx.db.transaction().execute(async (trx) => {
    const lookups = await loadDeviceLookups(trx, scope, body.shopId);
    const taken = await loadTakenValues(trx, lookups.store.company_id, body.shopId, [body.hostid]);
    const problems = [...checkDeviceRules(body, lookups), ...duplicateProblems(body, taken)];
    if (problems.length > 0) throw invalidFields(problems);
    const now = Date.now();
    const [id] = await insertDevices(trx, [
      {
        ...deviceColumns(body),
        community: sealedCommunity(ctx.config.secrets, body.community),
        company_id: lookups.store.company_id,
        ...(securityKey === null
          ? { security_key: null, security_key_hash: null }
          : boxKeyColumns(ctx.config.secrets, securityKey)),
        register_time: now,
        ...stamps(caller.userName, now),
      },
    ]);
    return id as number;
  });
  await ctx.engine.hub.notifyDevicesChanged([deviceId]);
  const device = await getDevice(ctx, caller, scope, deviceId);
  return securityKey !== null && device.securityKey !== undefined ? { ...device, securityKey } : device;
}

/**
 * Rewrites a device from the update body. A box cannot become another product type or the reverse
 * (its key and sub-devices would dangle), and a box with devices cannot change store.
 */
export async function editDevice(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: DeviceUpdateBody,
): Promise<Device> {
  const previousShopId = await ctx.db.transaction().execute(async (trx) => {
    const existing = await findDeviceRowInScope(trx, scope, body.deviceId);
    if (!existing) throw notFound({ zh: '设备', en: 'device' });
    const wasBox = existing.product_id === ProductType.AI_BOX;
    if (wasBox !== (body.productId === ProductType.AI_BOX)) {
      throw invalid(
        'productId',
        wasBox
          ? { zh: '盒子必须保持为盒子（产品类型 1）', en: 'a box must stay a box (product type 1)' }
          : { zh: '不能把设备改成盒子', en: 'cannot turn a device into a box' },
      );
    }
    if (wasBox && body.shopId !== existing.shop_id && (await countSubDevices(trx, existing.id)) > 0) {
      throw invalid('shopId', {
        zh: '盒子下还有设备，不能移动；请先移走其设备',
        en: 'cannot move a box that still has devices; move its devices first',
      });
    }
    const lookups = await loadDeviceLookups(trx, scope, body.shopId);
    const taken = await loadTakenValues(trx, lookups.store.company_id, body.shopId, [body.hostid]);
    const problems = [
      ...checkDeviceRules(body, lookups, existing.id),
      ...duplicateProblems(body, taken, existing.id),
    ];
    if (problems.length > 0) throw invalidFields(problems);
    await updateDevice(trx, existing.id, {
      ...deviceColumns(body),
      community: sealedCommunity(ctx.config.secrets, body.community),
      company_id: lookups.store.company_id,
      ...updateStamps(caller.userName, Date.now()),
    });
    return existing.shop_id;
  });
  await ctx.engine.hub.notifyDevicesChanged([body.deviceId]);
  // A device moved to another store: the old store's box must stop probing it too.
  if (previousShopId !== body.shopId) await ctx.engine.hub.notifyStoreChanged(previousShopId);
  return getDevice(ctx, caller, scope, body.deviceId);
}

/** Issues a new key for a box, shown in full in this reply only; the old key stops working at once. */
export async function rotateDeviceKey(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  deviceId: number,
): Promise<DeviceKey> {
  const row = await findDeviceRowInScope(ctx.db, scope, deviceId);
  if (!row) throw notFound({ zh: '设备', en: 'device' });
  if (row.product_id !== ProductType.AI_BOX)
    throw invalid('deviceId', { zh: '必须是盒子（产品类型 1）', en: 'must be a box (product type 1)' });
  const securityKey = newSecurityKey();
  await updateDevice(ctx.db, deviceId, {
    ...boxKeyColumns(ctx.config.secrets, securityKey),
    ...updateStamps(caller.userName, Date.now()),
  });
  ctx.engine.hub.notifyKeyRevoked(deviceId);
  return { deviceId, securityKey };
}

/** Sets the state (reading A: 0 unregistered, 1 enabled, 2 disabled). */
export async function setDeviceState(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  deviceId: number,
  state: number,
): Promise<Device> {
  const row = await findDeviceRowInScope(ctx.db, scope, deviceId);
  if (!row) throw notFound({ zh: '设备', en: 'device' });
  await updateDevice(ctx.db, deviceId, { state, ...updateStamps(caller.userName, Date.now()) });
  if (state === DeviceState.DISABLED) ctx.engine.hub.notifyKeyRevoked(deviceId);
  await ctx.engine.hub.notifyDevicesChanged([deviceId]);
  return getDevice(ctx, caller, scope, deviceId);
}

/** Sets the monitored flag on every named device, or on none when any is unknown or out of scope. */
export async function setMonitored(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  query: MonitoredBatchQuery,
): Promise<{ updated: number }> {
  const ids = [...new Set(query.ids)];
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const visible = new Set(await deviceIdsInScope(trx, scope, ids));
    const missing = ids.filter((id) => !visible.has(id));
    if (missing.length > 0)
      throw notFound({ zh: `设备 ${missing.join(', ')}`, en: `device ${missing.join(', ')}` });
    await updateDevices(trx, ids, {
      monitored: query.mornitored,
      ...updateStamps(caller.userName, Date.now()),
    });
    return { updated: ids.length };
  });
  await ctx.engine.hub.notifyDevicesChanged(ids);
  return outcome;
}

/** Marks a box as pre-configured (1) or not (0). */
export async function setPreinstallation(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: PreinstallationBody,
): Promise<Device> {
  const row = await findDeviceRowInScope(ctx.db, scope, body.deviceId);
  if (!row) throw notFound({ zh: '设备', en: 'device' });
  if (row.product_id !== ProductType.AI_BOX)
    throw invalid('deviceId', { zh: '必须是盒子（产品类型 1）', en: 'must be a box (product type 1)' });
  await updateDevice(ctx.db, body.deviceId, {
    is_preinstallation: body.status,
    ...updateStamps(caller.userName, Date.now()),
  });
  return getDevice(ctx, caller, scope, body.deviceId);
}
