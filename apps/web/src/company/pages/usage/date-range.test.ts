import { describe, expect, it } from 'vitest';

import { lastDays, parseRange, rangeDays, rangeUnit } from './date-range';

describe('the §9 date-range helper', () => {
  it('reads 7 days or fewer as a week', () => {
    expect(rangeUnit(['2026-11-01', '2026-11-01'])).toBe('week');
    expect(rangeUnit(['2026-11-01', '2026-11-07'])).toBe('week');
  });
  it('reads 8 to 300 days as a month', () => {
    expect(rangeUnit(['2026-11-01', '2026-11-08'])).toBe('month');
    expect(rangeDays(['2026-01-01', '2026-10-27'])).toBe(300);
    expect(rangeUnit(['2026-01-01', '2026-10-27'])).toBe('month');
  });
  it('reads over 300 days as a year', () => {
    expect(rangeUnit(['2026-01-01', '2026-10-28'])).toBe('year');
  });
  it('counts across a month end and a leap day', () => {
    expect(rangeDays(['2028-02-28', '2028-03-01'])).toBe(3);
  });
});

describe('ranges from the URL and by default', () => {
  it('ends the default week today', () => {
    expect(lastDays(new Date(2026, 10, 3))).toEqual(['2026-10-28', '2026-11-03']);
  });
  it('drops a missing, malformed or reversed range', () => {
    expect(parseRange('2026-11-01', undefined)).toBeNull();
    expect(parseRange('2026-11-1', '2026-11-02')).toBeNull();
    expect(parseRange('2026-11-03', '2026-11-02')).toBeNull();
    expect(parseRange('2026-11-01', '2026-11-02')).toEqual(['2026-11-01', '2026-11-02']);
  });
});
