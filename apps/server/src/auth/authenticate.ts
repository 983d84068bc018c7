/**
 * Turns a request's bearer token into a Caller and its Scope. The user is re-read on every request,
 * so disabling a user or changing its password (both bump token_version) ends its sessions at once.
 */
import { type UserStatusValue, UserType, type UserTypeNumber } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import { AppError, forbidden, invalid, unauthenticated } from '../http/errors';
import type { Caller, Scope } from './caller';
import {
  agentCompanyIds,
  findRoleGrant,
  findSessionUser,
  isTokenRevoked,
  type SessionUser,
  storeIdsInBoth,
} from './caller.repository';
import { codesFor } from './codes';
import { useSession } from './idle-session';

import type { TokenSigner } from './tokens';

const NO_CODES = { authorities: [], buttonAuthorities: [] };

export interface Session {
  caller: Caller;
  scope: Scope;
}

export interface SessionRequest {
  /** The Authorization header. */
  authorization: string | undefined;
  /** The company an agent admin chooses to act in (COMPANY_HEADER). */
  companyHeader: string | undefined;
  /** SESSION_IDLE_MINUTES (config.sessionIdleMinutes): a session unused this long ends; 0 or absent = no limit. */
  idleMinutes?: number;
  /** A check that is not use of the session (an open live stream's re-check): it may end, never extend it. */
  passive?: boolean;
}

const ACTIVE: UserStatusValue = 'ACTIVE';
const SESSION_ENDED = { zh: '会话已结束，请重新登录', en: 'Your session has ended; please sign in again' };

/** The bearer token of an Authorization header, if any. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** Resolves the session of a request; 401 when there is none, 403 when the chosen company is not the caller's. */
export async function authenticate(
  db: Kysely<DB>,
  tokens: TokenSigner,
  request: SessionRequest,
): Promise<Session> {
  const token = bearerToken(request.authorization);
  if (!token) throw unauthenticated({ zh: '请先登录', en: 'Please sign in' });
  const claims = await tokens.verify(token);
  if (!claims) throw unauthenticated(SESSION_ENDED);
  if (await isTokenRevoked(db, claims.tokenId)) throw unauthenticated(SESSION_ENDED);
  const user = await findSessionUser(db, claims.userId);
  if (!user || user.status !== ACTIVE || user.tokenVersion !== claims.tokenVersion) {
    throw unauthenticated(SESSION_ENDED);
  }
  await useSession(db, claims, request.idleMinutes ?? 0, Date.now(), request.passive ?? false);
  const userType = user.userType as UserTypeNumber;
  const companyIds = await companiesOf(db, user, userType);
  const companyId =
    userType === UserType.PLATFORM_USER ? null : chooseCompany(companyIds, userType, request.companyHeader);
  const grant =
    user.roleId !== null &&
    (userType === UserType.PLATFORM_USER ||
      (userType === UserType.CUSTOMER_COMMON_USER && companyId !== null))
      ? await findRoleGrant(db, user.roleId, companyId)
      : undefined;
  // A platform user whose admin role is gone holds nothing, not everything.
  const platformRole =
    userType === UserType.PLATFORM_USER && user.roleId !== null ? (grant ?? NO_CODES) : null;
  const codes = codesFor(userType, userType === UserType.PLATFORM_USER ? platformRole : (grant ?? null));
  const caller: Caller = {
    userId: user.id,
    userName: user.accountName,
    name: user.name,
    userType,
    companyId,
    companyIds,
    ...codes,
    tokenId: claims.tokenId,
    tokenExpiresAt: claims.expiresAt,
  };
  return { caller, scope: await scopeOf(db, user, userType, companyId, grant) };
}

async function companiesOf(db: Kysely<DB>, user: SessionUser, userType: UserTypeNumber): Promise<number[]> {
  switch (userType) {
    case UserType.PLATFORM_USER:
      return [];
    case UserType.AGENT_CUSTOMER_ADMIN_USER: {
      const ids = await agentCompanyIds(db, user.id);
      if (ids.length > 0) return ids;
      return user.companyId === null ? [] : [user.companyId];
    }
    case UserType.CUSTOMER_ADMIN_USER:
    case UserType.CUSTOMER_COMMON_USER:
      return user.companyId === null ? [] : [user.companyId];
  }
}

function chooseCompany(companyIds: number[], userType: UserTypeNumber, header: string | undefined): number {
  const home = companyIds[0];
  if (home === undefined)
    throw forbidden({
      zh: '您的账号不属于任何公司，请联系管理员',
      en: 'Your account belongs to no company; ask your administrator',
    });
  // Only agent admins choose; other users always act in their own company.
  if (userType !== UserType.AGENT_CUSTOMER_ADMIN_USER || header === undefined || header === '') return home;
  const chosen = Number(header);
  if (!Number.isSafeInteger(chosen) || chosen <= 0)
    throw invalid('x-company-id', { zh: '必须是公司 ID', en: 'must be a company id' });
  if (!companyIds.includes(chosen))
    throw new AppError('FORBIDDEN', { zh: '您不属于该公司', en: 'You do not work for that company' });
  return chosen;
}

/**
 * A common user sees its role's areas and stores (a role naming none covers the whole company),
 * narrowed to the stores also inside the user's own areas and stores when it has any.
 */
async function scopeOf(
  db: Kysely<DB>,
  user: SessionUser,
  userType: UserTypeNumber,
  companyId: number | null,
  grant: { areaIds: number[]; storeIds: number[] } | undefined,
): Promise<Scope> {
  const whole: Scope = { companyId, storeIds: null, levelIds: null };
  if (userType !== UserType.CUSTOMER_COMMON_USER || companyId === null) return whole;
  const own = restriction(companyId, user.areaIds, user.storeIds);
  const role = (grant && restriction(companyId, grant.areaIds, grant.storeIds)) ?? whole;
  if (!own) return role;
  if (!role.storeIds && !role.levelIds) return own;
  return { companyId, storeIds: await storeIdsInBoth(db, role, own), levelIds: [] };
}

function restriction(companyId: number, levelIds: number[], storeIds: number[]): Scope | undefined {
  if (levelIds.length === 0 && storeIds.length === 0) return undefined;
  return { companyId, storeIds, levelIds };
}
