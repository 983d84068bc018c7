/**
 * The usage reports (spec §7 `area/report`, `city/report`, `stash/report` and their `/num` variants):
 * per region, city or store, and per category below it, over a date range. Figures come from the
 * sums of the usage rows the report covers (device-usage.repository.ts `sumUsage`, kept by
 * usage-sums-cache.ts until a committed write to the rows or to the stores' places), so a report always
 * equals the rows the list shows for the same range. What each figure means
 * (docs/decisions/usage.md "Reports"):
 *
 * | variant | `type`    | num                                   | rate                                    |
 * |---------|-----------|---------------------------------------|-----------------------------------------|
 * | plain   | empty     | devices with a row in the range       | Σ online ÷ Σ measured time, %           |
 * | plain   | non-empty | Σ online time in hours                | Σ online ÷ Σ measured time, %           |
 * | /num    | empty     | devices online at some point          | those ÷ devices with a row, %           |
 * | /num    | non-empty | device-days with some online time     | those ÷ device-days (rows), %           |
 *
 * Rates and hours have 2 decimals. Groups without rows in the range are left out.
 */
import {
  type AreaUsage,
  type CategoryUsage,
  type CityUsageReportBody,
  type Lang,
  nameIn,
  type StoreUsageReportBody,
  type UsageReportBody,
  wantsTotals,
} from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { type DeviceDictionaryNames, itemName } from '../devices/device-dictionary-names';
import { findLevels } from '../levels/levels.repository';
import { findStorePlacesInScope } from '../stores/stores.repository';
import type { UsageReportFilter, UsageSums } from './device-usage.repository';
import { usageSourceOf } from './usage-source';

/** The figure a report gives: time-based (plain) or devices in use (`/num`). */
export type ReportMeasure = 'rate' | 'num';

const HOUR = 3_600_000;
const UNCATEGORISED = { zh: '未分类', en: 'Uncategorised' } as const;

const round2 = (n: number) => Math.round(n * 100) / 100;
const percent = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);

/** `num` and `rate` of one set of sums (the table above). */
export function figures(
  sums: UsageSums,
  measure: ReportMeasure,
  totals: boolean,
): { num: number; rate: number } {
  if (measure === 'rate') {
    const rate = percent(sums.onlineMs, sums.baseMs);
    return { num: totals ? round2(sums.onlineMs / HOUR) : sums.devices, rate };
  }
  return totals
    ? { num: sums.usedDays, rate: percent(sums.usedDays, sums.deviceDays) }
    : { num: sums.usedDevices, rate: percent(sums.usedDevices, sums.devices) };
}

async function groupNames(
  ctx: AppContext,
  scope: Scope,
  filter: UsageReportFilter,
  ids: number[],
  lang: Lang,
): Promise<Map<number, string>> {
  if (filter.level === 'store') {
    const stores = await findStorePlacesInScope(ctx.db, scope, ids);
    return new Map(stores.map((s) => [s.id, s.store_name]));
  }
  const levels = await findLevels(ctx.db, ids);
  return new Map(levels.map((l) => [l.id, nameIn(lang, l.name, l.ename)]));
}

function categoryName(filter: UsageReportFilter, names: DeviceDictionaryNames, code: string, lang: Lang) {
  if (code === '') return UNCATEGORISED[lang];
  const item = filter.level === 'store' ? names.deviceClass(code) : names.category(code);
  return itemName(item, lang) ?? code;
}

/** One report: the groups of `filter` over the body's range, figures per `measure` and `type`. */
export async function usageReport(
  ctx: AppContext,
  scope: Scope,
  body: UsageReportBody,
  filter: UsageReportFilter,
  measure: ReportMeasure,
  lang: Lang,
): Promise<AreaUsage[]> {
  const { source } = await usageSourceOf(ctx.database, scope, body);
  const [groups, cells, names] = await Promise.all([
    ctx.caches.usageSums.sum(ctx.db, scope, source, filter, false),
    ctx.caches.usageSums.sum(ctx.db, scope, source, filter, true),
    ctx.caches.devices.names.names(ctx.db),
  ]);
  const totals = wantsTotals(body);
  const groupName = await groupNames(
    ctx,
    scope,
    filter,
    groups.map((g) => g.groupId),
    lang,
  );
  const byGroup = new Map<number, CategoryUsage[]>();
  for (const cell of cells) {
    const code = cell.category ?? '';
    const list = byGroup.get(cell.groupId) ?? [];
    list.push({
      categoryId: code,
      categoryName: categoryName(filter, names, code, lang),
      ...figures(cell, measure, totals),
    });
    byGroup.set(cell.groupId, list);
  }
  return groups
    .sort((a, b) => a.groupId - b.groupId)
    .map((g) => ({
      areaId: g.groupId,
      areaName: groupName.get(g.groupId) ?? String(g.groupId),
      categoryList: (byGroup.get(g.groupId) ?? []).sort((a, b) => a.categoryId.localeCompare(b.categoryId)),
      ...figures(g, measure, totals),
    }));
}

/** `area/report(/num)`: per region. */
export function areaReport(
  ctx: AppContext,
  scope: Scope,
  body: UsageReportBody,
  measure: ReportMeasure,
  lang: Lang,
) {
  return usageReport(ctx, scope, body, { level: 'area', deviceClass: body.deviceClass }, measure, lang);
}

/** `city/report(/num)`: per city, for the listed cities and the cities of the listed provinces. */
export function cityReport(
  ctx: AppContext,
  scope: Scope,
  body: CityUsageReportBody,
  measure: ReportMeasure,
  lang: Lang,
) {
  return usageReport(
    ctx,
    scope,
    body,
    {
      level: 'city',
      deviceClass: body.deviceClass,
      cityIds: body.cityLevelList,
      provinceIds: body.provinceLevelList,
    },
    measure,
    lang,
  );
}

/** `stash/report(/num)`: per store, one large category broken down by small class. */
export function storeReport(
  ctx: AppContext,
  scope: Scope,
  body: StoreUsageReportBody,
  measure: ReportMeasure,
  lang: Lang,
) {
  return usageReport(
    ctx,
    scope,
    body,
    {
      level: 'store',
      deviceClass: body.deviceClass,
      shopIds: body.shopIds,
      deviceCategory: body.deviceCategory,
    },
    measure,
    lang,
  );
}
