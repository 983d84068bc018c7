/** Which permission codes each user type holds (spec §6 leaves this to us; see docs/decisions/server-core.md). */
import {
  COMPANY_CODES,
  type PermissionRule,
  PLATFORM_CODES,
  UserType,
  type UserTypeNumber,
} from '@storefleet/contracts';

export interface Codes {
  authorities: string[];
  buttonAuthorities: string[];
}

/**
 * Platform users hold the admin application's codes — narrowed to their admin role's when they have
 * one; the first platform user (created from ADMIN_USERNAME, no role) holds them all. Customer admins
 * and agent admins hold every company code; a common user holds what its role grants, never beyond
 * the company codes.
 */
export function codesFor(userType: UserTypeNumber, role: Codes | null): Codes {
  switch (userType) {
    case UserType.PLATFORM_USER:
      return role ? within(role, PLATFORM_CODES) : copy(PLATFORM_CODES);
    case UserType.CUSTOMER_ADMIN_USER:
    case UserType.AGENT_CUSTOMER_ADMIN_USER:
      return copy(COMPANY_CODES);
    case UserType.CUSTOMER_COMMON_USER:
      return role ? within(role, COMPANY_CODES) : { authorities: [], buttonAuthorities: [] };
  }
}

/** The role's codes that the application's full set contains. */
function within(role: Codes, all: Codes): Codes {
  const menu = new Set(all.authorities);
  const buttons = new Set(all.buttonAuthorities);
  return {
    authorities: unique(role.authorities.filter((c) => menu.has(c))),
    buttonAuthorities: unique(role.buttonAuthorities.filter((c) => buttons.has(c))),
  };
}

export type { PermissionRule };

/** Whether codes satisfy a route's rule: a list needs all its codes, `{ any }` needs one of them. */
export function allows(codes: Codes, rule: Exclude<PermissionRule, 'public' | 'authenticated'>): boolean {
  const held = new Set([...codes.authorities, ...codes.buttonAuthorities]);
  if ('any' in rule) return rule.any.some((c) => held.has(c));
  return rule.every((c) => held.has(c));
}

function copy(codes: Codes): Codes {
  return { authorities: [...codes.authorities], buttonAuthorities: [...codes.buttonAuthorities] };
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
