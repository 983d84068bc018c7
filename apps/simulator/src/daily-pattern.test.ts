import { describe, expect, it } from 'vitest';

import { busyness, localHourOf, parseOpeningHours } from './daily-pattern';

describe('daily pattern of a store', () => {
  it('is busiest at the lunch and evening rush, quieter mid-afternoon and near idle at night', () => {
    expect(busyness(12.5)).toBeGreaterThan(busyness(15.5));
    expect(busyness(18.5)).toBeGreaterThan(busyness(15.5));
    expect(busyness(15.5)).toBeGreaterThan(busyness(3) * 5);
    expect(busyness(3)).toBe(busyness(5));
    expect(busyness(7.5)).toBeGreaterThan(busyness(5)); // staff warm up before opening
  });

  it('follows the opening hours it is given', () => {
    const late = { open: 10, close: 23 };
    expect(busyness(9, late)).toBe(busyness(3, late));
    expect(busyness(22.5, late)).toBeGreaterThan(busyness(22.5));
  });

  it('reads local time with the store’s UTC offset', () => {
    expect(localHourOf(Date.UTC(2025, 0, 6, 4, 30), 480)).toBe(12.5);
    expect(localHourOf(Date.UTC(2025, 0, 6, 1, 0), -300)).toBe(20);
  });

  it('reads opening hours like 08:00-22:00 and refuses a store that closes before it opens', () => {
    expect(parseOpeningHours('08:30-21:00')).toEqual({ open: 8.5, close: 21 });
    expect(parseOpeningHours('9-22')).toEqual({ open: 9, close: 22 });
    expect(() => parseOpeningHours('22:00-08:00')).toThrow(/close after opening/);
    expect(() => parseOpeningHours('all day')).toThrow(/08:00-22:00/);
  });
});
