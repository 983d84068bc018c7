/**
 * The dashboard, the monitor screen and the stores overview (issue 13 "Pages"): calls the spec does not
 * show, designed in its style under /api/device-service/dashboard (docs/decisions/dashboards.md).
 * Figures are counted with the same rules as `getDeviceStatus` (monitored devices), `getGatewayStatus`
 * (boxes) and `getAlertRecordCounts` (open records), inside the caller's scope.
 */
import { z } from 'zod';

import { commaList, dateString, idParam, optionalFilter } from '../query';

/** One place's figures. */
export const DashboardFigures = z.object({
  /** Monitored devices (getDeviceStatus with monitored=1), online and offline. */
  deviceNum: z.number(),
  onlineNum: z.number(),
  offlineNum: z.number(),
  /** Monitored boxes (AI boxes, the stores' gateways), online and offline. */
  boxNum: z.number(),
  boxOnlineNum: z.number(),
  boxOfflineNum: z.number(),
  /** Open (unresolved) alert records, and per level 1–5. */
  openAlertNum: z.number(),
  alertsBySeverity: z.array(z.object({ severity: z.number(), num: z.number() })),
  /** onlineNum / deviceNum in percent, two decimals; 0 without devices. */
  onlineRate: z.number(),
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

/** How the overview groups its places: the level below the one asked for. */
export const DASHBOARD_GROUPINGS = ['area', 'province', 'city', 'store'] as const;
export type DashboardGrouping = (typeof DASHBOARD_GROUPINGS)[number];

/**
 * GET overview: the whole scope, or one region (`areaLevel`), province (`provinceLevel`) or city
 * (`cityLevel`); the deepest one given wins.
 */
export const DashboardOverviewQuery = z.object({
  areaLevel: optionalFilter(idParam),
  provinceLevel: optionalFilter(idParam),
  cityLevel: optionalFilter(idParam),
});
export type DashboardOverviewQuery = z.infer<typeof DashboardOverviewQuery>;

export const DashboardGroup = DashboardFigures.extend({
  /** The level node's id (area, province, city) or the store's id. */
  id: z.number(),
  name: z.string(),
});
export type DashboardGroup = z.infer<typeof DashboardGroup>;

export const DashboardOverview = z.object({
  /** The place asked for: null for the whole scope. */
  placeId: z.number().nullable(),
  placeName: z.string().nullable(),
  /** The level node above the place (null for a region or the whole scope): the screen's "up" link. */
  parentId: z.number().nullable(),
  grouping: z.enum(DASHBOARD_GROUPINGS),
  /** Stores in the place. */
  storeNum: z.number(),
  totals: DashboardFigures,
  /** One entry per place one level down (stores for a city), with zeros where nothing is counted. */
  groups: z.array(DashboardGroup),
});
export type DashboardOverview = z.infer<typeof DashboardOverview>;

/** GET storeFigures: figures of the listed stores (a page of the stores overview). */
export const StoreFiguresQuery = z.object({
  shopIdStr: commaList(idParam),
});
export type StoreFiguresQuery = z.infer<typeof StoreFiguresQuery>;

export const StoreFigures = DashboardFigures.extend({
  shopId: z.number(),
  /** Yesterday's average usage rate of the store's devices in percent; null before any usage row. */
  usageRate: z.number().nullable(),
});
export type StoreFigures = z.infer<typeof StoreFigures>;

/**
 * GET usageTrend: the daily average usage rate of the devices in scope (or in one store or place)
 * between two days, both included (at most 366 days).
 */
export const UsageTrendQuery = z.object({
  startTime: dateString,
  endTime: dateString,
  shopId: optionalFilter(idParam),
  areaLevel: optionalFilter(idParam),
  provinceLevel: optionalFilter(idParam),
  cityLevel: optionalFilter(idParam),
});
export type UsageTrendQuery = z.infer<typeof UsageTrendQuery>;

export const UsageTrendPoint = z.object({
  statisticsDate: z.string(),
  /** The average of the day's device usage rates, percent, two decimals. */
  usageRate: z.number(),
  /** Devices with a usage row that day. */
  deviceNum: z.number(),
});
export type UsageTrendPoint = z.infer<typeof UsageTrendPoint>;
