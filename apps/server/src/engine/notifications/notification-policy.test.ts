// The notifier's pure decisions: quiet times (mute window across midnight, opening hours), caps, repeats,
// retry backoff and template filling.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  afterFailure,
  capReason,
  fillTemplate,
  jsonStringEscape,
  MAX_ATTEMPTS,
  quietReason,
  repeatDue,
} from './notification-policy';

const open = { openingHours: { start: '08:00', end: '22:00' }, alertOutsideHours: true };

describe('quietReason', () => {
  it.each([
    ['23:30', 'mute_window'],
    ['02:00', 'mute_window'],
    ['06:59', 'mute_window'],
    ['07:00', null],
    ['22:59', null],
    ['12:00', null],
  ])('a mute window 23:00–07:00 across midnight at %s is %s', (hhmm, expected) => {
    expect(quietReason({ ...open, alertMute: { start: '23:00', end: '07:00' } }, hhmm)).toBe(expected);
  });

  it.each([
    ['07:59', 'outside_hours'],
    ['08:00', null],
    ['21:59', null],
    ['22:00', 'outside_hours'],
  ])('with alerts outside opening hours off, %s is %s', (hhmm, expected) => {
    expect(quietReason({ ...open, alertMute: null, alertOutsideHours: false }, hhmm)).toBe(expected);
  });

  it('never quiet without a mute window while alerts outside opening hours are on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const hhmm = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        return quietReason({ ...open, alertMute: null }, hhmm) === null;
      }),
    );
  });
});

describe('capReason', () => {
  const caps = { perRecipientPerHour: 3, perCompanyPerHour: 10 };
  it('lets messages through under both caps and names the cap that holds', () => {
    expect(capReason(caps, 2, 9)).toBeNull();
    expect(capReason(caps, 3, 0)).toBe('recipient_cap');
    expect(capReason(caps, 0, 10)).toBe('company_cap');
  });
});

describe('repeatDue', () => {
  it('is due once the interval has passed since the last notice, never with 0', () => {
    expect(repeatDue(30, 0, 29 * 60_000)).toBe(false);
    expect(repeatDue(30, 0, 30 * 60_000)).toBe(true);
    expect(repeatDue(0, 0, 10 * 3_600_000)).toBe(false);
    expect(repeatDue(30, null, 10 * 3_600_000)).toBe(false);
  });
});

describe('afterFailure', () => {
  it('retries after 1, 2, 4, 8 minutes and gives up at the last attempt', () => {
    const waits = [1, 2, 3, 4].map((n) => {
      const next = afterFailure(n, 0);
      return next.status === 'queued' ? next.nextAttemptAt / 60_000 : null;
    });
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(afterFailure(MAX_ATTEMPTS, 0)).toEqual({ status: 'failed' });
  });
});

describe('fillTemplate', () => {
  it('fills known fields, empties unknown ones and escapes values for JSON', () => {
    const body = fillTemplate(
      '{"to":"{{phone}}","t":"{{message}}","x":"{{nope}}"}',
      {
        phone: '13800000000',
        message: 'POS "1"\nnew line',
      },
      jsonStringEscape,
    );
    expect(JSON.parse(body)).toEqual({ to: '13800000000', t: 'POS "1"\nnew line', x: '' });
  });
});
