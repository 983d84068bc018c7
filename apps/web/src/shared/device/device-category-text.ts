/**
 * A device's category as text: "large / small" in the console's language (English names where the
 * dictionary has them), as the device list's Category column reads; '-' without either.
 */
import type { Device } from '@storefleet/contracts';

export type DeviceCategoryNames = Pick<
  Device,
  'categoryName' | 'categoryNameEn' | 'className' | 'classNameEn'
>;

export function deviceCategoryText(device: DeviceCategoryNames, english: boolean): string {
  const large = (english ? device.categoryNameEn : null) ?? device.categoryName;
  const small = (english ? device.classNameEn : null) ?? device.className;
  return [large, small].filter(Boolean).join(' / ') || '-';
}
