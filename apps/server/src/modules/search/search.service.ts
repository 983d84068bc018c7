/**
 * Global search: the header's box finds stores and devices inside the caller's data scope (the one
 * scope predicate, in the owning modules' repositories). A group is searched only when the caller can
 * open what it finds: stores with the store overview or the live monitor, devices with the device
 * module. Platform users (no company) find nothing: their console has no store or device pages.
 */
import {
  type GlobalSearchQuery,
  type GlobalSearchResult,
  MODULE,
  PAGE,
  SEARCH_LIMIT_DEFAULT,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import { allows } from '../../auth/codes';
import type { AppContext } from '../../context';
import { searchDevices } from '../devices/device-search.repository';
import { searchStores } from '../stores/store-search.repository';

/** Codes that open a store found by the search (either one will do). */
export const STORE_SEARCH_CODES = { any: [PAGE.storeOverview, MODULE.dynamicMonitor] } as const;
/** Codes that open a device found by the search (its details page). */
export const DEVICE_SEARCH_CODES = [MODULE.device] as const;

/** Stores and devices matching the keyword, grouped, each group at most `limit` long. */
export async function globalSearch(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  scope: Scope,
  query: GlobalSearchQuery,
): Promise<GlobalSearchResult> {
  if (scope.companyId === null) return { stores: [], devices: [] };
  const limit = query.limit ?? SEARCH_LIMIT_DEFAULT;
  const text = query.keyword;
  const [stores, devices] = await Promise.all([
    allows(caller, STORE_SEARCH_CODES) ? searchStores(ctx.db, scope, text, limit) : [],
    allows(caller, DEVICE_SEARCH_CODES) ? searchDevices(ctx.db, scope, text, limit) : [],
  ]);
  return {
    stores: stores.map((s) => ({ id: s.id, storeNo: s.store_no, storeName: s.store_name })),
    devices: devices.map((d) => ({
      deviceId: d.id,
      deviceName: d.device_name,
      hostid: d.hostid,
      intranetIp: d.intranet_ip,
      macAddress: d.mac_address,
      shopId: d.shop_id,
      shopName: d.store_name,
      onlineStatus: Number(d.online_status),
    })),
  };
}
