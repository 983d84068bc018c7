// The live stream's hand-written event checks accept and refuse exactly what the contracts' zod schemas
// do, so dropping zod from the start-up path changed no page's behaviour.
import { AlertLiveEvent, DeviceStatusEvent } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { ALERT_LIVE_CHANGES, readAlertLiveEvent, readDeviceStatusEvent } from './live-event-guards';

const status = { deviceId: 7, shopId: 3, onlineStatus: 0, at: '2026-11-24 06:00:00' };
const alert = { change: 'opened', recordId: 12, deviceId: 7, shopId: 3, at: '2026-11-24 06:00:00' };

/** Each value replaces one field (or the whole object) of a valid event. */
const oddValues: unknown[] = [
  undefined,
  null,
  '7',
  '',
  true,
  [],
  {},
  1.5,
  -1,
  0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  'opened',
  'muted',
  'OPENED',
  '<img src=x onerror=alert(1)>',
];

function variants(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = [valid, { ...valid, extra: 'x' }, null, 'text', 3, [valid], Object.create(null)];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...without } = valid;
    out.push(without);
    for (const value of oddValues) out.push({ ...valid, [key]: value });
  }
  return out;
}

describe('device status events without zod', () => {
  it('accept and refuse what the contract schema does, keeping only its fields', () => {
    for (const data of variants(status)) {
      const parsed = DeviceStatusEvent.safeParse(data);
      expect(readDeviceStatusEvent(data), JSON.stringify(data)).toEqual(parsed.success ? parsed.data : null);
    }
    expect(readDeviceStatusEvent({ ...status, extra: 'x' })).not.toHaveProperty('extra');
  });
});

describe('alert events without zod', () => {
  it('name the changes the contract names', () => {
    expect([...ALERT_LIVE_CHANGES].sort()).toEqual([...AlertLiveEvent.shape.change.options].sort());
  });

  it('accept and refuse what the contract schema does, keeping only its fields', () => {
    const all = variants(alert);
    for (const change of ALERT_LIVE_CHANGES) all.push({ ...alert, change });
    for (const data of all) {
      const parsed = AlertLiveEvent.safeParse(data);
      expect(readAlertLiveEvent(data), JSON.stringify(data)).toEqual(parsed.success ? parsed.data : null);
    }
    expect(readAlertLiveEvent({ ...alert, change: 'closed' })?.change).toBe('closed');
    expect(readAlertLiveEvent({ ...alert, change: 'muted' })).toBeNull();
  });
});
