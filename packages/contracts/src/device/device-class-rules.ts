/**
 * A device class and the product type it belongs to: the category dictionary names, for most
 * SUBCLASS_TYPE codes, the product type (PRODUCT_TYPE value, item attribute1) the class is a kind of
 * (`receipt-printer` → 5 printer). A device of another product type may not take that class; a class
 * without a product type (cameras) fits any. Server and console check the same way.
 */

/** The product type a class item names in attribute1, or null when it names none. */
export function classProductTypeOf(attribute1: string | null | undefined): number | null {
  if (attribute1 === null || attribute1 === undefined || attribute1.trim() === '') return null;
  const value = Number(attribute1);
  return Number.isInteger(value) ? value : null;
}

/** Whether a device of `productId` may take a class whose product type is `classProductType`. */
export function classFitsProductType(
  classProductType: number | null | undefined,
  productId: number,
): boolean {
  return classProductType === null || classProductType === undefined || classProductType === productId;
}
