/**
 * The monitor screen's drill-down (pure): which place a screen URL names, where each tile leads, and
 * the "up" link. Region → its provinces (region.html?areaLevel=), province → its cities
 * (province.html?provinceLevel=), city → its stores (city.html?cityLevel=), store → the store's dashboard.
 * Each screen has its own page, so the breadcrumb names what it shows; city.html?provinceLevel= (the
 * province screen's first address) still leads to the province screen (`provinceScreenOf`).
 */
import type { DashboardGrouping, DashboardOverviewQuery } from '@storefleet/contracts';

const SCREEN = '/monitor-screen';

function positiveId(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}

/** The overview query a screen URL's search part names (unknown or malformed values dropped). */
export function placeFromSearch(search: URLSearchParams): DashboardOverviewQuery {
  const query: DashboardOverviewQuery = {};
  for (const key of ['areaLevel', 'provinceLevel', 'cityLevel'] as const) {
    const id = positiveId(search.get(key));
    if (id !== undefined) query[key] = id;
  }
  return query;
}

/** Where a tile of a screen grouped by `grouping` leads; stores lead to their dashboard when allowed. */
export function tileLink(grouping: DashboardGrouping, id: number, mayOpenStores: boolean): string | null {
  switch (grouping) {
    case 'area':
      return `${SCREEN}/region.html?areaLevel=${id}`;
    case 'province':
      return `${SCREEN}/province.html?provinceLevel=${id}`;
    case 'city':
      return `${SCREEN}/city.html?cityLevel=${id}`;
    case 'store':
      return mayOpenStores ? `/stores/store/${id}.html` : null;
  }
}

/** The screen one level up from a screen grouped by `grouping` (null on the overview). */
export function upLink(grouping: DashboardGrouping, parentId: number | null): string | null {
  switch (grouping) {
    case 'area':
      return null;
    case 'province':
      return `${SCREEN}/index.html`;
    case 'city':
      return parentId === null ? `${SCREEN}/index.html` : `${SCREEN}/region.html?areaLevel=${parentId}`;
    case 'store':
      return parentId === null ? `${SCREEN}/index.html` : `${SCREEN}/province.html?provinceLevel=${parentId}`;
  }
}

/**
 * Where a city screen URL that names a province and no city belongs: the province screen with the same
 * search part (null when the URL names a city, or nothing).
 */
export function provinceScreenOf(search: URLSearchParams): string | null {
  const place = placeFromSearch(search);
  if (place.provinceLevel === undefined || place.cityLevel !== undefined) return null;
  return `${SCREEN}/province.html?${search.toString()}`;
}
