/**
 * Sign-in throttling: at most N failed sign-ins per account name and M per client address in any
 * hour (config.signInThrottle). Past a limit every attempt is refused with 429 until failures age out,
 * whatever the password. Checks and writes are not one transaction: a burst of parallel attempts can
 * overshoot a limit by the burst size, which is harmless at these limits.
 */
import type { Kysely } from 'kysely';

import type { SignInThrottleConfig } from '../../config';
import type { DB } from '../../db/database';
import { AppError } from '../../http/errors';
import { clearFailures, failuresSince, recordFailure } from './throttle.repository';

const WINDOW_MS = 3600_000;

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(accountName: string, clientAddress: string): ThrottleKeys {
  return { account: `account:${accountName}`, address: `address:${clientAddress}` };
}

/** Throws 429 TOO_MANY_ATTEMPTS (with Retry-After) when either key has used up its failures. */
export async function refuseWhenThrottled(
  db: Kysely<DB>,
  limits: SignInThrottleConfig,
  keys: ThrottleKeys,
  now: number,
): Promise<void> {
  const since = now - WINDOW_MS;
  const checks: Array<[string, number]> = [
    [keys.account, limits.perAccountPerHour],
    [keys.address, limits.perAddressPerHour],
  ];
  for (const [key, limit] of checks) {
    const window = await failuresSince(db, key, since);
    if (window.count >= limit) {
      const retryAfter = Math.max(1, Math.ceil(((window.oldest ?? now) + WINDOW_MS - now) / 1000));
      const minutes = Math.ceil(retryAfter / 60);
      throw new AppError(
        'TOO_MANY_ATTEMPTS',
        {
          zh: `登录失败次数过多，请 ${minutes} 分钟后再试`,
          en: `Too many failed sign-ins; try again in ${minutes} minutes`,
        },
        null,
        { 'retry-after': String(retryAfter) },
      );
    }
  }
}

/** Counts one failed attempt against both keys. */
export async function noteFailure(db: Kysely<DB>, keys: ThrottleKeys, now: number): Promise<void> {
  await recordFailure(db, [keys.account, keys.address], now, now - WINDOW_MS);
}

/** A successful sign-in clears the account's failures (the address keeps its count). */
export async function noteSuccess(db: Kysely<DB>, keys: ThrottleKeys): Promise<void> {
  await clearFailures(db, keys.account);
}
