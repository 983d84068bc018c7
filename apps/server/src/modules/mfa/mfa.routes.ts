/** Two-step sign-in calls (contracts `MfaEndpoints`). */
import { MfaEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { confirmEnrolment, describeMfa, disableMfa, resetUserMfa, startEnrolment } from './mfa-enrolment';
import { getMfaPolicy, saveMfaPolicy } from './mfa-policy.service';
import { confirmSignInEnrolment, signInWithCode, startSignInEnrolment } from './mfa-sessions';

export function registerMfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.verifyMfa, async function verifyMfa({ body, request }) {
    const { result, caller } = await signInWithCode(ctx, body, request.ip);
    // The operation log names who signed in.
    request.caller = caller;
    return result;
  });
  defineRoute(app, E.startSignInEnrolment, async function startSignInEnrolmentRoute({ body }) {
    return startSignInEnrolment(ctx, body.challengeToken);
  });
  defineRoute(app, E.confirmSignInEnrolment, async function confirmSignInEnrolmentRoute({ body, request }) {
    const { signedIn, reply } = await confirmSignInEnrolment(ctx, body, request.ip);
    request.caller = signedIn.caller;
    return reply;
  });
  defineRoute(app, E.mfaStatus, async function mfaStatus({ caller }) {
    return describeMfa(ctx, caller.userId);
  });
  defineRoute(app, E.startMfa, async function startMfa({ caller }) {
    return startEnrolment(ctx, caller.userId, caller.userName);
  });
  defineRoute(app, E.confirmMfa, async function confirmMfa({ caller, body }) {
    return confirmEnrolment(ctx, caller.userId, body.passcode);
  });
  defineRoute(app, E.disableMfa, async function disableMfaRoute({ caller, body, request }) {
    await disableMfa(ctx, caller, body.passcode, request.ip);
    return null;
  });
  defineRoute(app, E.resetUserMfa, async function resetUserMfaRoute({ caller, scope, params }) {
    await resetUserMfa(ctx, caller, scope, params.id);
    return null;
  });
  defineRoute(app, E.getMfaPolicy, async function getMfaPolicyRoute({ scope }) {
    return getMfaPolicy(ctx, scope);
  });
  defineRoute(app, E.saveMfaPolicy, async function saveMfaPolicyRoute({ caller, scope, body }) {
    return saveMfaPolicy(ctx, caller, scope, body);
  });
}
