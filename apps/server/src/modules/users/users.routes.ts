/** User calls under /api/user-service/user (spec §7). */
import {
  BUTTON,
  MODULE,
  PAGE,
  pagedResultSchema,
  UserCreateBody,
  UserIdParams,
  UserListQuery,
  UserSchema,
  UserShopUsersQuery,
  UserToggleQuery,
  UserUpdateBody,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { changeUser, createUser, disableUser, enableUser } from './user-writes.service';
import { getUser, listShopUsersFor, listUsersFor } from './users.service';

const PREFIX = '/api/user-service/user';
const VIEW = [MODULE.user, PAGE.userList];

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/list`,
    summary: 'List users',
    module: 'user',
    permissions: VIEW,
    query: UserListQuery,
    response: pagedResultSchema(UserSchema),
    handler: async function listUsers({ query, caller, scope }) {
      return listUsersFor(ctx, caller, scope, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listShopUsers`,
    summary: 'List users covering stores',
    description: 'Users whose data scope covers any of shopIds; the task dispatcher picker uses it too.',
    module: 'user',
    // The task dispatcher picks assignees without the user pages.
    permissions: { any: [PAGE.userList, MODULE.task] },
    query: UserShopUsersQuery,
    response: pagedResultSchema(UserSchema),
    handler: async function listShopUsers({ query, caller, scope }) {
      return listShopUsersFor(ctx, caller, scope, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/:id/id`,
    summary: 'User detail',
    module: 'user',
    permissions: VIEW,
    params: UserIdParams,
    response: UserSchema,
    handler: async function userDetail({ params, caller, scope }) {
      return getUser(ctx, caller, scope, params.id);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: PREFIX,
    summary: 'Create user',
    module: 'user',
    permissions: [...VIEW, BUTTON.userAdd],
    body: UserCreateBody,
    handler: async function addUser({ body, caller, scope }) {
      return createUser(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: PREFIX,
    summary: 'Update user',
    module: 'user',
    permissions: [...VIEW, BUTTON.userUpdate],
    body: UserUpdateBody,
    handler: async function updateUser({ body, caller, scope }) {
      return changeUser(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/disable`,
    summary: 'Disable user',
    module: 'user',
    permissions: [...VIEW, BUTTON.userDisable],
    query: UserToggleQuery,
    handler: async function disable({ query, caller, scope }) {
      await disableUser(ctx, caller, scope, query.id);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/enable`,
    summary: 'Enable user',
    module: 'user',
    permissions: [...VIEW, BUTTON.userDisable],
    query: UserToggleQuery,
    handler: async function enable({ query, caller, scope }) {
      await enableUser(ctx, caller, scope, query.id);
      return null;
    },
  });
}
