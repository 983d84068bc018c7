/**
 * The two-step sign-in policy: per company (its customer and agent admins, and chosen roles of its
 * common users) and for the platform (platform users without a role, and chosen admin roles).
 */
import { type MfaPolicy, type MfaPolicyBody, UserType } from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import { agentCompanyIds, findSessionUser } from '../../auth/caller.repository';
import type { AppContext } from '../../context';
import { invalid } from '../../http/errors';
import { findRole } from '../roles/roles.repository';
import { findPolicies, savePolicy } from './mfa-policy.repository';

const NO_POLICY: MfaPolicy = { admins: false, roleIds: [] };

/** The policy the caller manages: its company's, or the platform's for a platform user. */
export async function getMfaPolicy(ctx: Pick<AppContext, 'db'>, scope: Scope): Promise<MfaPolicy> {
  const [policy] = await findPolicies(ctx.db, [scope.companyId]);
  return policy ?? NO_POLICY;
}

/** Saves the caller's policy; every role named must be one of its company's (or an admin role). */
export async function saveMfaPolicy(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  scope: Scope,
  body: MfaPolicyBody,
): Promise<MfaPolicy> {
  const roleIds = [...new Set(body.roleIds)];
  for (const id of roleIds) {
    const role = await findRole(ctx.db, id);
    const owned =
      role !== undefined &&
      role.company_id === scope.companyId &&
      role.app === (scope.companyId === null ? 'admin' : 'company');
    if (!owned) throw invalid('roleIds', { zh: `角色 ${id} 不存在`, en: `role ${id} does not exist here` });
  }
  const policy = { admins: body.admins, roleIds };
  await savePolicy(ctx.db, scope.companyId, policy, caller.userName, Date.now());
  return policy;
}

/** Whether a policy makes two-step sign-in mandatory for the user. */
export async function isMfaRequired(ctx: Pick<AppContext, 'db'>, userId: number): Promise<boolean> {
  const user = await findSessionUser(ctx.db, userId);
  if (!user) return false;
  switch (user.userType) {
    case UserType.PLATFORM_USER: {
      const [platform] = await findPolicies(ctx.db, [null]);
      if (!platform) return false;
      // A platform user without a role holds every admin code: an admin.
      return user.roleId === null ? platform.admins : platform.roleIds.includes(user.roleId);
    }
    case UserType.CUSTOMER_ADMIN_USER:
    case UserType.AGENT_CUSTOMER_ADMIN_USER: {
      // An agent admin must when any company it works for says so.
      const companies =
        user.userType === UserType.AGENT_CUSTOMER_ADMIN_USER ? await agentCompanyIds(ctx.db, user.id) : [];
      if (user.companyId !== null) companies.push(user.companyId);
      const policies = await findPolicies(ctx.db, companies);
      return policies.some((policy) => policy.admins);
    }
    case UserType.CUSTOMER_COMMON_USER: {
      if (user.companyId === null || user.roleId === null) return false;
      const [policy] = await findPolicies(ctx.db, [user.companyId]);
      return policy?.roleIds.includes(user.roleId) ?? false;
    }
    default:
      return false;
  }
}
