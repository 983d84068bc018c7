/**
 * What the usage report page (device/device-use.html) asks for: the level (region, city, store), the
 * measure (usage time: the plain calls; devices in use: the `/num` calls), rates or totals (`type`),
 * the date range and, for the city and store levels, the places picked. Pure, so it is tested without a
 * browser. What `num` and `rate` mean per choice: docs/decisions/usage.md "Reports".
 */
import { type BodyInput, UsageEndpoints as E } from '@storefleet/contracts';

import { parseRegionPath, type RegionPath, regionQuery } from '@/shared/device/device-query';
import type { DayRange } from './date-range';

export type ReportLevel = 'area' | 'city' | 'store';
export type ReportMeasure = 'time' | 'devices';
export type ReportFigure = 'rate' | 'totals';

export interface ReportChoice {
  level: ReportLevel;
  measure: ReportMeasure;
  figure: ReportFigure;
  range: DayRange;
  /** Region cascader paths (URL form: `3.17`, `3.17.40.s9`): cities/provinces or stores picked. */
  places: readonly string[];
  /** Store level: the large category to break down. */
  category?: string;
  /** Optional small class (all levels). */
  deviceClass?: string;
}

const ENDPOINTS = {
  area: { time: E.areaReport, devices: E.areaReportNum },
  city: { time: E.cityReport, devices: E.cityReportNum },
  store: { time: E.stashReport, devices: E.stashReportNum },
} as const;

type ReportEndpoint = (typeof ENDPOINTS)[ReportLevel][ReportMeasure];
export type ReportCall =
  | { endpoint: ReportEndpoint; body: BodyInput<ReportEndpoint> }
  | { missing: 'places' | 'category' };

const ids = (text: string | undefined) => (text ? text.split(',').map(Number) : []);

/** The call of a choice, or what is still to pick before it can be made. */
export function reportCall(choice: ReportChoice): ReportCall {
  const endpoint = ENDPOINTS[choice.level][choice.measure];
  const base = {
    startTime: choice.range[0],
    endTime: choice.range[1],
    ...(choice.figure === 'totals' ? { type: '1' } : {}),
    ...(choice.deviceClass ? { deviceClass: choice.deviceClass } : {}),
  };
  const paths = choice.places.map(parseRegionPath).filter((p): p is RegionPath => p !== null);
  const sets = regionQuery(paths);
  if (choice.level === 'city') {
    const cityLevelList = ids(sets.cityLevelListStr);
    const provinceLevelList = ids(sets.provinceLevelListStr);
    if (cityLevelList.length + provinceLevelList.length === 0) return { missing: 'places' };
    return { endpoint, body: { ...base, cityLevelList, provinceLevelList } } as ReportCall;
  }
  if (choice.level === 'store') {
    if (!choice.category) return { missing: 'category' };
    const shopIds = ids(sets.shopIdStr);
    if (shopIds.length === 0) return { missing: 'places' };
    return { endpoint, body: { ...base, deviceCategory: choice.category, shopIds } } as ReportCall;
  }
  return { endpoint, body: base } as ReportCall;
}
