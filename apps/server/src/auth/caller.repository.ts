/** The reads that turn a token into a caller, run on every authenticated request (all by primary key). */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import { readCodeList, readIdList } from '../db/json';
import { storeInScope } from '../db/scope';
import type { Scope } from './caller';

export interface SessionUser {
  id: number;
  accountName: string;
  name: string;
  userType: number;
  companyId: number | null;
  status: string;
  tokenVersion: number;
  roleId: number | null;
  areaIds: number[];
  storeIds: number[];
}

/** The user a token names, with what decides its session: status, token version, role, own scope. */
export async function findSessionUser(db: Kysely<DB>, userId: number): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('users')
    .select([
      'id',
      'account_name',
      'name',
      'user_type',
      'company_id',
      'status',
      'token_version',
      'role_id',
      'area_ids',
      'store_ids',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    accountName: row.account_name,
    name: row.name,
    userType: row.user_type,
    companyId: row.company_id,
    status: row.status,
    tokenVersion: row.token_version,
    roleId: row.role_id,
    areaIds: readIdList(row.area_ids),
    storeIds: readIdList(row.store_ids),
  };
}

/** Whether the token was signed out before its expiry. */
export async function isTokenRevoked(db: Kysely<DB>, tokenId: string): Promise<boolean> {
  const row = await db
    .selectFrom('revoked_tokens')
    .select('jti')
    .where('jti', '=', tokenId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The companies of an agent admin's companyMap, lowest id first. */
export async function agentCompanyIds(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_companies')
    .select('company_id')
    .where('user_id', '=', userId)
    .orderBy('company_id')
    .execute();
  return rows.map((r) => r.company_id);
}

export interface RoleGrant {
  authorities: string[];
  buttonAuthorities: string[];
  areaIds: number[];
  storeIds: number[];
}

/** What a company role grants; undefined when the role is missing or belongs to another company. */
export async function findRoleGrant(
  db: Kysely<DB>,
  roleId: number,
  companyId: number | null,
): Promise<RoleGrant | undefined> {
  // companyId null: a platform user's admin role, which belongs to no company.
  const row = await db
    .selectFrom('roles')
    .select(['authorities', 'button_authorities', 'area_ids', 'store_ids'])
    .where('id', '=', roleId)
    .where((eb) =>
      companyId === null
        ? eb.and([eb('company_id', 'is', null), eb('app', '=', 'admin')])
        : eb('company_id', '=', companyId),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    authorities: readCodeList(row.authorities),
    buttonAuthorities: readCodeList(row.button_authorities),
    areaIds: readIdList(row.area_ids),
    storeIds: readIdList(row.store_ids),
  };
}

/** Ids of the stores inside both scopes: how a user's own areas narrow its role's. */
export async function storeIdsInBoth(db: Kysely<DB>, a: Scope, b: Scope): Promise<number[]> {
  const rows = await db
    .selectFrom('stores')
    .select('id')
    .where((eb) => eb.and([storeInScope(eb, a), storeInScope(eb, b)]))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
