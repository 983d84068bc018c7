import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatMacKey, macKey } from './mac-key';

const octets = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 6 });
const hex = (o: number[], upper: boolean) =>
  o.map((b) => b.toString(16).padStart(2, '0')).map((h) => (upper ? h.toUpperCase() : h));

describe('MAC keys', () => {
  it('reduce every common notation of the same address to the same 12 hex digits', () => {
    fc.assert(
      fc.property(octets, fc.boolean(), (o, upper) => {
        const parts = hex(o, upper);
        const expected = hex(o, false).join('');
        const bare = parts.join('');
        const notations = [
          parts.join(':'),
          parts.join('-'),
          `${bare.slice(0, 4)}.${bare.slice(4, 8)}.${bare.slice(8)}`,
          bare,
          `  ${parts.join(':')} `,
        ];
        for (const text of notations) expect(macKey(text)).toBe(expected);
        expect(macKey(formatMacKey(expected))).toBe(expected);
      }),
    );
  });

  it('refuse mixed separators, wrong lengths and non-hex text', () => {
    for (const text of [
      'aa:bb-cc:dd:ee:ff',
      'aa:bb:cc:dd:ee',
      'aa:bb:cc:dd:ee:ff:00',
      'gg:bb:cc:dd:ee:ff',
      'aabbccddeef',
      'aabb.ccdd.eeff.0011',
      '',
      'not a mac',
    ]) {
      expect(macKey(text), text).toBeNull();
    }
    expect(macKey(null)).toBeNull();
  });

  it('never accept a text whose digits differ from the key', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const key = macKey(text);
        if (key !== null) {
          expect(key).toMatch(/^[0-9a-f]{12}$/);
          expect(text.replace(/[^0-9A-Fa-f]/g, '').toLowerCase()).toBe(key);
        }
      }),
    );
  });
});
