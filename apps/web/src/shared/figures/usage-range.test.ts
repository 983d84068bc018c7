import { describe, expect, it } from 'vitest';

import { lastDays } from './usage-range';

describe('the usage trend range', () => {
  it('ends yesterday and spans the asked number of whole days, across a month end', () => {
    expect(lastDays(new Date(2026, 2, 3, 10, 30), 30)).toEqual({
      startTime: '2026-02-01',
      endTime: '2026-03-02',
    });
  });
});
