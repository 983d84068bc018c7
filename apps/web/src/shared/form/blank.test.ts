import { describe, expect, it } from 'vitest';

import { isBlank } from './blank';

describe('the required rule’s idea of an empty field', () => {
  it('counts nothing, blank text and an empty list as empty', () => {
    for (const value of [undefined, null, '', '   ', '\t\n', []]) expect(isBlank(value)).toBe(true);
  });

  it('accepts numbers (0 included), switches (false included), picks and text', () => {
    for (const value of [0, 42, false, true, 'x', ' a ', [1], ['a', 'b'], { id: 1 }])
      expect(isBlank(value)).toBe(false);
  });
});
