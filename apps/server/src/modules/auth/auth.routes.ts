/** Sign-in calls under /api/user-service/auth. */
import { ChangePasswordBody, LoginBody, LoginResultSchema, MeSchema } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { changePassword, describeSession, signIn, signOut } from './auth.service';

const PREFIX = '/api/user-service/auth';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/login`,
    summary: 'Sign in',
    module: 'auth',
    permissions: 'public',
    body: LoginBody,
    response: LoginResultSchema,
    handler: async function login({ body, request }) {
      const { result, caller } = await signIn(ctx, body, request.ip);
      // The operation log names who signed in.
      request.caller = caller;
      return result;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/logout`,
    summary: 'Sign out',
    module: 'auth',
    permissions: 'authenticated',
    handler: async function logout({ caller }) {
      await signOut(ctx, caller);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/me`,
    summary: 'Current session',
    module: 'auth',
    permissions: 'authenticated',
    response: MeSchema,
    handler: async function me({ caller }) {
      return describeSession(ctx, caller);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/changePassword`,
    summary: 'Change own password',
    module: 'auth',
    permissions: 'authenticated',
    body: ChangePasswordBody,
    handler: async function changeOwnPassword({ caller, body, request }) {
      await changePassword(ctx, caller, body, request.ip);
      return null;
    },
  });
}
