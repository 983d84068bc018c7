/**
 * The sign-in throttle's decision, pure: given the recent failures of an (account, client address)
 * pair and of the address, may this attempt go on to the password check? Nothing here refuses an
 * account as a whole, so guesses from one address never keep the owner out at another.
 */
import type { Label } from '@storefleet/contracts';

import type { SignInThrottleConfig } from '../../config';

export const THROTTLE_WINDOW_MS = 3600_000;

/** Failures of one key inside the window. */
export interface FailureWindow {
  count: number;
  /** The oldest failure still inside the window: a budget lifts when it ages out. */
  oldest: number | null;
  /** The latest failure: a pair's delay runs from it. */
  latest: number | null;
}

export interface Refusal {
  retryAfterSeconds: number;
  message: Label;
}

/**
 * How long a pair with `failures` failures must wait after its latest one: nothing for the first
 * `freeFailuresPerPair`, then the first delay, doubling with each further failure up to the cap.
 */
export function pairDelaySeconds(failures: number, limits: SignInThrottleConfig): number {
  const beyond = failures - limits.freeFailuresPerPair;
  if (beyond < 0) return 0;
  // 2^30 s is far past any cap; the bound keeps the power finite.
  return Math.min(limits.maxDelaySeconds, limits.firstDelaySeconds * 2 ** Math.min(beyond, 30));
}

/** The refusal for this attempt, or null when it may be checked. */
export function throttleDecision(
  pair: FailureWindow,
  address: FailureWindow,
  limits: SignInThrottleConfig,
  now: number,
): Refusal | null {
  if (address.count >= limits.perAddressPerHour) {
    const seconds = secondsUntil((address.oldest ?? now) + THROTTLE_WINDOW_MS, now);
    const wait = inWords(seconds);
    return {
      retryAfterSeconds: seconds,
      message: {
        zh: `此网络地址的登录失败次数过多，请 ${wait.zh}后再试`,
        en: `Too many failed sign-ins from your network address; try again in ${wait.en}`,
      },
    };
  }
  const delay = pairDelaySeconds(pair.count, limits);
  if (delay > 0 && pair.latest !== null) {
    const until = pair.latest + delay * 1000;
    if (until > now) {
      const wait = inWords(secondsUntil(until, now));
      return {
        retryAfterSeconds: secondsUntil(until, now),
        message: {
          zh: `该账号从此网络地址登录失败次数过多，请 ${wait.zh}后再试`,
          en: `Too many failed sign-ins to this account from your network address; try again in ${wait.en}`,
        },
      };
    }
  }
  return null;
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

function inWords(seconds: number): Label {
  if (seconds < 60) return { zh: `${seconds} 秒`, en: seconds === 1 ? '1 second' : `${seconds} seconds` };
  const minutes = Math.ceil(seconds / 60);
  return { zh: `${minutes} 分钟`, en: minutes === 1 ? '1 minute' : `${minutes} minutes` };
}
