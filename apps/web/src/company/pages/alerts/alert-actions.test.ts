// Who sees which action on the alert overview: acknowledge needs `alert:ack`, close `alert:close` (and an
// open record), details everyone who sees the list — filtered the way RowActions filters (hasCodes).
import { type AlertRecord, BUTTON, MODULE, PAGE } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { hasCodes } from '@/shared/permissions/check';
import { alertRowActions } from './alert-actions';

const record = (status: number) => ({ id: 5, status }) as AlertRecord;
const noop = { detail: () => {}, acknowledge: () => {}, close: async () => {} };
const t = (key: string) => key;
const PAGE_CODES = [MODULE.alert, PAGE.alertStore];

/** The action keys a user holding `codes` sees on `row`. */
function shown(codes: string[], row: AlertRecord): string[] {
  const held = new Set(codes);
  return alertRowActions(row, t, noop)
    .filter((a) => !a.hidden && hasCodes(held, a.codes ?? []))
    .map((a) => a.key);
}

describe('alert overview row actions', () => {
  it('show only details to a user holding the page without the action codes', () => {
    expect(shown(PAGE_CODES, record(0))).toEqual(['detail']);
  });

  it('show acknowledge to holders of alert:ack and close to holders of alert:close', () => {
    expect(shown([...PAGE_CODES, BUTTON.alertAck], record(0))).toEqual(['detail', 'ack']);
    expect(shown([...PAGE_CODES, BUTTON.alertClose], record(0))).toEqual(['detail', 'close']);
    expect(shown([...PAGE_CODES, BUTTON.alertAck, BUTTON.alertClose], record(0))).toEqual([
      'detail',
      'ack',
      'close',
    ]);
  });

  it('offer create task on open records to holders of task:add', () => {
    expect(shown([...PAGE_CODES, BUTTON.taskAdd], record(0))).toEqual(['detail', 'task']);
    expect(shown([...PAGE_CODES, BUTTON.taskAdd], record(1))).toEqual(['detail']);
  });

  it('offer no close on an ended record', () => {
    expect(shown([...PAGE_CODES, BUTTON.alertAck, BUTTON.alertClose], record(1))).toEqual(['detail', 'ack']);
  });
});
