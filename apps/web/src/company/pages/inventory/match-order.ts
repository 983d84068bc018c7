/** The bind dialog's order of MAC matches (pure): monitored devices first, then free before bound, then by name. */
import { type InventoryMatchRow, MonitoredFlag } from '@storefleet/contracts';

export function orderMatches(rows: readonly InventoryMatchRow[]): InventoryMatchRow[] {
  const rank = (row: InventoryMatchRow) =>
    (row.monitored === MonitoredFlag.MONITORED ? 0 : 2) + (row.boundInventoryId === null ? 0 : 1);
  return [...rows].sort(
    (a, b) => rank(a) - rank(b) || a.deviceName.localeCompare(b.deviceName) || a.deviceId - b.deviceId,
  );
}
