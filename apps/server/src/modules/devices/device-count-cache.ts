/**
 * Exact device counts without a `count(*)` per page: the list's total (and the status counts) per
 * scope and filter, kept in this process until a committed write could change them. A write to
 * `devices` (insert, delete, or an update of a column the filters, the scope or the counts read) or to
 * `stores` (insert, delete, a move between regions, a status change) moves the watch's version
 * (db/write-watch.ts, after commit); an entry computed under an older version is never served.
 * One per application (`ctx.caches.devices.counts`, made in app.ts on the database's write watches); at most
 * MAX_ENTRIES entries, oldest out first; concurrent misses of one count share one query
 * (db/shared-read.ts). Other processes' writes are not seen: docs/decisions/devices.md
 * "Count cache".
 */
import type { Scope } from '../../auth/caller';
import { SharedReads } from '../../db/shared-read';
import type { WriteWatch, WriteWatches } from '../../db/write-watch';

/** Every column a device filter, the scope predicate or the counts read (device-filter.repository). */
export const DEVICE_COUNT_COLUMNS = [
  'id',
  'company_id',
  'shop_id',
  'parent_device_id',
  'product_id',
  'device_name',
  'device_sn',
  'mac_address',
  'intranet_ip',
  'model',
  'asset_no',
  'online_status',
  'is_preinstallation',
  'monitored',
  'is_network_device',
  'device_category',
  'device_class',
  'property_type',
] as const;

/** Store columns the scope predicate and the store filters read. */
export const STORE_COUNT_COLUMNS = [
  'id',
  'company_id',
  'area_code',
  'area_level',
  'province_level',
  'city_level',
  'status',
] as const;

const MAX_ENTRIES = 2000;

interface Entry {
  version: number;
  value: unknown;
}

/** Exact device counts per (kind, scope, filter), valid until a watched write commits. */
export class DeviceCountCache {
  private readonly writes: WriteWatch;
  private readonly entries = new Map<string, Entry>();
  private readonly reads = new SharedReads<unknown>();

  constructor(watches: WriteWatches) {
    this.writes = watches.watch({ devices: DEVICE_COUNT_COLUMNS, stores: STORE_COUNT_COLUMNS });
  }

  /**
   * The count `kind` (e.g. 'total') of `scope` and `filter`: from the cache when no watched write has
   * committed since it was computed, else from `compute` (the version is read before computing, so a
   * write committing meanwhile makes the entry stale at once).
   */
  async get<T>(kind: string, scope: Scope, filter: object, compute: () => Promise<T>): Promise<T> {
    const key = `${kind}|${JSON.stringify(scope)}|${JSON.stringify(filter)}`;
    const version = this.writes.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value as T;
    return (await this.reads.run(key, version, async () => {
      const value = await compute();
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, { version, value });
      return value;
    })) as T;
  }
}
