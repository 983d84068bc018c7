/** The reply envelope of spec §8, built in one place. */
import { type Envelope, SUCCESS_CODE } from '@storefleet/contracts';

export function success<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, data, message: 'success', ok: true };
}

export function failure(code: string, message: string, data: unknown = null): Envelope<unknown> {
  return { code, data, message, ok: false };
}
