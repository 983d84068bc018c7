/**
 * The device module's in-process caches, one set per application (`ctx.caches.devices`, made in app.ts
 * on the database's write watches): exact totals and status counts, recently read list pages, and the
 * dictionary names replies show. Each is emptied by the committed writes it depends on
 * (db/write-watch.ts); none sees another process's writes (docs/decisions/devices.md).
 */
import type { WriteWatches } from '../../db/write-watch';
import { DeviceCountCache } from './device-count-cache';
import { DictionaryNameCache } from './device-dictionary-names';
import { DevicePageCache } from './device-page-cache';

export interface DeviceCaches {
  counts: DeviceCountCache;
  pages: DevicePageCache;
  names: DictionaryNameCache;
}

/** A fresh set of device caches over `watches` (one database handle's). */
export function createDeviceCaches(watches: WriteWatches): DeviceCaches {
  return {
    counts: new DeviceCountCache(watches),
    pages: new DevicePageCache(watches),
    names: new DictionaryNameCache(watches),
  };
}
