/**
 * Who manages whom. Platform users manage platform users and customer admins of every company; a
 * customer or agent admin manages its company's customer admins and common users; a common user
 * (given the user buttons by its role) manages common users only, and only those holding no more
 * than it does. Agent admins themselves are managed by platform users.
 */
import type { UserTypeNumber } from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import { forbidden } from '../../http/errors';
import type { UserAudience } from './users.repository';

/** The users a caller may see and change. */
export function audienceOf(caller: Caller, scope: Scope): UserAudience {
  switch (caller.userType) {
    case 0:
      return { companyId: null, userTypes: [0, 1, 2] };
    case 1:
    case 2:
      return { companyId: scope.companyId, userTypes: [1, 3] };
    case 3:
      return { companyId: scope.companyId, userTypes: [3] };
  }
}

/** The user types a caller may create. */
export function creatableTypes(caller: Caller): readonly UserTypeNumber[] {
  switch (caller.userType) {
    case 0:
      return [0, 1, 2];
    case 1:
    case 2:
      return [1, 3];
    case 3:
      return [3];
  }
}

/** The type a new user gets when the body names none. */
export function defaultType(caller: Caller): UserTypeNumber {
  return caller.userType === 0 ? 0 : 3;
}

/** 403 unless the caller may create users of `userType`. */
export function assertCreatable(caller: Caller, userType: UserTypeNumber): void {
  if (!creatableTypes(caller).includes(userType)) {
    throw forbidden(`You cannot create users of type ${userType}`);
  }
}

/**
 * The company a new or changed user belongs to. Company callers always act in their own company: a
 * different companyId in the body is refused. Platform callers name it for customer admins and
 * must leave it out for platform users.
 */
export function targetCompany(
  scope: Scope,
  userType: UserTypeNumber,
  bodyCompanyId: number | null | undefined,
): number | null {
  if (scope.companyId !== null) {
    if (bodyCompanyId !== undefined && bodyCompanyId !== null && bodyCompanyId !== scope.companyId) {
      throw forbidden('You can only manage users of your own company');
    }
    return scope.companyId;
  }
  if (userType === 0) {
    if (bodyCompanyId !== undefined && bodyCompanyId !== null) {
      throw forbidden('Platform users belong to no company; leave companyId out');
    }
    return null;
  }
  return bodyCompanyId ?? null;
}
