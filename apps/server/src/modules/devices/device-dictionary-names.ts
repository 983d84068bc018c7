/**
 * The dictionary names a device reply shows (category, class, property type), held in this process
 * instead of three dictionary joins in every list statement: on PostgreSQL, planning those joins cost
 * more than running the page. Exact the same way as the count cache: the names are re-read after any
 * committed write to `dictionary_items` (db/write-watch.ts). One per application
 * (`ctx.caches.devices.names`).
 */
import { type Lang, nameIn } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import type { WriteWatch, WriteWatches } from '../../db/write-watch';
import { listItemNames } from '../dictionaries/dictionary.repository';

/** The dictionary types whose names device replies show. */
const CATEGORY = 'CATEGORY_TYPE';
const CLASS = 'SUBCLASS_TYPE';
const PROPERTY = 'PROPERTY_TYPE';

/** An item's names in both languages. */
export interface ItemName {
  name: string;
  nameEn: string | null;
}

/** An item's name as a reader of `lang` sees it (null for an unknown item). */
export function itemName(item: ItemName | undefined, lang: Lang): string | null {
  return item ? nameIn(lang, item.name, item.nameEn) : null;
}

/** Names by code, per type. */
export interface DeviceDictionaryNames {
  category(code: string | null): ItemName | undefined;
  deviceClass(code: string | null): ItemName | undefined;
  propertyType(code: string | null): ItemName | undefined;
}

/** A row's category, class and property type codes, each followed by its name in `lang`. */
export function dictionaryFields(
  row: { device_category: string | null; device_class: string | null; property_type: string | null },
  names: DeviceDictionaryNames,
  lang: Lang,
) {
  return {
    deviceCategory: row.device_category,
    categoryName: itemName(names.category(row.device_category), lang),
    deviceClass: row.device_class,
    className: itemName(names.deviceClass(row.device_class), lang),
    propertyType: row.property_type,
    propertyTypeName: itemName(names.propertyType(row.property_type), lang),
  };
}

function namesOf(rows: Awaited<ReturnType<typeof listItemNames>>): DeviceDictionaryNames {
  const byType = new Map<string, Map<string, ItemName>>();
  for (const row of rows) {
    let codes = byType.get(row.type);
    if (!codes) {
      codes = new Map();
      byType.set(row.type, codes);
    }
    codes.set(row.code, { name: row.name, nameEn: row.name_en });
  }
  const lookup = (type: string) => (code: string | null) =>
    code === null ? undefined : byType.get(type)?.get(code);
  return { category: lookup(CATEGORY), deviceClass: lookup(CLASS), propertyType: lookup(PROPERTY) };
}

/** The names, re-read once after every committed dictionary write. */
export class DictionaryNameCache {
  private readonly writes: WriteWatch;
  private current: { version: number; names: Promise<DeviceDictionaryNames> } | null = null;

  constructor(watches: WriteWatches) {
    this.writes = watches.watch({ dictionary_items: null });
  }

  /** The current names (one query after a dictionary write; concurrent callers share it). */
  names(db: Kysely<DB>): Promise<DeviceDictionaryNames> {
    const version = this.writes.version();
    if (this.current?.version === version) return this.current.names;
    const names = listItemNames(db, [CATEGORY, CLASS, PROPERTY]).then(namesOf);
    const entry = { version, names };
    this.current = entry;
    // A failed read is not kept: the next call tries again.
    names.catch(() => {
      if (this.current === entry) this.current = null;
    });
    return names;
  }
}
