import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime, parseDateTime } from './time';

describe('date-time text', () => {
  it('formats instants as YYYY-MM-DD HH:mm:ss and YYYY-MM-DD in server time', () => {
    const instant = new Date(2026, 0, 5, 7, 8, 9).getTime();
    expect(formatDateTime(instant)).toBe('2026-01-05 07:08:09');
    expect(formatDate(instant)).toBe('2026-01-05');
    expect(formatDateTime(null)).toBeNull();
  });

  it('reads back what it writes, and a bare date as midnight', () => {
    const instant = new Date(2026, 10, 22, 23, 59, 58).getTime();
    expect(parseDateTime(formatDateTime(instant))).toBe(instant);
    expect(parseDateTime('2026-11-22')).toBe(new Date(2026, 10, 22).getTime());
  });

  it('refuses days that do not exist and other formats', () => {
    expect(parseDateTime('2026-02-30 10:00:00')).toBeNull();
    expect(parseDateTime('2026-01-01 24:00:00')).toBeNull();
    expect(parseDateTime('2026/01/01')).toBeNull();
    expect(parseDateTime('2026-01-01T10:00:00Z')).toBeNull();
  });
});
