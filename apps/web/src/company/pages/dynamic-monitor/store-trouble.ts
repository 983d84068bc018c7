/**
 * Which stores of the dynamic monitor are in trouble and in what order they are shown: most offline
 * devices first, then most open alerts (when known), then by store number, so the store an operator
 * must look at is the first card. Pure, so the order is tested without a browser.
 */
import type { Device } from '@storefleet/contracts';

export interface StoreTrouble {
  /** Monitored devices of the store that are offline. */
  offline: number;
  /** Open alerts of the store; null while no call reports them per store. */
  openAlerts: number | null;
}

export const NO_TROUBLE: StoreTrouble = { offline: 0, openAlerts: null };

/** Whether a store needs a look: any offline device or open alert. */
export function inTrouble(trouble: StoreTrouble): boolean {
  return trouble.offline > 0 || (trouble.openAlerts ?? 0) > 0;
}

/** Offline monitored devices per store, from one page of the offline devices (listDevices rows). */
export function offlineByStore(rows: readonly Pick<Device, 'shopId'>[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const row of rows) out.set(row.shopId, (out.get(row.shopId) ?? 0) + 1);
  return out;
}

export interface TroubleStore {
  shopId: number;
  storeNo: string;
  storeName: string;
}

/**
 * The stores in trouble order (offline desc, open alerts desc, store number asc), optionally only those
 * in trouble. The input is not changed.
 */
export function sortByTrouble<S extends TroubleStore>(
  stores: readonly S[],
  troubleOf: (shopId: number) => StoreTrouble,
  problemsOnly = false,
): S[] {
  const ranked = stores.map((store) => ({ store, trouble: troubleOf(store.shopId) }));
  const shown = problemsOnly ? ranked.filter((r) => inTrouble(r.trouble)) : ranked;
  return shown
    .sort(
      (a, b) =>
        b.trouble.offline - a.trouble.offline ||
        (b.trouble.openAlerts ?? 0) - (a.trouble.openAlerts ?? 0) ||
        a.store.storeNo.localeCompare(b.store.storeNo) ||
        a.store.shopId - b.store.shopId,
    )
    .map((r) => r.store);
}
