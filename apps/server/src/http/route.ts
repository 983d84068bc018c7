/**
 * `defineRoute`: the one way a module declares an API call. It resolves the session (401), checks the
 * route's permission codes (403), validates params, query and body with zod (400), calls the handler,
 * wraps its data in the envelope and lists the call in the OpenAPI document.
 *
 *   defineRoute(app, {
 *     method: 'GET',
 *     url: '/api/user-service/store/list',
 *     summary: 'List stores',
 *     module: 'store',
 *     permissions: [PAGE.storeOverview],          // all of these; or { any: [...] }, 'authenticated', 'public'
 *     query: StoreListQuery,
 *     handler: ({ query, scope }) => listStores(ctx.db, scope, query),
 *   });
 *
 * Handlers stay thin: one service call. Throw AppError (errors.ts) for expected failures; return
 * fileReply(…) for binary downloads.
 */
import { COMPANY_HEADER } from '@storefleet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { authenticate, bearerToken } from '../auth/authenticate';
import type { Caller, Scope } from '../auth/caller';
import { allows, type PermissionRule } from '../auth/codes';
import { success } from './envelope';
import { AppError, forbidden } from './errors';
import type { ApiRouteMeta } from './fastify-types';
import { attachmentHeader, FileReply } from './file-reply';
import { parseInput } from './validation';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type { PermissionRule };

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Schema = z.ZodType | undefined;

/** What a handler receives. Public routes may have no caller; every other route has one. */
export interface RouteInput<P extends Schema, Q extends Schema, B extends Schema, A extends PermissionRule> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  caller: A extends 'public' ? Caller | null : Caller;
  scope: A extends 'public' ? Scope | null : Scope;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDefinition<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  A extends PermissionRule,
  R,
> {
  method: HttpMethod;
  /** Fastify path syntax: `/api/user-service/user/:id/id`. */
  url: string;
  /** Short description: the operation log's apiName and the OpenAPI summary. */
  summary: string;
  /** The module the call belongs to (`auth`, `store`, `device` …): operation log moduleName. */
  module: string;
  permissions: A;
  params?: P;
  query?: Q;
  /** JSON or form-encoded body; a missing body is validated as `{}`. */
  body?: B;
  /** The `data` of a successful reply, for the OpenAPI document only. */
  response?: z.ZodType;
  description?: string;
  handler: (input: RouteInput<P, Q, B, A>) => Promise<R>;
}

/** A registered route as the OpenAPI builder sees it. */
export interface ApiRoute {
  method: HttpMethod;
  url: string;
  summary: string;
  module: string;
  permissions: PermissionRule;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  description?: string;
}

/** Declares an API call on `app` (see the file comment for an example). */
export function defineRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  const A extends PermissionRule = PermissionRule,
  R = unknown,
>(app: FastifyInstance, route: RouteDefinition<P, Q, B, A, R>): void {
  const handlerName = route.handler.name && route.handler.name !== 'handler' ? route.handler.name : undefined;
  const meta: ApiRouteMeta = {
    summary: route.summary,
    module: route.module,
    classMethod: `${route.module}.${handlerName ?? `${route.method} ${route.url}`}`,
  };
  app.apiRoutes.push({
    method: route.method,
    url: route.url,
    summary: route.summary,
    module: route.module,
    permissions: route.permissions,
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { query: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.response ? { response: route.response } : {}),
    ...(route.description ? { description: route.description } : {}),
  });

  app.route({
    method: route.method,
    url: route.url,
    config: { api: meta },
    onRequest: async (request) => resolveSession(app, request, route.permissions),
    handler: async (request, reply) => {
      const input = {
        params: (route.params ? parseInput(route.params, request.params, 'params') : undefined) as Parsed<P>,
        query: (route.query ? parseInput(route.query, request.query, 'query') : undefined) as Parsed<Q>,
        body: (route.body ? parseInput(route.body, request.body ?? {}, 'body') : undefined) as Parsed<B>,
        caller: request.caller as RouteInput<P, Q, B, A>['caller'],
        scope: request.scope as RouteInput<P, Q, B, A>['scope'],
        request,
        reply,
      };
      const data = await route.handler(input);
      if (data instanceof FileReply) {
        reply.header('content-type', data.contentType);
        reply.header('content-disposition', attachmentHeader(data.fileName));
        return reply.send(data.body);
      }
      return success(data === undefined ? null : data);
    },
  });
}

/** Sets request.caller / request.scope and enforces the route's permission rule. */
async function resolveSession(
  app: FastifyInstance,
  request: FastifyRequest,
  rule: PermissionRule,
): Promise<void> {
  const header = request.headers[COMPANY_HEADER];
  const sessionRequest = {
    authorization: request.headers.authorization,
    companyHeader: Array.isArray(header) ? header[0] : header,
  };
  if (rule === 'public') {
    // A stale token must not block public calls such as sign-in: use the session only when it is valid.
    if (!bearerToken(sessionRequest.authorization)) return;
    try {
      Object.assign(request, await authenticate(app.ctx.db, app.ctx.tokens, sessionRequest));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return;
  }
  const session = await authenticate(app.ctx.db, app.ctx.tokens, sessionRequest);
  request.caller = session.caller;
  request.scope = session.scope;
  if (rule !== 'authenticated' && !allows(session.caller, rule)) throw forbidden();
}
