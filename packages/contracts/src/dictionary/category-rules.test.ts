import { describe, expect, it } from 'vitest';

import { checkCategoryClass } from './category-rules';

// A small category dictionary: terminal ⊃ {pos, pc}, mobile ⊃ {pda}.
const lookups = {
  categories: new Set(['terminal', 'mobile']),
  classes: new Map<string, string | null>([
    ['pos', 'terminal'],
    ['pc', 'terminal'],
    ['pda', 'mobile'],
  ]),
};

describe('category and class', () => {
  it('accepts a class of its category, and no class at all (a rule for every class)', () => {
    expect(checkCategoryClass(lookups, 'terminal', 'pos')).toEqual([]);
    expect(checkCategoryClass(lookups, 'terminal', null)).toEqual([]);
  });

  it('names the category when it is not a category code, whatever the class', () => {
    const problem = [{ field: 'deviceCategory', message: 'must be a device category code (CATEGORY_TYPE)' }];
    expect(checkCategoryClass(lookups, 'pos', 'pos')).toEqual(problem);
    expect(checkCategoryClass(lookups, 'nope', null)).toEqual(problem);
  });

  it('names the class when it is unknown or belongs to another category', () => {
    expect(checkCategoryClass(lookups, 'terminal', 'terminal')).toEqual([
      { field: 'deviceClass', message: 'must be a device class code (SUBCLASS_TYPE)' },
    ]);
    expect(checkCategoryClass(lookups, 'terminal', 'pda')).toEqual([
      { field: 'deviceClass', message: 'must be a class of category terminal' },
    ]);
  });
});
