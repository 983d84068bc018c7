import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

import { fromRangeForm, outcomeOf, toRangeForm } from './operation-log-view';

describe('the operation-log page', () => {
  it('says how a call ended in words: success, refused or failed', () => {
    expect(outcomeOf(200)).toBe('success');
    expect(outcomeOf(401)).toBe('refused');
    expect(outcomeOf(403)).toBe('refused');
    expect(outcomeOf(429)).toBe('refused');
    expect(outcomeOf(400)).toBe('failed');
    expect(outcomeOf(409)).toBe('failed');
    expect(outcomeOf(500)).toBe('failed');
  });

  it('keeps the time range in the URL as two date-times and shows it back in the picker', () => {
    const filters = fromRangeForm({
      userName: 'admin',
      range: [dayjs('2026-11-01 08:00:00'), dayjs('2026-11-02 18:30:15')],
    });
    expect(filters).toEqual({
      userName: 'admin',
      startTime: '2026-11-01 08:00:00',
      endTime: '2026-11-02 18:30:15',
    });
    const form = toRangeForm(filters);
    expect(form.userName).toBe('admin');
    const [start, end] = form.range as [dayjs.Dayjs, dayjs.Dayjs];
    expect(start.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-01 08:00:00');
    expect(end.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-02 18:30:15');
  });

  it('leaves both ends out when no range is picked, and ignores unreadable URL text', () => {
    expect(fromRangeForm({ range: null })).toEqual({ startTime: undefined, endTime: undefined });
    expect(toRangeForm({ startTime: 'yesterday' }).range).toBeUndefined();
    expect(toRangeForm({}).range).toBeUndefined();
  });
});
