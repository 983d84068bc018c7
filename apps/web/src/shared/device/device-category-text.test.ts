import { describe, expect, it } from 'vitest';

import { deviceCategoryText } from './device-category-text';

const printer = {
  categoryName: '打印设备',
  categoryNameEn: 'Printing device',
  className: '标签打印机',
  classNameEn: 'Label printer',
};

describe('a device category as text', () => {
  it('reads the large and small category in English in the English console', () => {
    expect(deviceCategoryText(printer, true)).toBe('Printing device / Label printer');
  });

  it('reads the Chinese names in the Chinese console', () => {
    expect(deviceCategoryText(printer, false)).toBe('打印设备 / 标签打印机');
  });

  it('falls back to the Chinese name where no English one is given, and to "-" without a category', () => {
    expect(
      deviceCategoryText({ ...printer, categoryNameEn: null, className: null, classNameEn: null }, true),
    ).toBe('打印设备');
    expect(
      deviceCategoryText(
        { categoryName: null, categoryNameEn: null, className: null, classNameEn: null },
        true,
      ),
    ).toBe('-');
  });
});
