/**
 * Checks for the live-updates stream's event data without zod (issue 9 item 12): the stream's hook runs
 * on every signed-in page (the header's open-alerts badge), and parsing two small objects with the
 * contracts' zod schemas put zod (≈ 24 KB gzipped) into every page's start-up. These checks accept
 * exactly what `DeviceStatusEvent` and `AlertLiveEvent` (contracts) accept and answer a fresh object
 * with the schema's fields only, as zod's parse does; `live-event-guards.test.ts` holds them to the
 * schemas. Event data is server output, but it is still checked before a page trusts it.
 */
import type { AlertLiveEvent, DeviceStatusEvent } from '@storefleet/contracts';

/** The changes an `alert` event names (contracts `AlertLiveEvent.change`). */
export const ALERT_LIVE_CHANGES = [
  'opened',
  'recovered',
  'closed',
  'acknowledged',
] as const satisfies readonly AlertLiveEvent['change'][];

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** zod's `z.number()`: a finite number. */
function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isChange(value: unknown): value is AlertLiveEvent['change'] {
  return typeof value === 'string' && (ALERT_LIVE_CHANGES as readonly string[]).includes(value);
}

/** The `data` of a `status` event, or null when it is not one. */
export function readDeviceStatusEvent(data: unknown): DeviceStatusEvent | null {
  if (!isObject(data)) return null;
  const { deviceId, shopId, onlineStatus, at } = data;
  if (!isNumber(deviceId) || !isNumber(shopId) || !isNumber(onlineStatus) || typeof at !== 'string')
    return null;
  return { deviceId, shopId, onlineStatus, at };
}

/** The `data` of an `alert` event, or null when it is not one. */
export function readAlertLiveEvent(data: unknown): AlertLiveEvent | null {
  if (!isObject(data)) return null;
  const { change, recordId, deviceId, shopId, at } = data;
  if (!isChange(change) || !isNumber(recordId) || !isNumber(deviceId) || !isNumber(shopId)) return null;
  if (typeof at !== 'string') return null;
  return { change, recordId, deviceId, shopId, at };
}
