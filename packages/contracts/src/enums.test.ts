import { describe, expect, it } from 'vitest';

import { ProductType, UserType, userTypeName, userTypeNumber } from './enums';

describe('user types', () => {
  it('converts every number to its name and back', () => {
    for (const n of [0, 1, 2, 3] as const) expect(userTypeNumber(userTypeName(n))).toBe(n);
    expect(userTypeName(2)).toBe('AGENT_CUSTOMER_ADMIN_USER');
    expect(UserType.labelOf(3, 'en')).toBe('Common customer user');
  });
});

describe('product types', () => {
  it('labels known types in both languages and falls back to the value for unknown ones', () => {
    expect(ProductType.labelOf(1, 'zh')).toBe('AI盒子');
    expect(ProductType.labelOf(13, 'en')).toBe('Mobile stocktake tablet');
    expect(ProductType.has(12)).toBe(false);
  });
});
