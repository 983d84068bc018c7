/**
 * `defineRoute`: the one way a module registers an API call. The call itself (method, path, schemas,
 * permission rule, summary) is an endpoint object of `@storefleet/contracts`; the server adds only the
 * handler. One declaration resolves the session (401), checks the endpoint's permission codes (403),
 * validates params, query and body with zod (400), calls the handler, wraps its data in the envelope
 * and lists the call in the OpenAPI document and the operation log.
 *
 *   defineRoute(app, AlertEndpoints.listRules, async function listAlertRules({ query, scope }) {
 *     return listRules(ctx, scope, query);
 *   });
 *
 * Handlers stay thin: one service call, a named function (its name is the operation log's
 * classMethod). Throw AppError (errors.ts) for expected failures; return fileReply(…) for downloads.
 * With `config.checkReplies` (the tests) every reply is checked against the endpoint's response schema.
 */
import {
  type AnyEndpoint,
  type BodyOf,
  COMPANY_HEADER,
  type Endpoint,
  type Lang,
  type ParamsOf,
  type PermissionRule,
  type QueryOf,
} from '@storefleet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { authenticate, bearerToken } from '../auth/authenticate';
import type { Caller, Scope } from '../auth/caller';
import { allows } from '../auth/codes';
import { success } from './envelope';
import { AppError, forbidden } from './errors';
import type { ApiRouteMeta } from './fastify-types';
import { attachmentHeader, FileReply } from './file-reply';
import { parseInput } from './validation';

export type { PermissionRule };

/** What a handler receives. Public routes may have no caller; every other route has one. */
export interface RouteInput<E extends AnyEndpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  caller: E['permissions'] extends 'public' ? Caller | null : Caller;
  scope: E['permissions'] extends 'public' ? Scope | null : Scope;
  /** The language the caller reads (`Accept-Language`: en… → 'en', otherwise the default 'zh'). */
  lang: Lang;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler returns: the endpoint's response data, or a file for download endpoints. */
export type RouteResult<E extends AnyEndpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']> | z.output<E['response']>
  : FileReply | unknown;

export type RouteHandler<E extends AnyEndpoint> = (input: RouteInput<E>) => Promise<RouteResult<E>>;

/** A registered route as the OpenAPI builder and the route-wide tests see it. */
export type ApiRoute = AnyEndpoint;

/** Registers `endpoint` on `app` with its handler (see the file comment for an example). */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
): void {
  const handlerName = handler.name && handler.name !== 'handler' ? handler.name : undefined;
  const meta: ApiRouteMeta = {
    summary: endpoint.summary,
    module: endpoint.module,
    classMethod: `${endpoint.module}.${handlerName ?? `${endpoint.method} ${endpoint.path}`}`,
  };
  app.apiRoutes.push(endpoint);
  const checkReplies = app.ctx.config.checkReplies === true;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { api: meta },
    onRequest: async (request) => resolveSession(app, request, endpoint.permissions),
    handler: async (request, reply) => {
      const input = {
        params: (endpoint.params
          ? parseInput(endpoint.params, request.params, 'params')
          : undefined) as ParamsOf<E>,
        query: (endpoint.query
          ? parseInput(endpoint.query, request.query, 'query')
          : undefined) as QueryOf<E>,
        body: (endpoint.body && endpoint.bodyEncoding !== 'multipart'
          ? parseInput(endpoint.body, request.body ?? {}, 'body')
          : undefined) as BodyOf<E>,
        caller: request.caller as RouteInput<E>['caller'],
        scope: request.scope as RouteInput<E>['scope'],
        lang: requestLang(request),
        request,
        reply,
      };
      const data = await handler(input);
      if (data instanceof FileReply) {
        for (const [name, value] of Object.entries(data.headers)) reply.header(name, value);
        reply.header('content-type', data.contentType);
        reply.header('content-disposition', attachmentHeader(data.fileName));
        return reply.send(data.body);
      }
      if (reply.sent) return reply;
      const payload = data === undefined ? null : data;
      if (checkReplies) checkReply(endpoint, payload);
      return success(payload);
    },
  });
}

/** The caller's language from `Accept-Language` (the console sends its own choice): zh-CN unless English. */
export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

/** Records every route as Fastify registers it (install before any route), for the route-wide tests. */
export function installRouteLog(app: FastifyInstance): void {
  app.decorate('routeLog', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeLog.push({ method, url: route.url });
  });
}

/** Tests: a reply that does not match its endpoint's response schema is a server error. */
function checkReply(endpoint: AnyEndpoint, data: unknown): void {
  const schema = endpoint.response;
  if (!(schema instanceof z.ZodType)) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} declares a ${String(schema)} reply but answered JSON`,
    );
  }
  const checked = schema.safeParse(data);
  if (!checked.success) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} answered data its response schema refuses: ${z.prettifyError(checked.error)}`,
    );
  }
}

/** Sets request.caller / request.scope and enforces the route's permission rule. */
export async function resolveSession(
  app: FastifyInstance,
  request: FastifyRequest,
  rule: PermissionRule,
): Promise<void> {
  const header = request.headers[COMPANY_HEADER];
  const sessionRequest = {
    authorization: request.headers.authorization,
    companyHeader: Array.isArray(header) ? header[0] : header,
    idleMinutes: app.ctx.config.sessionIdleMinutes,
  };
  if (rule === 'public') {
    // A stale token must not block public calls such as sign-in: use the session only when it is valid.
    if (!bearerToken(sessionRequest.authorization)) return;
    try {
      Object.assign(request, await authenticate(app.ctx.db, app.ctx.auth.tokens, sessionRequest));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return;
  }
  const session = await authenticate(app.ctx.db, app.ctx.auth.tokens, sessionRequest);
  request.caller = session.caller;
  request.scope = session.scope;
  if (rule !== 'authenticated' && !allows(session.caller, rule)) throw forbidden();
}
