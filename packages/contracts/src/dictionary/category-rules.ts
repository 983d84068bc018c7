/**
 * Device category and class (spec §5): the category is a CATEGORY_TYPE code and the class a
 * SUBCLASS_TYPE code under that category. Devices and alert rules check the same way, on the server
 * and, where the dictionary is loaded, in the console's forms.
 */
import type { FieldProblem } from '../envelope';

/** The category dictionary as the check reads it; `ReadonlyMap`s of code → parent code fit. */
export interface CategoryLookups {
  /** CATEGORY_TYPE codes. */
  categories: { has(code: string): boolean };
  /** SUBCLASS_TYPE code → its category's code. */
  classes: { has(code: string): boolean; get(code: string): string | null | undefined };
}

/**
 * The problems of a category and class pair, named by field (deviceCategory, deviceClass); empty when
 * both are valid. A null class (an alert rule for every class of the category) is not checked.
 */
export function checkCategoryClass(
  lookups: CategoryLookups,
  category: string,
  deviceClass: string | null,
): FieldProblem[] {
  if (!lookups.categories.has(category)) {
    return [{ field: 'deviceCategory', message: 'must be a device category code (CATEGORY_TYPE)' }];
  }
  if (deviceClass === null) return [];
  if (!lookups.classes.has(deviceClass)) {
    return [{ field: 'deviceClass', message: 'must be a device class code (SUBCLASS_TYPE)' }];
  }
  if (lookups.classes.get(deviceClass) !== category) {
    return [{ field: 'deviceClass', message: `must be a class of category ${category}` }];
  }
  return [];
}
