/**
 * The rules every new password meets beyond its length (the contracts' `NewPassword`, 8–128): it is
 * not one of the common passwords of @zxcvbn-ts/language-common (about 49,000, shipped in the package,
 * so it works offline) and does not contain the user name. One function, called wherever a password is
 * set: own change, user create and reset, the first admin and the demo password at start-up.
 */

import type { Label } from '@storefleet/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

import { invalid } from '../http/errors';

/** User names shorter than this are not looked for inside a password ("a" would refuse almost anything). */
const SHORTEST_NAME_CHECKED = 3;

let common: ReadonlySet<string> | undefined;

/** The common-password list, read into a Set the first time a password is checked. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/** How many passwords the list holds (for messages and tests). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/** Why `password` may not be used by `userName`, or null when it may. Case does not matter. */
export function passwordProblem(password: string, userName: string): Label | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower))
    return {
      zh: '是最常见的密码之一，容易被猜中，请换一个',
      en: 'is one of the most common passwords and easy to guess; choose another',
    };
  const name = userName.trim().toLowerCase();
  if (name.length >= SHORTEST_NAME_CHECKED && lower.includes(name))
    return { zh: '不能包含用户名', en: 'must not contain the user name' };
  return null;
}

/** Throws 400 on `field` with the reason when `password` breaks a rule for `userName`. */
export function assertPasswordAllowed(field: string, password: string, userName: string): void {
  const problem = passwordProblem(password, userName);
  if (problem) throw invalid(field, problem);
}
