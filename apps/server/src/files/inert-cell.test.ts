import { describe, expect, it } from 'vitest';

import { inertCell } from './inert-cell';

describe('inertCell', () => {
  it('escapes a text a spreadsheet would read as a formula', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(inertCell(text)).toBe(`'${text}`);
  });

  it('leaves any other text as it is', () => {
    for (const text of ['POS 1', '', 'a=b', " '=x"]) expect(inertCell(text)).toBe(text);
  });
});
