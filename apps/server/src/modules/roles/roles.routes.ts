/** Role calls under /api/user-service/role (designed in the style of the spec's user calls). */
import {
  BUTTON,
  MODULE,
  PAGE,
  pagedResultSchema,
  RoleAreaSchema,
  RoleCreateBody,
  RoleIdParams,
  RoleListQuery,
  RolePermissionTreeSchema,
  RoleSchema,
  RoleUpdateBody,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import {
  changeRole,
  createRole,
  getRole,
  listRolesFor,
  permissionTree,
  removeRole,
  roleAreas,
} from './roles.service';

const PREFIX = '/api/user-service/role';
const VIEW = [MODULE.role, PAGE.roleList];

export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/list`,
    summary: 'List roles',
    module: 'role',
    permissions: VIEW,
    query: RoleListQuery,
    response: pagedResultSchema(RoleSchema),
    handler: async function listRoles({ query, scope }) {
      return listRolesFor(ctx, scope, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/permissionTree`,
    summary: 'Permission codes the caller may grant',
    module: 'role',
    permissions: VIEW,
    response: RolePermissionTreeSchema,
    handler: async function rolePermissionTree({ caller, scope }) {
      return permissionTree(caller, scope);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/:id/id`,
    summary: 'Role detail',
    module: 'role',
    permissions: VIEW,
    params: RoleIdParams,
    response: RoleSchema,
    handler: async function roleDetail({ params, scope }) {
      return getRole(ctx, scope, params.id);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/:id/area/List`,
    summary: 'Areas of a role',
    module: 'role',
    permissions: VIEW,
    params: RoleIdParams,
    response: z.array(RoleAreaSchema),
    handler: async function roleAreaList({ params, scope }) {
      return roleAreas(ctx, scope, params.id);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: PREFIX,
    summary: 'Create role',
    module: 'role',
    permissions: [...VIEW, BUTTON.roleAdd],
    body: RoleCreateBody,
    handler: async function addRole({ body, caller, scope }) {
      return createRole(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: PREFIX,
    summary: 'Update role',
    module: 'role',
    permissions: [...VIEW, BUTTON.roleUpdate],
    body: RoleUpdateBody,
    handler: async function updateRole({ body, caller, scope }) {
      return changeRole(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/delete/:id`,
    summary: 'Delete role',
    module: 'role',
    permissions: [...VIEW, BUTTON.roleDelete],
    params: RoleIdParams,
    handler: async function deleteRole({ params, caller, scope }) {
      await removeRole(ctx, caller, scope, params.id);
      return null;
    },
  });
}
