/**
 * An agent admin's companyMap (userType 2): the companies it works for, set by platform users only.
 * The user's own company (the one its role belongs to) is always one of them.
 */
import { UserType, type UserTypeNumber } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { findCompanyIds } from '../stores/companies.repository';

/**
 * The companyIds a body sets, checked: only platform callers name them, only for agent admins, at
 * least one (required on create), each an existing company (404 naming the others). Undefined
 * means "leave the companyMap as it is".
 */
export async function agentCompanies(
  ctx: Pick<AppContext, 'db'>,
  scope: Scope,
  userType: UserTypeNumber,
  companyIds: readonly number[] | undefined,
  required: boolean,
): Promise<number[] | undefined> {
  const named = companyIds !== undefined && companyIds.length > 0;
  if (scope.companyId !== null) {
    if (named)
      throw forbidden({ zh: '只有平台用户可以设置 companyIds', en: 'Only platform users set companyIds' });
    return undefined;
  }
  if (userType !== UserType.AGENT_CUSTOMER_ADMIN_USER) {
    if (named)
      throw invalid('companyIds', {
        zh: '只适用于代理管理员（userType 2）',
        en: 'is only for agent admins (userType 2)',
      });
    return undefined;
  }
  if (companyIds === undefined && !required) return undefined;
  const ids = [...new Set(companyIds ?? [])];
  if (ids.length === 0)
    throw invalid('companyIds', {
      zh: '代理管理员至少需要一个公司',
      en: 'needs at least one company for an agent admin',
    });
  const found = new Set(await findCompanyIds(ctx.db, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('NOT_FOUND', {
      zh: `公司不存在：${missing.join(', ')}`,
      en: `Companies not found: ${missing.join(', ')}`,
    });
  return ids;
}

/** 400 unless the agent admin's own company is among its companies. */
export function assertHomeCompany(companyId: number | null, companies: readonly number[]): void {
  if (companyId !== null && !companies.includes(companyId)) {
    throw invalid('companyIds', {
      zh: `必须包含该用户自己的公司 ${companyId}`,
      en: `must include the user's own company ${companyId}`,
    });
  }
}
