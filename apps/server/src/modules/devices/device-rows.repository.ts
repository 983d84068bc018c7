/**
 * Reading whole device rows for replies: the device joined to its store. The dictionary names of its
 * category, class and property type come from `ctx.caches.devices.names` (device-dictionary-names.ts), not
 * from joins: on PostgreSQL, planning three more joins cost more than running a list page.
 */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import { dayOf, latestUsageRate } from '../usage/device-usage.repository';

/** The device columns a reply shows (device-view.ts): what a list page reads, 20 rows at a time. */
export const REPLY_COLUMNS = [
  'devices.id',
  'devices.company_id',
  'devices.shop_id',
  'devices.parent_device_id',
  'devices.product_id',
  'devices.hostid',
  'devices.device_name',
  'devices.device_sn',
  'devices.device_brand',
  'devices.model',
  'devices.device_system',
  'devices.connect_type',
  'devices.intranet_ip',
  'devices.extranet_ip',
  'devices.mac_address',
  'devices.community',
  'devices.port',
  'devices.udp_type',
  'devices.description',
  'devices.asset_no',
  'devices.vin_no',
  'devices.device_category',
  'devices.device_class',
  'devices.property_type',
  'devices.service_life',
  'devices.custodian',
  'devices.specifications',
  'devices.obtain_time',
  'devices.state',
  'devices.monitored',
  'devices.is_preinstallation',
  'devices.enable_remote',
  'devices.is_network_device',
  'devices.security_key',
  'devices.register_time',
  'devices.online_status',
  'devices.device_online_time',
  'devices.first_online_time',
  'devices.latest_offline_time',
] as const;

/** The device joined to its store, selecting nothing yet. */
function deviceJoins(db: Kysely<DB>) {
  return db.selectFrom('devices').innerJoin('stores', 'stores.id', 'devices.shop_id');
}

/** The store columns of a reply. */
export const REPLY_STORE_COLUMNS = [
  'stores.store_name',
  'stores.status as store_status',
  'stores.area_level',
  'stores.province_level',
  'stores.city_level',
] as const;

/** Every column of the device (writes check more than a reply shows) plus the reply's store columns. */
export function deviceRowQuery(db: Kysely<DB>) {
  const today = dayOf(Date.now());
  return deviceJoins(db)
    .selectAll('devices')
    .select(REPLY_STORE_COLUMNS)
    .select((eb) => latestUsageRate(eb, today).as('usage_rate'));
}

/**
 * Only what a reply shows: the list pages' rows (fewer values to read per row), and the device's usage
 * rate of yesterday — its latest stored day before today (docs/decisions/usage.md), one primary-key
 * seek per row; the page cache (device-page-cache.ts) watches device_usage_days for it.
 */
export function deviceReplyRowQuery(db: Kysely<DB>) {
  const today = dayOf(Date.now());
  return deviceJoins(db)
    .select(REPLY_COLUMNS)
    .select(REPLY_STORE_COLUMNS)
    .select((eb) => latestUsageRate(eb, today).as('usage_rate'));
}

export type DeviceRow = Awaited<ReturnType<ReturnType<typeof deviceRowQuery>['executeTakeFirstOrThrow']>>;
/** A reply row: what `toDevice` reads (a whole DeviceRow is one too). */
export type DeviceReplyRow = Awaited<
  ReturnType<ReturnType<typeof deviceReplyRowQuery>['executeTakeFirstOrThrow']>
>;

/** The reply row of one device inside `scope`, or undefined (unknown and out-of-scope look the same). */
export async function findDeviceRowInScope(
  db: Kysely<DB>,
  scope: Scope,
  deviceId: number,
): Promise<DeviceRow | undefined> {
  return deviceRowQuery(db)
    .where('devices.id', '=', deviceId)
    .where((eb) => storeInScope(eb, scope))
    .executeTakeFirst();
}

/** A store's devices of one product type, inside `scope`, oldest first. */
export async function listStoreDeviceRows(
  db: Kysely<DB>,
  scope: Scope,
  shopId: number,
  productId: number,
): Promise<DeviceRow[]> {
  return deviceRowQuery(db)
    .where('devices.shop_id', '=', shopId)
    .where('devices.product_id', '=', productId)
    .where((eb) => storeInScope(eb, scope))
    .orderBy('devices.id')
    .execute();
}
