/**
 * Which stores of the dynamic monitor are in trouble and in what order they are shown: most offline
 * devices first, then most open alerts, then by store number, so the store an operator must look at
 * is the first card. The figures come from `getStoreTrouble` (one call for every store in scope).
 * Pure, so the order is tested without a browser.
 */
import type { StoreTrouble as StoreTroubleRow } from '@storefleet/contracts';

export interface StoreTrouble {
  /** Monitored devices of the store that are offline. */
  offline: number;
  /** Open alerts on the store's monitored devices. */
  openAlerts: number;
}

export const NO_TROUBLE: StoreTrouble = { offline: 0, openAlerts: 0 };

/** Whether a store needs a look: any offline device or open alert. */
export function inTrouble(trouble: StoreTrouble): boolean {
  return trouble.offline > 0 || trouble.openAlerts > 0;
}

/** The stores' trouble by store id, from `getStoreTrouble` (stores it leaves out have none). */
export function troubleByStore(rows: readonly StoreTroubleRow[]): Map<number, StoreTrouble> {
  return new Map(rows.map((row) => [row.shopId, { offline: row.offlineNum, openAlerts: row.openAlertNum }]));
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
        b.trouble.openAlerts - a.trouble.openAlerts ||
        a.store.storeNo.localeCompare(b.store.storeNo) ||
        a.store.shopId - b.store.shopId,
    )
    .map((r) => r.store);
}
