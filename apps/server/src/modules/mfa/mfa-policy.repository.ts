/** Who must use two-step sign-in (`mfa_policies`): one row per company and one for the platform. */
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { readIdList, writeList } from '../../db/json';
import { updateStamps } from '../../db/stamps';

/** A company's policy, or the platform's (`companyId` null). */
export interface PolicyRow {
  admins: boolean;
  roleIds: number[];
}

function scopeKey(companyId: number | null): string {
  return companyId === null ? 'platform' : `company:${companyId}`;
}

/** The policy of each of `companyIds` (null: the platform) that has one saved. */
export async function findPolicies(
  db: Kysely<DB>,
  companyIds: readonly (number | null)[],
): Promise<PolicyRow[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .selectFrom('mfa_policies')
    .select(['admins', 'role_ids'])
    .where('scope_key', 'in', companyIds.map(scopeKey))
    .execute();
  return rows.map((row) => ({ admins: Number(row.admins) === 1, roleIds: readIdList(row.role_ids) }));
}

/** Saves the policy of a company (null: the platform). */
export async function savePolicy(
  db: Kysely<DB>,
  companyId: number | null,
  policy: PolicyRow,
  by: string,
  at: number,
): Promise<void> {
  const values = {
    admins: policy.admins ? 1 : 0,
    role_ids: writeList(policy.roleIds),
    ...updateStamps(by, at),
  };
  await db
    .insertInto('mfa_policies')
    .values({ scope_key: scopeKey(companyId), company_id: companyId, ...values })
    .onConflict((oc) => oc.column('scope_key').doUpdateSet(values))
    .execute();
}
