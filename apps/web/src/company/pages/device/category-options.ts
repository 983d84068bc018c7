/** The device-category cascader's options, built from the category tree (large → small categories). */
import type { DictionaryItem } from '@storefleet/contracts';

export interface CategoryOption {
  value: string;
  label: string;
  children?: CategoryOption[];
}

/** A dictionary item's name in the console's language (English falls back to the Chinese name). */
export function dictionaryName(item: Pick<DictionaryItem, 'name' | 'nameEn'>, english: boolean): string {
  return english && item.nameEn ? item.nameEn : item.name;
}

/** Retired items (status 0) are left out: no new device or filter should pick them. */
export function categoryOptions(tree: readonly DictionaryItem[], english: boolean): CategoryOption[] {
  return tree
    .filter((large) => large.status !== 0)
    .map((large) => {
      const children = large.childLevel
        .filter((small) => small.status !== 0)
        .map((small) => ({ value: small.code, label: dictionaryName(small, english) }));
      return {
        value: large.code,
        label: dictionaryName(large, english),
        ...(children.length > 0 ? { children } : {}),
      };
    });
}

/** The cascader value of a category pair: [large] or [large, small]; empty without a large category. */
export function categoryPath(deviceCategory?: string | null, deviceClass?: string | null): string[] {
  if (!deviceCategory) return [];
  return deviceClass ? [deviceCategory, deviceClass] : [deviceCategory];
}
