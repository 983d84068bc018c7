/**
 * Role calls under /api/user-service/role (designed in the style of the spec's user calls): role
 * module + role list page, writes also their button.
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import {
  RoleAreaSchema,
  RoleCreateBody,
  RoleIdParams,
  RoleListQuery,
  RolePermissionTreeSchema,
  RoleSchema,
  RoleUpdateBody,
} from './role';

const ROLE_API = '/api/user-service/role';
const VIEW = [MODULE.role, PAGE.roleList] as const;
/** What a save answers: the role's id. */
const SavedRole = z.object({ id: z.number() });

export const RoleEndpoints = {
  listRoles: endpoint({
    method: 'GET',
    path: `${ROLE_API}/list`,
    summary: 'List roles',
    summaryZh: '角色列表',
    module: 'role',
    permissions: VIEW,
    query: RoleListQuery,
    response: pagedResultSchema(RoleSchema),
  }),
  getPermissionTree: endpoint({
    method: 'GET',
    path: `${ROLE_API}/permissionTree`,
    summary: 'Permission codes the caller may grant',
    summaryZh: '可授予的权限码',
    module: 'role',
    permissions: VIEW,
    response: RolePermissionTreeSchema,
  }),
  getRole: endpoint({
    method: 'GET',
    path: `${ROLE_API}/:id/id`,
    summary: 'Role detail',
    summaryZh: '角色详情',
    module: 'role',
    permissions: VIEW,
    params: RoleIdParams,
    response: RoleSchema,
  }),
  listRoleAreas: endpoint({
    method: 'GET',
    path: `${ROLE_API}/:id/area/List`,
    summary: 'Areas of a role',
    summaryZh: '角色的区域',
    module: 'role',
    permissions: VIEW,
    params: RoleIdParams,
    response: z.array(RoleAreaSchema),
  }),
  addRole: endpoint({
    method: 'PUT',
    path: ROLE_API,
    summary: 'Create role',
    summaryZh: '新增角色',
    module: 'role',
    permissions: [...VIEW, BUTTON.roleAdd],
    body: RoleCreateBody,
    response: SavedRole,
  }),
  updateRole: endpoint({
    method: 'POST',
    path: ROLE_API,
    summary: 'Update role',
    summaryZh: '修改角色',
    module: 'role',
    permissions: [...VIEW, BUTTON.roleUpdate],
    body: RoleUpdateBody,
    response: SavedRole,
  }),
  deleteRole: endpoint({
    method: 'POST',
    path: `${ROLE_API}/delete/:id`,
    summary: 'Delete role',
    summaryZh: '删除角色',
    module: 'role',
    permissions: [...VIEW, BUTTON.roleDelete],
    params: RoleIdParams,
    response: z.null(),
  }),
};
