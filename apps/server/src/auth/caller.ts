/**
 * Who is calling, and which data they may see. Every authenticated route receives both, resolved
 * fresh from the database on each request (see ./authenticate.ts).
 */
import type { UserTypeNumber } from '@storefleet/contracts';

import { forbidden } from '../http/errors';

export interface Caller {
  userId: number;
  /** The account name used to sign in. */
  userName: string;
  /** The person's display name. */
  name: string;
  userType: UserTypeNumber;
  /** The company the caller acts in; null for platform users (type 0). */
  companyId: number | null;
  /** Every company the caller may act in: an agent admin's companyMap, else just companyId. */
  companyIds: number[];
  /** Menu (module and page) codes. */
  authorities: string[];
  buttonAuthorities: string[];
  /** The session's token id (JWT `jti`) and expiry, so sign-out can revoke exactly this token. */
  tokenId: string;
  tokenExpiresAt: number;
}

/**
 * The data a caller may see. `companyId` null means every company and is given to platform users
 * only. `storeIds` / `levelIds` null (both) means the whole company; otherwise a store is visible when
 * its id is in `storeIds` or its region, province or city level id is in `levelIds` (a null list then
 * counts as empty). Apply it in repositories with `storeInScope` from db/scope.ts.
 */
export interface Scope {
  companyId: number | null;
  storeIds: number[] | null;
  levelIds: number[] | null;
}

/** True when the scope limits stores within the company (a common user's role or own areas/stores). */
export function isRestricted(scope: Scope): boolean {
  return scope.storeIds !== null || scope.levelIds !== null;
}

/** The company a company-side call acts in; 403 for platform callers, who act in none. */
export function requireCompany(scope: Scope): number {
  if (scope.companyId === null)
    throw forbidden({
      zh: '此操作只能在公司内进行，请使用公司控制台',
      en: 'This call works inside a company; use the company console',
    });
  return scope.companyId;
}

/** Whether the scope lets the caller see data of `companyId` at all. */
export function coversCompany(scope: Scope, companyId: number): boolean {
  return scope.companyId === null || scope.companyId === companyId;
}
