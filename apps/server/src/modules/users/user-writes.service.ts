/**
 * Creating, changing, disabling and enabling users. Every write keeps to "a caller never grants more
 * than it holds": the user types it may create, its own company, roles of that company (and, for a
 * common user, roles and areas inside its own codes and scope). Protected columns (id, createBy,
 * version, tokenVersion …) are not in the body schemas and are set here only.
 */
import {
  PLATFORM_CODES,
  type UserCreateBody,
  UserType,
  type UserTypeNumber,
  type UserUpdateBody,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import { type Codes, codesFor } from '../../auth/codes';
import { assertPasswordAllowed } from '../../auth/password-policy';
import type { AppContext } from '../../context';
import { readIdList, writeList } from '../../db/json';
import { stamps, updateStamps } from '../../db/stamps';
import { conflict, forbidden, invalid, notFound } from '../../http/errors';
import { assertScopeGrantable, codesBeyond, withinCaller } from '../roles/grant';
import { findRole } from '../roles/roles.repository';
import { grantOf } from '../roles/roles.service';
import { companyExists } from '../stores/companies.repository';
import { agentCompanies, assertHomeCompany } from './agent-companies';
import { assertCreatable, defaultType, targetCompany } from './user-audience';
import {
  accountNameTaken,
  firstPlatformUserId,
  insertUser,
  replaceUserCompanies,
  type UserRecord,
  updateUser,
} from './users.repository';
import { managedUser } from './users.service';

/** Creates a user; returns its id. */
export async function createUser(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: UserCreateBody,
): Promise<{ id: number }> {
  const userType = body.userType ?? defaultType(caller);
  assertCreatable(caller, userType);
  if (isTenantAdmin(userType)) assertTenantAdminGrantor(caller);
  const companies = await agentCompanies(ctx, scope, userType, body.companyIds, true);
  const companyId = targetCompany(scope, userType, body.companyId) ?? companies?.[0] ?? null;
  if (companies) assertHomeCompany(companyId, companies);
  if (userType !== UserType.PLATFORM_USER) {
    if (companyId === null)
      throw invalid('companyId', { zh: '公司用户必填', en: 'is required for company users' });
    if (!(await companyExists(ctx.db, companyId))) throw notFound({ zh: '公司', en: 'company' });
  }
  await assertRoleGrantable(ctx, caller, scope, userType, companyId, body.roleId);
  const own = await ownScope(ctx, scope, userType, companyId, body);
  if (await accountNameTaken(ctx.db, body.userName))
    throw invalid('userName', { zh: '已被占用', en: 'is already taken' });
  assertPasswordAllowed('password', body.password, body.userName);
  const now = Date.now();
  const passwordHash = await ctx.auth.passwords.hash(body.password);
  const row = {
    company_id: companyId,
    user_type: userType,
    account_name: body.userName,
    name: body.name,
    password_hash: passwordHash,
    password_changed_at: now,
    status: body.status,
    role_id: body.roleId,
    ...details(body),
    area_ids: writeList(own.areaIds),
    store_ids: writeList(own.storeIds),
    ...stamps(caller.userName, now),
  };
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, row);
    if (companies) await replaceUserCompanies(trx, created, companies);
    return created;
  });
  return { id };
}

/** Changes a user the caller manages; a new password or a status other than ACTIVE ends its sessions. */
export async function changeUser(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: UserUpdateBody,
): Promise<{ id: number }> {
  const row = await managedUser(ctx, caller, scope, body.id);
  await assertManageable(ctx, caller, scope, row);
  const userType = row.user_type as UserTypeNumber;
  if (body.userType !== undefined && body.userType !== userType)
    throw forbidden({ zh: 'userType 不能修改', en: 'userType cannot be changed' });
  if (scope.companyId !== null) targetCompany(scope, userType, body.companyId);
  else if (body.companyId !== undefined && body.companyId !== row.company_id) {
    throw forbidden({ zh: 'companyId 不能修改', en: 'companyId cannot be changed' });
  }
  const self = row.id === caller.userId;
  if (self && body.status !== 'ACTIVE') {
    throw conflict({ zh: '不能停用自己的账号', en: 'You cannot deactivate your own account' });
  }
  const companies = await agentCompanies(ctx, scope, userType, body.companyIds, false);
  if (companies) assertHomeCompany(row.company_id, companies);
  if (self) assertOwnGrantUnchanged(row, body);
  else await assertRoleGrantable(ctx, caller, scope, userType, row.company_id, body.roleId);
  const own = self
    ? { areaIds: readIdList(row.area_ids), storeIds: readIdList(row.store_ids) }
    : await ownScope(ctx, scope, userType, row.company_id, body);
  if (await accountNameTaken(ctx.db, body.userName, row.id))
    throw invalid('userName', { zh: '已被占用', en: 'is already taken' });
  if (body.password) assertPasswordAllowed('password', body.password, body.userName);
  const now = Date.now();
  const passwordHash = body.password ? await ctx.auth.passwords.hash(body.password) : undefined;
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(
      trx,
      row.id,
      {
        account_name: body.userName,
        name: body.name,
        status: body.status,
        role_id: body.roleId,
        ...details(body),
        area_ids: writeList(own.areaIds),
        store_ids: writeList(own.storeIds),
        ...(passwordHash ? { password_hash: passwordHash, password_changed_at: now } : {}),
        ...updateStamps(caller.userName, now),
      },
      body.password !== undefined || body.status !== 'ACTIVE',
    );
    if (companies) await replaceUserCompanies(trx, row.id, companies);
  });
  // Its open streams re-check their session: ended, or narrowed by a new role or scope.
  ctx.auth.sessionEvents.changed(row.id);
  return { id: row.id };
}

