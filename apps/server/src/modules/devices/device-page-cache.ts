/**
 * The rows of recently read device-list pages, per (scope, filter, order, page number, page size),
 * kept in this process until a committed write could change any of them: a write to `devices` that
 * sets a column a reply shows, a filter reads or the order sorts on (problem_rank's inputs included),
 * or a write to `stores` that changes a store column a reply shows or the scope reads
 * (db/write-watch.ts, after commit). So a page that many operators keep open, or one a console
 * refreshes, is read from the database once per change, and never served stale.
 * Ingest's `last_seen_at` and the like move nothing; an online/offline transition empties it.
 * Bounded by rows held (MAX_ROWS, oldest pages out first); pages of more than MAX_PAGE_ROWS rows (the
 * 1000-row pickers) are not kept. Concurrent misses of one page share one read (db/shared-read.ts).
 * Other processes' writes are not seen: docs/decisions/devices.md.
 */
import type { Scope } from '../../auth/caller';
import { SharedReads } from '../../db/shared-read';
import type { WriteWatch, WriteWatches } from '../../db/write-watch';
import { DEVICE_COUNT_COLUMNS, STORE_COUNT_COLUMNS } from './device-count-cache';
import type { DeviceFilterInput } from './device-filter.repository';
import type { DeviceSort } from './device-list.repository';
import { type DeviceReplyRow, REPLY_COLUMNS, REPLY_STORE_COLUMNS } from './device-rows.repository';

/** `devices.x` → `x`, `stores.status as store_status` → `status`. */
const columnOf = (ref: string) => (ref.split(' as ')[0] ?? ref).split('.').pop() ?? ref;

/** What a page's rows depend on, besides the count's columns: reply columns and the default order's inputs. */
const DEVICE_PAGE_COLUMNS = [
  ...new Set([
    ...DEVICE_COUNT_COLUMNS,
    ...REPLY_COLUMNS.map(columnOf),
    'problem_rank',
    'open_alerts',
    'monitored',
    'state',
    'online_status',
  ]),
];
const STORE_PAGE_COLUMNS = [...new Set([...STORE_COUNT_COLUMNS, ...REPLY_STORE_COLUMNS.map(columnOf)])];

const MAX_ROWS = 20_000;
const MAX_PAGE_ROWS = 200;

/** Which page of which list. */
export interface DevicePageKey {
  scope: Scope;
  filter: DeviceFilterInput;
  sort: DeviceSort;
  pageNum: number;
  pageSize: number;
  /**
   * The total the page was read with (it picks the end a page is read from): a total counted before a
   * write that commits meanwhile must not make rows that are kept under the new version.
   */
  total: number;
}

interface Entry {
  version: number;
  rows: DeviceReplyRow[];
}

/** Recently read list pages, valid until a watched write commits. */
export class DevicePageCache {
  private readonly writes: WriteWatch;
  private readonly entries = new Map<string, Entry>();
  private readonly reads = new SharedReads<DeviceReplyRow[]>();
  private rowsHeld = 0;

  constructor(watches: WriteWatches) {
    this.writes = watches.watch({
      devices: DEVICE_PAGE_COLUMNS,
      stores: STORE_PAGE_COLUMNS,
      // usageRate: the daily usage job's rows (device-rows.repository.ts).
      device_usage_days: null,
    });
  }

  /**
   * The rows of page `key`: from the cache when no watched write has committed since they were read,
   * else from `read` (the version is read first, so a write committing meanwhile makes them stale).
   */
  async get(key: DevicePageKey, read: () => Promise<DeviceReplyRow[]>): Promise<DeviceReplyRow[]> {
    const text = JSON.stringify([key.scope, key.filter, key.sort, key.pageNum, key.pageSize, key.total]);
    const version = this.writes.version();
    const hit = this.entries.get(text);
    if (hit && hit.version === version) return hit.rows;
    return this.reads.run(text, version, async () => {
      const rows = await read();
      this.keep(text, version, rows);
      return rows;
    });
  }

  private keep(text: string, version: number, rows: DeviceReplyRow[]): void {
    this.forget(text);
    if (rows.length <= MAX_PAGE_ROWS) {
      while (this.rowsHeld + rows.length > MAX_ROWS) {
        const oldest = this.entries.keys().next();
        if (oldest.done) break;
        this.forget(oldest.value);
      }
      this.entries.set(text, { version, rows });
      this.rowsHeld += rows.length;
    }
  }

  private forget(text: string): void {
    const entry = this.entries.get(text);
    if (!entry) return;
    this.entries.delete(text);
    this.rowsHeld -= entry.rows.length;
  }
}
