/** Roles: who may see, create, change and delete them, and what a role may hold. */
import {
  ADMIN_PERMISSION_TREE,
  COMPANY_PERMISSION_TREE,
  type PagedResult,
  type PermissionNode,
  type Role,
  type RoleArea,
  type RoleCreateBody,
  type RoleListQuery,
  type RoleUpdateBody,
  toPagedResult,
} from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { readCodeList, readIdList, writeList } from '../../db/json';
import { stamps, updateStamps } from '../../db/stamps';
import { conflict, forbidden, notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { findCompanyLevels } from '../levels/levels.repository';
import { countRoleUsers, roleHolderIds } from '../users/users.repository';
import { assertCodesGrantable, assertScopeGrantable, type Grant, withinCaller } from './grant';
import {
  deleteUnheldRole,
  findRole,
  insertRole,
  listRoles,
  type RoleRow,
  updateRole,
} from './roles.repository';

/** One page of the roles the caller manages: its company's, or the admin roles for platform users. */
export async function listRolesFor(
  ctx: AppContext,
  scope: Scope,
  query: RoleListQuery,
): Promise<PagedResult<Role>> {
  // Platform users may look at one company's roles (to pick a customer admin's role); nobody else may.
  const companyId = scope.companyId ?? query.companyId ?? null;
  const { rows, total } = await listRoles(ctx.db, { companyId }, query, query);
  return toPagedResult(
    rows.map((r) => toRole(r, r.user_count)),
    total,
    query,
    'id asc',
  );
}

/** One role the caller can see; 404 otherwise. */
export async function getRole(ctx: AppContext, scope: Scope, id: number): Promise<Role> {
  const row = await visibleRole(ctx, scope, id);
  return toRole(row, await countRoleUsers(ctx.db, row.id));
}

/** The hierarchy levels a role names, highest level first. */
export async function roleAreas(ctx: AppContext, scope: Scope, id: number): Promise<RoleArea[]> {
  const row = await visibleRole(ctx, scope, id);
  if (row.company_id === null) return [];
  const levels = await findCompanyLevels(ctx.db, row.company_id, readIdList(row.area_ids));
  return levels.map((l) => ({ id: l.id, name: l.name, ename: l.ename, level: l.level, pid: l.pid }));
}

/** The permission tree the caller may grant: its application's tree cut down to the codes it holds. */
export function permissionTree(caller: Caller, scope: Scope): PermissionNode[] {
  const held = new Set([...caller.authorities, ...caller.buttonAuthorities]);
  return prune(scope.companyId === null ? ADMIN_PERMISSION_TREE : COMPANY_PERMISSION_TREE, held);
}

/** Creates a role in the caller's company (an admin role for platform users); returns its id. */
export async function createRole(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: RoleCreateBody,
): Promise<{ id: number }> {
  const grant = await checkGrant(ctx, caller, scope, body);
  const now = Date.now();
  const id = await insertRole(ctx.db, {
    company_id: scope.companyId,
    app: scope.companyId === null ? 'admin' : 'company',
    name: body.name,
    description: body.description ?? null,
    ...columnsOf(grant),
    ...stamps(caller.userName, now),
  });
  return { id };
}

/** Updates a role the caller manages and could have created itself. */
export async function changeRole(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: RoleUpdateBody,
): Promise<{ id: number }> {
  const row = await writableRole(ctx, caller, scope, body.id);
  const grant = await checkGrant(ctx, caller, scope, body);
  await updateRole(ctx.db, row.id, {
    name: body.name,
    description: body.description ?? null,
    ...columnsOf(grant),
    ...updateStamps(caller.userName, Date.now()),
  });
  // Its holders' open streams re-check their codes and scope now, not at the next heartbeat.
  for (const userId of await roleHolderIds(ctx.db, row.id)) ctx.auth.sessionEvents.changed(userId);
  return { id: row.id };
}

/** Deletes a role; 409 naming how many users hold it while any does. */
export async function removeRole(ctx: AppContext, caller: Caller, scope: Scope, id: number): Promise<void> {
  const row = await writableRole(ctx, caller, scope, id);
  if (await deleteUnheldRole(ctx.db, row.id)) return;
  const holders = await countRoleUsers(ctx.db, row.id);
  throw conflict({
    zh: `角色“${row.name}”仍被 ${holders} 个用户使用，请先为他们换一个角色再删除`,
    en: `The role "${row.name}" is held by ${holders} user${holders === 1 ? '' : 's'}; give them another role before deleting it`,
  });
}

/** The role if the caller's company (or, for platform users, the admin application or any company) owns it. */
export async function visibleRole(ctx: AppContext, scope: Scope, id: number): Promise<RoleRow> {
  const row = await findRole(ctx.db, id);
  if (!row) throw notFound({ zh: '角色', en: 'role' });
  if (scope.companyId !== null && row.company_id !== scope.companyId)
    throw notFound({ zh: '角色', en: 'role' });
  return row;
}

/** What a stored role grants. */
export function grantOf(row: RoleRow): Grant {
  return {
    authorities: readCodeList(row.authorities),
    buttonAuthorities: readCodeList(row.button_authorities),
    areaIds: readIdList(row.area_ids),
    storeIds: readIdList(row.store_ids),
  };
}

async function writableRole(ctx: AppContext, caller: Caller, scope: Scope, id: number): Promise<RoleRow> {
  const row = await visibleRole(ctx, scope, id);
  // Platform users write admin roles only; company roles belong to their companies.
  if (scope.companyId === null && row.app !== 'admin') throw notFound({ zh: '角色', en: 'role' });
  if (
    scope.companyId !== null &&
    !(await withinCaller(ctx.db, caller, scope, scope.companyId, grantOf(row)))
  ) {
    throw forbidden({
      zh: '该角色的权限超出您的权限，请联系管理员修改',
      en: 'This role holds more than you do; ask an administrator to change it',
    });
  }
  return row;
}

async function checkGrant(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: RoleCreateBody,
): Promise<Grant> {
  assertCodesGrantable(caller, body);
  const grant: Grant = {
    authorities: [...new Set(body.authorities)],
    buttonAuthorities: [...new Set(body.buttonAuthorities)],
    // Admin roles carry no data scope: platform users see every company.
    areaIds: scope.companyId === null ? [] : [...new Set(body.areaIds)],
    storeIds: scope.companyId === null ? [] : [...new Set(body.storeIds)],
  };
  if (scope.companyId !== null) {
    await assertScopeGrantable(ctx.db, scope, scope.companyId, grant);
    if (!(await withinCaller(ctx.db, caller, scope, scope.companyId, grant))) {
      throw forbidden({
        zh: '您创建的角色只能包含您数据范围内的区域或门店',
        en: 'A role you create must name areas or stores inside your own data scope',
      });
    }
  }
  return grant;
}

function columnsOf(grant: Grant) {
  return {
    authorities: writeList(grant.authorities),
    button_authorities: writeList(grant.buttonAuthorities),
    area_ids: writeList(grant.areaIds),
    store_ids: writeList(grant.storeIds),
  };
}

function toRole(row: RoleRow, userCount: number): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    app: row.app,
    companyId: row.company_id,
    authorities: readCodeList(row.authorities),
    buttonAuthorities: readCodeList(row.button_authorities),
    areaIds: readIdList(row.area_ids),
    storeIds: readIdList(row.store_ids),
    userCount,
    createBy: row.created_by,
    createDatetime: formatDateTime(row.created_at),
    updateBy: row.updated_by,
    updateDatetime: formatDateTime(row.updated_at),
  };
}

function prune(tree: readonly PermissionNode[], held: Set<string>): PermissionNode[] {
  return tree
    .filter((node) => held.has(node.code))
    .map((node) => (node.children ? { ...node, children: prune(node.children, held) } : { ...node }));
}