/** Disables a user (status INACTIVE) and ends its sessions at once. */
export async function disableUser(ctx: AppContext, caller: Caller, scope: Scope, id: number): Promise<void> {
  const row = await managedUser(ctx, caller, scope, id);
  await assertManageable(ctx, caller, scope, row);
  if (row.id === caller.userId)
    throw conflict({ zh: '不能禁用自己的账号', en: 'You cannot disable your own account' });
  await updateUser(
    ctx.db,
    row.id,
    { status: 'INACTIVE', ...updateStamps(caller.userName, Date.now()) },
    true,
  );
  ctx.auth.sessionEvents.changed(row.id);
}

/** Enables a user (status ACTIVE); it signs in again with its password. */
export async function enableUser(ctx: AppContext, caller: Caller, scope: Scope, id: number): Promise<void> {
  const row = await managedUser(ctx, caller, scope, id);
  await assertManageable(ctx, caller, scope, row);
  await updateUser(ctx.db, row.id, { status: 'ACTIVE', ...updateStamps(caller.userName, Date.now()) }, false);
}

/** Customer and agent admins hold every company code without a role: a full tenant admin. */
function isTenantAdmin(userType: number): boolean {
  return userType === UserType.CUSTOMER_ADMIN_USER || userType === UserType.AGENT_CUSTOMER_ADMIN_USER;
}

/**
 * 403 unless a platform caller holds every admin code (the first platform user, or a role with the
 * whole admin set): a platform user narrowed by its role must not mint or take over a tenant admin.
 */
function assertTenantAdminGrantor(caller: Caller): void {
  if (caller.userType !== UserType.PLATFORM_USER) return;
  const missing = codesBeyond(caller, [...PLATFORM_CODES.authorities, ...PLATFORM_CODES.buttonAuthorities]);
  if (missing.length > 0) {
    throw forbidden({
      zh: '只有拥有全部管理权限的平台用户才能创建或修改客户管理员和代理管理员',
      en: 'Only a platform user holding every admin permission can create or change customer and agent admins',
    });
  }
}

/** A user editing itself keeps its role, areas and stores: nobody widens its own permissions. */
function assertOwnGrantUnchanged(row: UserRecord, body: UserUpdateBody): void {
  if ((body.roleId ?? null) !== row.role_id) {
    throw forbidden({
      zh: '不能修改自己的角色，请联系其他管理员',
      en: 'You cannot change your own role; ask another administrator',
    });
  }
  const same = (given: string[] | undefined, held: number[]) =>
    given === undefined || sameIds(given.map(Number), held);
  if (!same(body.areaCodes, readIdList(row.area_ids)) || !same(body.storeIds, readIdList(row.store_ids))) {
    throw forbidden({
      zh: '不能修改自己的区域或门店，请联系其他管理员',
      en: 'You cannot change your own areas or stores; ask another administrator',
    });
  }
}

/** A role's menu and button codes. */
function roleCodes(role: Parameters<typeof grantOf>[0]): Codes {
  const grant = grantOf(role);
  return { authorities: [...grant.authorities], buttonAuthorities: [...grant.buttonAuthorities] };
}

