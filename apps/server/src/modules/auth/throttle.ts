/**
 * Sign-in throttling by (account, client address) pair and by client address (config.signInThrottle;
 * the rules are in throttle-decision.ts). A refused attempt is answered 429 before any password
 * hashing and is not counted, so a flood of guesses costs the server one read each. Failures per
 * account are still counted, for a warning in the log only: they never refuse anyone. Checks and
 * writes are not one transaction: a burst of parallel attempts can overshoot by the burst size.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { SignInThrottleConfig } from '../../config';
import type { DB } from '../../db/database';
import { AppError } from '../../http/errors';
import { clearFailures, failuresSince, recordFailure } from './throttle.repository';
import { THROTTLE_WINDOW_MS, throttleDecision } from './throttle-decision';

export interface ThrottleKeys {
  /** One account from one address: the growing delay. */
  pair: string;
  /** One address across accounts: the hourly budget. */
  address: string;
  /** One account from anywhere: logged, never refused. */
  account: string;
}

export function throttleKeys(accountName: string, clientAddress: string): ThrottleKeys {
  return {
    pair: `pair:${clientAddress}|${accountName}`,
    address: `address:${clientAddress}`,
    account: `account:${accountName}`,
  };
}

/** Throws 429 TOO_MANY_ATTEMPTS (with Retry-After and when to try again) when the attempt must wait. */
export async function refuseWhenThrottled(
  db: Kysely<DB>,
  limits: SignInThrottleConfig,
  keys: ThrottleKeys,
  now: number,
): Promise<void> {
  const since = now - THROTTLE_WINDOW_MS;
  const windows = await failuresSince(db, [keys.pair, keys.address], since);
  const none = { count: 0, oldest: null, latest: null };
  const refusal = throttleDecision(
    windows.get(keys.pair) ?? none,
    windows.get(keys.address) ?? none,
    limits,
    now,
  );
  if (refusal)
    throw new AppError('TOO_MANY_ATTEMPTS', refusal.message, null, {
      'retry-after': String(refusal.retryAfterSeconds),
    });
}

/** Counts one failed attempt against the pair, the address and the account; warns once per hour and account. */
export async function noteFailure(
  db: Kysely<DB>,
  log: FastifyBaseLogger,
  limits: SignInThrottleConfig,
  keys: ThrottleKeys,
  now: number,
): Promise<void> {
  const since = now - THROTTLE_WINDOW_MS;
  await recordFailure(db, [keys.pair, keys.address, keys.account], now, since);
  const account = (await failuresSince(db, [keys.account], since)).get(keys.account);
  if (account?.count === limits.accountWarningPerHour) {
    log.warn(
      { account: keys.account.slice('account:'.length), failures: account.count },
      'many failed sign-ins for one account in the last hour (not refused: each address is throttled on its own)',
    );
  }
}

/** A successful sign-in clears the pair's failures (the address and the account keep their counts). */
export async function noteSuccess(db: Kysely<DB>, keys: ThrottleKeys): Promise<void> {
  await clearFailures(db, keys.pair);
}
