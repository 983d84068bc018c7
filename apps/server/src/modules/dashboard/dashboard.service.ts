/**
 * The dashboard's figures (docs/decisions/dashboards.md): monitored devices, boxes and open alert records
 * of a place in the caller's scope and of each place one level below, counted by the devices' and alert
 * records' own repositories with the filters of `getDeviceStatus` and `getAlertRecordCounts`, so the
 * figures equal what those calls answer for the same place.
 */
import {
  type DashboardGroup,
  type DashboardOverview,
  type DashboardOverviewQuery,
  type Lang,
  MonitoredFlag,
  nameIn,
  type StoreFigures,
  type StoreFiguresQuery,
} from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { type AlertPlaceColumn, countOpenAlertsByPlace } from '../alerts/alert-records.repository';
import {
  countDevicesByPlace,
  type DeviceFilterInput,
  type DevicePlaceColumn,
} from '../devices/device-filter.repository';
import { loadVisibleLevels, storesOfLevels } from '../levels/levels.service';
import { findStoreIdsInScope, listStoreIdsInScope } from '../stores/stores.repository';
import {
  byPlace,
  figuresOf,
  LEVEL_OF,
  NO_DEVICES,
  type OverviewPlace,
  overviewPlace,
  type PlaceLevel,
} from './dashboard-figures';
import { yesterdayUsageByStore } from './dashboard-usage';

const PLACE = { zh: '区域', en: 'place' };

/** The stores column of each grouping. */
const COLUMN_OF = {
  area: 'stores.area_level',
  province: 'stores.province_level',
  city: 'stores.city_level',
  store: 'stores.id',
} as const satisfies Record<string, DevicePlaceColumn & AlertPlaceColumn>;

/** The device filter (as getDeviceStatus reads it) and alert criteria of one place. */
function placeFilters(place: OverviewPlace) {
  const devices: DeviceFilterInput = { monitored: MonitoredFlag.MONITORED };
  const alerts = { from: null, to: null } as {
    from: null;
    to: null;
    areaLevelListStr?: number[];
    provinceLevelListStr?: number[];
    cityLevelListStr?: number[];
  };
  if (place.level === 'area') {
    devices.areaLevel = place.id;
    alerts.areaLevelListStr = [place.id];
  } else if (place.level === 'province') {
    devices.provinceLevel = place.id;
    alerts.provinceLevelListStr = [place.id];
  } else if (place.level === 'city') {
    devices.cityLevel = place.id;
    alerts.cityLevelListStr = [place.id];
  }
  return { devices, alerts };
}

/** The place's groups: level nodes one level down (visible to the scope), or the city's stores. */
async function groupsOf(
  ctx: AppContext,
  scope: Scope,
  place: OverviewPlace,
  lang: Lang,
): Promise<{
  placeName: string | null;
  parentId: number | null;
  groups: Array<{ id: number; name: string }>;
  storeNum: number;
}> {
  const forest = await loadVisibleLevels(ctx, scope, undefined);
  let placeName: string | null = null;
  let parentId: number | null = null;
  if (place.level !== null) {
    const node = forest.get(place.id);
    if (!node || node.level !== LEVEL_OF[place.level]) throw notFound(PLACE);
    placeName = nameIn(lang, node.name, node.ename);
    parentId = place.level === 'area' ? null : node.pid;
  }
  if (place.grouping === 'store') {
    const stores = await storesOfLevels(ctx, scope, [place.id as number]);
    return {
      placeName,
      parentId,
      groups: stores.map((s) => ({ id: s.shopId, name: s.storeName })),
      storeNum: stores.length,
    };
  }
  const below = LEVEL_OF[place.grouping as PlaceLevel];
  const nodes =
    place.level === null
      ? forest.levels.filter((l) => l.level === below)
      : forest.childrenOf(place.id).filter((l) => l.level === below);
  const storeNum =
    place.level === null
      ? (await listStoreIdsInScope(ctx.db, scope)).length
      : (await storesOfLevels(ctx, scope, [place.id])).length;
  const groups = nodes.map((n) => ({ id: n.id, name: nameIn(lang, n.name, n.ename) }));
  return { placeName, parentId, groups, storeNum };
}

/** `overview`: figures of the place asked for (or the whole scope) and of each place below it. */
export async function dashboardOverview(
  ctx: AppContext,
  scope: Scope,
  query: DashboardOverviewQuery,
  lang: Lang = 'zh',
): Promise<DashboardOverview> {
  const place = overviewPlace(query);
  const { placeName, parentId, groups, storeNum } = await groupsOf(ctx, scope, place, lang);
  const filters = placeFilters(place);
  const column = COLUMN_OF[place.grouping];
  const [totalDevices, groupDevices, totalAlerts, groupAlerts] = await Promise.all([
    countDevicesByPlace(ctx.db, scope, filters.devices, null),
    countDevicesByPlace(ctx.db, scope, filters.devices, column),
    countOpenAlertsByPlace(ctx.db, scope, filters.alerts, null),
    countOpenAlertsByPlace(ctx.db, scope, filters.alerts, column),
  ]);
  const devicesOf = byPlace(groupDevices);
  const alertsOf = byPlace(groupAlerts);
  return {
    placeId: place.id,
    placeName,
    parentId,
    grouping: place.grouping,
    storeNum,
    totals: figuresOf(totalDevices[0] ?? NO_DEVICES, totalAlerts),
    groups: groups.map(
      (g): DashboardGroup => ({
        id: g.id,
        name: g.name,
        ...figuresOf(devicesOf.get(g.id)?.[0] ?? NO_DEVICES, alertsOf.get(g.id) ?? []),
      }),
    ),
  };
}

/** `storeFigures`: each listed store inside the scope (others are left out), in the order asked. */
export async function storeFigures(
  ctx: AppContext,
  scope: Scope,
  query: StoreFiguresQuery,
): Promise<StoreFigures[]> {
  const asked = [...new Set(query.shopIdStr ?? [])];
  const inScope = new Set(await findStoreIdsInScope(ctx.db, scope, asked));
  const shopIds = asked.filter((id) => inScope.has(id));
  if (shopIds.length === 0) return [];
  const [devices, alerts, usage] = await Promise.all([
    countDevicesByPlace(
      ctx.db,
      scope,
      { monitored: MonitoredFlag.MONITORED, shopIdStr: shopIds },
      'stores.id',
    ),
    countOpenAlertsByPlace(ctx.db, scope, { from: null, to: null, shopIdStr: shopIds }, 'stores.id'),
    yesterdayUsageByStore(ctx, scope, shopIds),
  ]);
  const devicesOf = byPlace(devices);
  const alertsOf = byPlace(alerts);
  return shopIds.map((shopId) => ({
    shopId,
    ...figuresOf(devicesOf.get(shopId)?.[0] ?? NO_DEVICES, alertsOf.get(shopId) ?? []),
    usageRate: usage.get(shopId) ?? null,
  }));
}
