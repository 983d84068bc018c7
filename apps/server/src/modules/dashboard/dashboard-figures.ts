/**
 * Pure half of the dashboard: which place an overview asks for and what it groups by, and the figures
 * of one place from its device counts and open alert counts (see dashboard.service.ts).
 */
import type { DashboardFigures, DashboardGrouping, DashboardOverviewQuery } from '@storefleet/contracts';

/** Level numbers of `level_configs` (1 region, 2 province, 3 city). */
export const LEVEL_OF = { area: 1, province: 2, city: 3 } as const;
export type PlaceLevel = keyof typeof LEVEL_OF;

/** The place an overview asks for: the deepest level given, or the whole scope. */
export type OverviewPlace =
  | { level: null; id: null; grouping: 'area' }
  | { level: PlaceLevel; id: number; grouping: DashboardGrouping };

export function overviewPlace(query: DashboardOverviewQuery): OverviewPlace {
  if (query.cityLevel !== undefined) return { level: 'city', id: query.cityLevel, grouping: 'store' };
  if (query.provinceLevel !== undefined)
    return { level: 'province', id: query.provinceLevel, grouping: 'city' };
  if (query.areaLevel !== undefined) return { level: 'area', id: query.areaLevel, grouping: 'province' };
  return { level: null, id: null, grouping: 'area' };
}

export interface DeviceCounts {
  total: number;
  online: number;
  boxes: number;
  boxesOnline: number;
}

export const NO_DEVICES: DeviceCounts = { total: 0, online: 0, boxes: 0, boxesOnline: 0 };

/** ALERTPRIORITY levels, lowest first. */
const SEVERITIES = [1, 2, 3, 4, 5] as const;

/** Percent with two decimals; 0 of 0 is 0. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}

/** One place's figures from its device counts and its open records per level. */
export function figuresOf(
  devices: DeviceCounts,
  openAlerts: ReadonlyArray<{ severity: number; num: number }>,
): DashboardFigures {
  const bySeverity = SEVERITIES.map((severity) => ({
    severity,
    num: openAlerts.filter((a) => a.severity === severity).reduce((n, a) => n + a.num, 0),
  }));
  return {
    deviceNum: devices.total,
    onlineNum: devices.online,
    offlineNum: devices.total - devices.online,
    boxNum: devices.boxes,
    boxOnlineNum: devices.boxesOnline,
    boxOfflineNum: devices.boxes - devices.boxesOnline,
    openAlertNum: openAlerts.reduce((n, a) => n + a.num, 0),
    alertsBySeverity: bySeverity,
    onlineRate: percent(devices.online, devices.total),
  };
}

/** Rows keyed by place id, for picking a group's rows out of one grouped query. */
export function byPlace<T extends { placeId: number | null }>(rows: readonly T[]): Map<number | null, T[]> {
  const map = new Map<number | null, T[]>();
  for (const row of rows) {
    const list = map.get(row.placeId);
    if (list) list.push(row);
    else map.set(row.placeId, [row]);
  }
  return map;
}
