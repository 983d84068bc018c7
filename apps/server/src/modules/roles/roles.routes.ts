/** Role calls (contracts `RoleEndpoints`): list, permission tree, detail, areas, saves and delete. */
import { RoleEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

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

export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.listRoles, async function listRoles({ query, scope }) {
    return listRolesFor(ctx, scope, query);
  });
  defineRoute(app, E.getPermissionTree, async function rolePermissionTree({ caller, scope }) {
    return permissionTree(caller, scope);
  });
  defineRoute(app, E.getRole, async function roleDetail({ params, scope }) {
    return getRole(ctx, scope, params.id);
  });
  defineRoute(app, E.listRoleAreas, async function roleAreaList({ params, scope }) {
    return roleAreas(ctx, scope, params.id);
  });
  defineRoute(app, E.addRole, async function addRole({ body, caller, scope }) {
    return createRole(ctx, caller, scope, body);
  });
  defineRoute(app, E.updateRole, async function updateRole({ body, caller, scope }) {
    return changeRole(ctx, caller, scope, body);
  });
  defineRoute(app, E.deleteRole, async function deleteRole({ params, caller, scope }) {
    await removeRole(ctx, caller, scope, params.id);
    return null;
  });
}
