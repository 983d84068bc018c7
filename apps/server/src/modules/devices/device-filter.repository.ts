/**
 * The one filter builder behind `listDevices`, `getDeviceStatus` and `getGatewayStatus` (and the
 * sub-device list), so the counts always agree with the list. The store and place fields are the
 * stores module's one place filter (store-place-filter.ts). Queries start from `devices` and join
 * `stores` only when the scope or a filter needs store columns: an unrestricted company scope is
 * then `devices.company_id = ?`, which the (company_id, id) index answers on its own.
 */
import {
  type DeviceFilter,
  DeviceQueryType,
  type DeviceSubListQuery,
  OnlineStatus,
  PreinstallFlag,
  ProductType,
} from '@storefleet/contracts';
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';

import { isRestricted, type Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { type StoreColumns, storeInScope } from '../../db/scope';
import { containsText } from '../../db/text';
import { needsStoreRow, storePlaceConditions } from '../stores/store-place-filter';

/** `devices.problem_rank` of a monitored, enabled, offline device (1 alerting, 0 the rest: migration 20261123_0200). */
const PROBLEM_RANK_OFFLINE = 2;

/** The filter fields the builder reads (list filters, or the sub-device list's subset). */
export type DeviceFilterInput = Partial<Omit<DeviceFilter, 'sortBy' | 'sortDirection'>> & {
  parentId?: DeviceSubListQuery['parentId'];
  /** Gateway counts: boxes only. */
  boxesOnly?: boolean;
};

/** Store columns for the scope predicate: the company comes from the device row itself. */
const DEVICE_STORE_COLUMNS: StoreColumns = {
  companyId: 'devices.company_id',
  storeId: 'devices.shop_id',
  area: 'stores.area_level',
  province: 'stores.province_level',
  city: 'stores.city_level',
};

type DevicesQuery = SelectQueryBuilder<DB, 'devices' | 'stores', object>;

/** Whether the filter or scope reads store columns (and so needs the stores join). */
export function needsStoreJoin(scope: Scope, filter: DeviceFilterInput): boolean {
  return isRestricted(scope) || needsStoreRow(filter);
}

/**
 * `devices` (joined to `stores` when `join`) limited to `scope` and `filter`. The stores join is typed
 * as always present so callers can select store columns after forcing `join`.
 */
export function filteredDevices(
  db: Kysely<DB>,
  scope: Scope,
  filter: DeviceFilterInput,
  join: boolean,
): DevicesQuery {
  const base = db.selectFrom('devices');
  const query = (join ? base.innerJoin('stores', 'stores.id', 'devices.shop_id') : base) as DevicesQuery;
  return query.where((eb) => deviceConditions(eb, scope, filter));
}

/** The scope and every filter field the input sets, as one AND of conditions. */
function deviceConditions(
  eb: ExpressionBuilder<DB, 'devices' | 'stores'>,
  scope: Scope,
  f: DeviceFilterInput,
) {
  const parts = [storeInScope(eb, scope, DEVICE_STORE_COLUMNS)];
  const text = (column: string, value: string | undefined) => {
    if (value) parts.push(containsText(column, value));
  };
  text('devices.device_name', f.deviceName);
  text('devices.device_sn', f.deviceSn);
  text('devices.mac_address', f.macAddress);
  text('devices.intranet_ip', f.intranetIp);
  text('devices.model', f.model);
  text('devices.asset_no', f.assetNo);
  if (f.onlineStatus !== undefined) parts.push(eb('devices.online_status', '=', f.onlineStatus));
  if (f.isPreinstallation !== undefined)
    parts.push(eb('devices.is_preinstallation', '=', f.isPreinstallation));
  if (f.monitored !== undefined) parts.push(eb('devices.monitored', '=', f.monitored));
  if (f.isNetworkDevice !== undefined) parts.push(eb('devices.is_network_device', '=', f.isNetworkDevice));
  if (f.productId !== undefined) parts.push(eb('devices.product_id', '=', f.productId));
  if (f.queryType === DeviceQueryType.BOX || f.boxesOnly)
    parts.push(eb('devices.product_id', '=', ProductType.AI_BOX));
  if (f.queryType === DeviceQueryType.SUB_DEVICE)
    parts.push(eb('devices.product_id', '<>', ProductType.AI_BOX));
  if (f.parentId !== undefined) parts.push(eb('devices.parent_device_id', '=', f.parentId));
  if (f.deviceCategory) parts.push(eb('devices.device_category', '=', f.deviceCategory));
  if (f.deviceClass) parts.push(eb('devices.device_class', '=', f.deviceClass));
  if (f.propertyType) parts.push(eb('devices.property_type', '=', f.propertyType));
  parts.push(...storePlaceConditions(f, 'devices.shop_id'));
  return eb.and(parts);
}

/** How many devices `scope` and `filter` list (the list's total; the service caches it: ctx.caches.devices.counts). */
export async function countListedDevices(
  db: Kysely<DB>,
  scope: Scope,
  filter: DeviceFilterInput,
): Promise<number> {
  const row = await filteredDevices(db, scope, filter, needsStoreJoin(scope, filter))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Online/offline/total (and pre-installed) counts over the filtered devices, in one query (the service
 * caches them: ctx.caches.devices.counts).
 */
export async function countDevices(
  db: Kysely<DB>,
  scope: Scope,
  filter: DeviceFilterInput,
): Promise<{ total: number; online: number; preinstalled: number }> {
  const row = await filteredDevices(db, scope, filter, needsStoreJoin(scope, filter))
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when ${sql.ref('devices.online_status')} = ${sql.lit(OnlineStatus.ONLINE)} then 1 else 0 end), 0)`.as(
        'online',
      ),
      sql<number>`coalesce(sum(case when ${sql.ref('devices.is_preinstallation')} = ${sql.lit(PreinstallFlag.YES)} then 1 else 0 end), 0)`.as(
        'preinstalled',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), online: Number(row.online), preinstalled: Number(row.preinstalled) };
}

/**
 * Per store in `scope`, its monitored devices offline and the open alerts on its monitored devices;
 * only stores with either (`problem_rank > 0`, which the (company_id, problem_rank, id) index finds).
 */
export async function listStoreTrouble(
  db: Kysely<DB>,
  scope: Scope,
): Promise<Array<{ shopId: number; offline: number; openAlerts: number }>> {
  const rows = await filteredDevices(db, scope, {}, needsStoreJoin(scope, {}))
    .where('devices.problem_rank', '>', 0)
    .select([
      'devices.shop_id as shopId',
      sql<number>`sum(case when ${sql.ref('devices.problem_rank')} = ${sql.lit(PROBLEM_RANK_OFFLINE)} then 1 else 0 end)`.as(
        'offline',
      ),
      sql<number>`sum(${sql.ref('devices.open_alerts')})`.as('openAlerts'),
    ])
    .groupBy('devices.shop_id')
    .execute();
  return rows.map((r) => ({
    shopId: r.shopId,
    offline: Number(r.offline),
    openAlerts: Number(r.openAlerts),
  }));
}

// ---------------------------------------------------------------------------------------------------
// Dashboard figures (issue 13, modules/dashboard): the counts of `countDevices` per place, in one query.
// ---------------------------------------------------------------------------------------------------

/** The store column a dashboard groups devices by: region, province, city or the store itself. */
export type DevicePlaceColumn =
  | 'stores.area_level'
  | 'stores.province_level'
  | 'stores.city_level'
  | 'stores.id';

/**
 * Per place (`by`; null: one row for everything), the filtered devices' total and online counts and the
 * boxes' (AI boxes) total and online counts; places without devices are left out.
 */
export async function countDevicesByPlace(
  db: Kysely<DB>,
  scope: Scope,
  filter: DeviceFilterInput,
  by: DevicePlaceColumn | null,
): Promise<
  Array<{ placeId: number | null; total: number; online: number; boxes: number; boxesOnline: number }>
> {
  const online = sql`${sql.ref('devices.online_status')} = ${sql.lit(OnlineStatus.ONLINE)}`;
  const box = sql`${sql.ref('devices.product_id')} = ${sql.lit(ProductType.AI_BOX)}`;
  const counts = [
    sql<number>`count(*)`.as('total'),
    sql<number>`coalesce(sum(case when ${online} then 1 else 0 end), 0)`.as('online'),
    sql<number>`coalesce(sum(case when ${box} then 1 else 0 end), 0)`.as('boxes'),
    sql<number>`coalesce(sum(case when ${box} and ${online} then 1 else 0 end), 0)`.as('boxesOnline'),
  ] as const;
  const base = filteredDevices(db, scope, filter, by !== null || needsStoreJoin(scope, filter));
  const rows =
    by === null
      ? (await base.select(counts).execute()).map((r) => ({ ...r, placeId: null }))
      : await base
          .select([sql<number | null>`${sql.ref(by)}`.as('placeId'), ...counts])
          .groupBy(by)
          .execute();
  return rows.map((r) => ({
    placeId: r.placeId === null ? null : Number(r.placeId),
    total: Number(r.total),
    online: Number(r.online),
    boxes: Number(r.boxes),
    boxesOnline: Number(r.boxesOnline),
  }));
}
