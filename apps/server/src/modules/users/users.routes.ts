/** User calls (contracts `UserEndpoints`): the lists, detail, saves and enable/disable. */
import { UserEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { changeUser, createUser, disableUser, enableUser } from './user-writes.service';
import { getUser, listShopUsersFor, listUsersFor } from './users.service';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.listUsers, async function listUsers({ query, caller, scope }) {
    return listUsersFor(ctx, caller, scope, query);
  });
  defineRoute(app, E.listShopUsers, async function listShopUsers({ query, caller, scope }) {
    return listShopUsersFor(ctx, caller, scope, query);
  });
  defineRoute(app, E.getUser, async function userDetail({ params, caller, scope }) {
    return getUser(ctx, caller, scope, params.id);
  });
  defineRoute(app, E.addUser, async function addUser({ body, caller, scope }) {
    return createUser(ctx, caller, scope, body);
  });
  defineRoute(app, E.updateUser, async function updateUser({ body, caller, scope }) {
    return changeUser(ctx, caller, scope, body);
  });
  defineRoute(app, E.disableUser, async function disable({ query, caller, scope }) {
    await disableUser(ctx, caller, scope, query.id);
    return null;
  });
  defineRoute(app, E.enableUser, async function enable({ query, caller, scope }) {
    await enableUser(ctx, caller, scope, query.id);
    return null;
  });
}