function sameIds(a: number[], b: number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/**
 * 403 unless the caller may act on `row`: the first platform user only by itself; tenant admins only
 * by a platform user holding every admin code (or their company's admins); a platform user only by
 * callers holding every code it holds; a common user only by callers holding its role and scope.
 */
async function assertManageable(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  row: UserRecord,
): Promise<void> {
  if (row.id === caller.userId) return;
  if (row.user_type === UserType.PLATFORM_USER) {
    if (row.id === (await firstPlatformUserId(ctx.db))) {
      throw forbidden({
        zh: '第一个平台用户只能由其本人修改',
        en: 'The first platform user can only be changed by itself',
      });
    }
    const role = row.role_id === null ? undefined : await findRole(ctx.db, row.role_id);
    // A platform user without a role holds every admin code.
    const held = codesFor(UserType.PLATFORM_USER, role ? roleCodes(role) : null);
    if (codesBeyond(caller, [...held.authorities, ...held.buttonAuthorities]).length > 0) {
      throw forbidden({
        zh: '该用户的权限超出您的权限，请联系管理员',
        en: 'This user holds more than you do; ask an administrator',
      });
    }
    return;
  }
  if (isTenantAdmin(row.user_type)) assertTenantAdminGrantor(caller);
  if (caller.userType !== UserType.CUSTOMER_COMMON_USER || row.company_id === null) return;
  const role = row.role_id === null ? undefined : await findRole(ctx.db, row.role_id);
  const own = { areaIds: readIdList(row.area_ids), storeIds: readIdList(row.store_ids) };
  const roleOk =
    role !== undefined && (await withinCaller(ctx.db, caller, scope, row.company_id, grantOf(role)));
  const ownOk =
    own.areaIds.length + own.storeIds.length === 0 ||
    (await withinCaller(ctx.db, caller, scope, row.company_id, {
      authorities: [],
      buttonAuthorities: [],
      ...own,
    }));
  if (!roleOk || !ownOk)
    throw forbidden({
      zh: '该用户的权限超出您的权限，请联系管理员',
      en: 'This user holds more than you do; ask an administrator',
    });
}

/** 404 unless the role fits the user: an admin role for platform users, else a role of the user's company. */
async function assertRoleGrantable(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  userType: UserTypeNumber,
  companyId: number | null,
  roleId: number | null,
): Promise<void> {
  if (roleId === null) {
    // Tenant admins hold every company code without a role; everyone else needs one.
    if (isTenantAdmin(userType)) return;
    throw invalid('roleId', {
      zh: '平台用户和普通用户必填',
      en: 'is required for platform users and common users',
    });
  }
  const role = await findRole(ctx.db, roleId);
  const fits =
    role !== undefined &&
    (userType === UserType.PLATFORM_USER
      ? role.app === 'admin' && role.company_id === null
      : role.app === 'company' && role.company_id === companyId);
  if (!role || !fits) throw notFound({ zh: '角色', en: 'role' });
  if (userType === UserType.PLATFORM_USER) {
    const granted = codesFor(UserType.PLATFORM_USER, roleCodes(role));
    const beyond = codesBeyond(caller, [...granted.authorities, ...granted.buttonAuthorities]);
    if (beyond.length > 0) {
      throw forbidden({
        zh: `角色“${role.name}”的权限超出您的权限（${beyond.join(', ')}），请选择您权限范围内的角色`,
        en: `The role "${role.name}" holds more than you do (${beyond.join(', ')}); choose a role within your own permissions`,
      });
    }
  } else if (caller.userType === UserType.CUSTOMER_COMMON_USER && companyId !== null) {
    if (!(await withinCaller(ctx.db, caller, scope, companyId, grantOf(role)))) {
      throw forbidden({
        zh: `角色“${role.name}”的权限超出您的权限，请选择您权限范围内的角色`,
        en: `The role "${role.name}" holds more than you do; choose a role within your own permissions`,
      });
    }
  }
}

/** The areas and stores narrowing a common user's role; admins and platform users keep none. */
async function ownScope(
  ctx: AppContext,
  scope: Scope,
  userType: UserTypeNumber,
  companyId: number | null,
  body: UserCreateBody | UserUpdateBody,
): Promise<{ areaIds: number[]; storeIds: number[] }> {
  if (userType !== UserType.CUSTOMER_COMMON_USER || companyId === null) return { areaIds: [], storeIds: [] };
  const own = {
    areaIds: [...new Set((body.areaCodes ?? []).map(Number))],
    storeIds: [...new Set((body.storeIds ?? []).map(Number))],
  };
  await assertScopeGrantable(ctx.db, scope, companyId, own);
  return own;
}

function details(body: UserCreateBody | UserUpdateBody) {
  return {
    description: body.description ?? null,
    cellphone: body.cellphone ?? null,
    email: body.email ?? null,
    country: body.country ?? null,
    department_id: body.departmentId ?? null,
  };
}

/** The user `id` if the caller may act on it: 404 outside its view, 403 when it holds more (two-step reset). */
export async function manageableUser(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  id: number,
): Promise<UserRecord> {
  const row = await managedUser(ctx, caller, scope, id);
  await assertManageable(ctx, caller, scope, row);
  return row;
}
