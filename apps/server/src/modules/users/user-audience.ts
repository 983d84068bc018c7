/**
 * Who manages whom. Platform users manage platform users and customer admins of every company; a
 * customer or agent admin manages its company's customer admins and common users; a common user
 * (given the user buttons by its role) manages common users only, and only those holding no more
 * than it does. Agent admins themselves are managed by platform users.
 */
import { UserType, type UserTypeNumber } from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import { forbidden } from '../../http/errors';
import type { UserAudience } from './users.repository';

const PLATFORM_AUDIENCE: readonly UserTypeNumber[] = [
  UserType.PLATFORM_USER,
  UserType.CUSTOMER_ADMIN_USER,
  UserType.AGENT_CUSTOMER_ADMIN_USER,
];
const COMPANY_AUDIENCE: readonly UserTypeNumber[] = [
  UserType.CUSTOMER_ADMIN_USER,
  UserType.CUSTOMER_COMMON_USER,
];
const COMMON_AUDIENCE: readonly UserTypeNumber[] = [UserType.CUSTOMER_COMMON_USER];

/** The users a caller may see and change. */
export function audienceOf(caller: Caller, scope: Scope): UserAudience {
  switch (caller.userType) {
    case UserType.PLATFORM_USER:
      return { companyId: null, userTypes: PLATFORM_AUDIENCE };
    case UserType.CUSTOMER_ADMIN_USER:
    case UserType.AGENT_CUSTOMER_ADMIN_USER:
      return { companyId: scope.companyId, userTypes: COMPANY_AUDIENCE };
    case UserType.CUSTOMER_COMMON_USER:
      return { companyId: scope.companyId, userTypes: COMMON_AUDIENCE };
  }
}

/** The user types a caller may create. */
export function creatableTypes(caller: Caller): readonly UserTypeNumber[] {
  switch (caller.userType) {
    case UserType.PLATFORM_USER:
      return PLATFORM_AUDIENCE;
    case UserType.CUSTOMER_ADMIN_USER:
    case UserType.AGENT_CUSTOMER_ADMIN_USER:
      return COMPANY_AUDIENCE;
    case UserType.CUSTOMER_COMMON_USER:
      return COMMON_AUDIENCE;
  }
}

/** The type a new user gets when the body names none. */
export function defaultType(caller: Caller): UserTypeNumber {
  return caller.userType === UserType.PLATFORM_USER ? UserType.PLATFORM_USER : UserType.CUSTOMER_COMMON_USER;
}

/** 403 unless the caller may create users of `userType`. */
export function assertCreatable(caller: Caller, userType: UserTypeNumber): void {
  if (!creatableTypes(caller).includes(userType)) {
    throw forbidden({
      zh: `您不能创建类型为 ${userType} 的用户`,
      en: `You cannot create users of type ${userType}`,
    });
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
      throw forbidden({ zh: '只能管理本公司的用户', en: 'You can only manage users of your own company' });
    }
    return scope.companyId;
  }
  if (userType === UserType.PLATFORM_USER) {
    if (bodyCompanyId !== undefined && bodyCompanyId !== null) {
      throw forbidden({
        zh: '平台用户不属于任何公司，请不要填写 companyId',
        en: 'Platform users belong to no company; leave companyId out',
      });
    }
    return null;
  }
  return bodyCompanyId ?? null;
}
