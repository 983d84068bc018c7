/**
 * The pure half of the header's global search: who sees the box, the option values of its grouped
 * results, and the page a chosen result opens.
 */
import { type GlobalSearchResult, MODULE, PAGE } from '@storefleet/contracts';

/** Codes of the pages a result opens: the live store page or the store list, the device details. */
const STORE_PAGES = { live: [MODULE.dynamicMonitor], overview: [MODULE.store, PAGE.storeOverview] } as const;
const DEVICE_PAGES = [MODULE.device] as const;

const holdsAll = (held: ReadonlySet<string>, codes: readonly string[]) => codes.every((c) => held.has(c));

/** The box shows when a result could be opened: a store page or the device pages. */
export function showsSearch(authorities: ReadonlySet<string>): boolean {
  return (
    holdsAll(authorities, STORE_PAGES.live) ||
    holdsAll(authorities, STORE_PAGES.overview) ||
    holdsAll(authorities, DEVICE_PAGES)
  );
}

/** The option value of a result: `store:<id>` or `device:<deviceId>`. */
export const storeOption = (id: number) => `store:${id}`;
export const deviceOption = (id: number) => `device:${id}`;

/**
 * Where a chosen option leads: a store to its live page (or, without the live monitor, the store list
 * filtered to its number), a device to its details. Null for a value that is not among the results.
 */
export function targetOf(
  value: string,
  result: GlobalSearchResult | undefined,
  authorities: ReadonlySet<string>,
): string | null {
  const [kind, idText] = value.split(':');
  const id = Number(idText);
  if (kind === 'device' && result?.devices.some((d) => d.deviceId === id)) {
    return `/device/details.html?deviceId=${id}`;
  }
  const store = kind === 'store' ? result?.stores.find((s) => s.id === id) : undefined;
  if (!store) return null;
  if (holdsAll(authorities, STORE_PAGES.live)) return `/dynamic-monitor/store/${store.id}.html`;
  if (holdsAll(authorities, STORE_PAGES.overview))
    return `/stores/index.html?storeNo=${encodeURIComponent(store.storeNo)}`;
  return null;
}
