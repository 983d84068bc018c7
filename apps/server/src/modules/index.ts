/**
 * Every module's routes, registered in this order by buildApp. A new module adds
 * `modules/<domain>/<domain>.routes.ts` exporting `register<Domain>Routes(app, ctx)` (calls to
 * defineRoute only) and lists it here.
 */
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context';
import { registerAuditRoutes } from './audit/audit.routes';
import { registerAuthRoutes } from './auth/auth.routes';

export type RegisterRoutes = (app: FastifyInstance, ctx: AppContext) => void;

export const MODULE_ROUTES: readonly RegisterRoutes[] = [registerAuthRoutes, registerAuditRoutes];
