/**
 * The usage reports' sums (usage-city-sums.repository.ts `sumUsageByCity` for regions and cities over
 * stored days, device-usage.repository.ts `sumUsage` over the rows otherwise), per (scope, days, report filter,
 * by category or not), kept in this process until a committed write could change them: any write to
 * `device_usage_days` (the daily job, the demo seed, a test) or a write to `stores` that moves a store
 * to another company, region, province or city (the scope and the report groups read those columns of
 * the row's store) — db/write-watch.ts, after commit. Stored days do not change between two runs of
 * the job, so a report that the dashboard, the monitor screen and the usage page ask for again and
 * again is summed once per change instead of over its whole range each time (bench/usage-reports.ts:
 * 3,000,000 rows take seconds to sum). A read whose range reaches today (today's rows are computed
 * from the transitions in the statement) is never kept. Concurrent misses of one key share one read.
 * Bounded by entries (MAX_ENTRIES, oldest out first). Other processes' writes are not seen, as for the
 * device list's caches (docs/decisions/devices.md "Count cache").
 */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { SharedReads } from '../../db/shared-read';
import type { WriteWatch, WriteWatches } from '../../db/write-watch';
import {
  sumUsage,
  type UsageReportFilter,
  type UsageSource,
  type UsageSums,
} from './device-usage.repository';
import { canSumByCity, sumUsageByCity } from './usage-city-sums.repository';

const MAX_ENTRIES = 500;

interface Entry {
  version: number;
  sums: UsageSums[];
}

/** One per application (`ctx.caches.usageSums`, made in app.ts beside the device caches). */
export class UsageSumsCache {
  private readonly writes: WriteWatch;
  private readonly entries = new Map<string, Entry>();
  private readonly reads = new SharedReads<UsageSums[]>();

  constructor(watches: WriteWatches) {
    this.writes = watches.watch({
      device_usage_days: null,
      usage_city_days: null,
      stores: ['id', 'company_id', 'area_level', 'province_level', 'city_level'],
    });
  }

  /** `sumUsage(db, scope, source, filter, byCategory)`, kept when nothing it reads was written since. */
  sum(
    db: Kysely<DB>,
    scope: Scope,
    source: UsageSource,
    filter: UsageReportFilter,
    byCategory: boolean,
  ): Promise<UsageSums[]> {
    // Regions and cities over stored days: the per-city sums; stores, listed-store scopes and today: the rows.
    const read = () =>
      !source.today && canSumByCity(scope, filter)
        ? sumUsageByCity(db, scope, source, filter, byCategory)
        : sumUsage(db, scope, source, filter, byCategory);
    if (source.today) return read();
    return this.get(JSON.stringify([scope, source.start, source.end, filter, byCategory]), read);
  }

  private async get(key: string, read: () => Promise<UsageSums[]>): Promise<UsageSums[]> {
    const version = this.writes.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.sums;
    return this.reads.run(key, version, async () => {
      const sums = await read();
      this.entries.delete(key);
      while (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (oldest.done) break;
        this.entries.delete(oldest.value);
      }
      this.entries.set(key, { version, sums });
      return sums;
    });
  }
}
