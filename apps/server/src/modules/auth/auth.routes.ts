/** Sign-in calls (contracts `AuthEndpoints`): sign in and out, the current session, own password. */
import { AuthEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { changePassword, describeSession, signIn, signOut } from './auth.service';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.login, async function login({ body, request }) {
    // A failed sign-in is filed in the operation log of the account tried, under the name typed.
    request.signInName = body.username;
    const { result, caller } = await signIn(ctx, body, request.ip);
    // The operation log names who signed in.
    request.caller = caller;
    return result;
  });
  defineRoute(app, E.logout, async function logout({ caller }) {
    await signOut(ctx, caller);
    return null;
  });
  defineRoute(app, E.me, async function me({ caller }) {
    return describeSession(ctx, caller);
  });
  defineRoute(app, E.changePassword, async function changeOwnPassword({ caller, body, request }) {
    return changePassword(ctx, caller, body, request.ip);
  });
}
