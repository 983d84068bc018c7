/** The device-category cascader's options, built from the category tree (large → small categories). */
import { classFitsProductType, classProductTypeOf, type DictionaryItem } from '@storefleet/contracts';

export interface CategoryOption {
  value: string;
  label: string;
  children?: CategoryOption[];
}

/** A dictionary item's name in the console's language (English falls back to the Chinese name). */
export function dictionaryName(item: Pick<DictionaryItem, 'name' | 'nameEn'>, english: boolean): string {
  return english && item.nameEn ? item.nameEn : item.name;
}

/**
 * Retired items (status 0) are left out: no new device or filter should pick them. With `productType`
 * (the device form), only classes of that product type (or of none) are offered, and a category
 * left without classes is left out.
 */
export function categoryOptions(
  tree: readonly DictionaryItem[],
  english: boolean,
  productType?: number,
): CategoryOption[] {
  return tree
    .filter((large) => large.status !== 0)
    .flatMap((large) => {
      const active = large.childLevel.filter((small) => small.status !== 0);
      const fitting =
        productType === undefined
          ? active
          : active.filter((small) => classFitsProductType(classProductTypeOf(small.attribute1), productType));
      if (active.length > 0 && fitting.length === 0) return [];
      const children = fitting.map((small) => ({ value: small.code, label: dictionaryName(small, english) }));
      return [
        {
          value: large.code,
          label: dictionaryName(large, english),
          ...(children.length > 0 ? { children } : {}),
        },
      ];
    });
}

/**
 * The product type class `deviceClass` belongs to when it is not `productId` (the device form's
 * check, as the server's); null when the class fits or is unknown here.
 */
export function classProductMismatch(
  tree: readonly DictionaryItem[],
  deviceClass: string | undefined,
  productId: number | undefined,
): number | null {
  if (!deviceClass || productId === undefined) return null;
  for (const large of tree) {
    const item = large.childLevel.find((small) => small.code === deviceClass);
    if (!item) continue;
    const classProductType = classProductTypeOf(item.attribute1);
    return classFitsProductType(classProductType, productId) ? null : classProductType;
  }
  return null;
}

/** The cascader value of a category pair: [large] or [large, small]; empty without a large category. */
export function categoryPath(deviceCategory?: string | null, deviceClass?: string | null): string[] {
  if (!deviceCategory) return [];
  return deviceClass ? [deviceCategory, deviceClass] : [deviceCategory];
}
