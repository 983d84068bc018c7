/** What Storefleet adds to Fastify's types: the app context, the route registry and the session. */
import type { Caller, Scope } from '../auth/caller';
import type { AppContext } from '../context';
import type { ApiRoute } from './route';

/** Route config every defineRoute route carries; the operation log and the docs read it. */
export interface ApiRouteMeta {
  summary: string;
  module: string;
  classMethod: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route declared with defineRoute, in order: the OpenAPI document is built from it. */
    apiRoutes: ApiRoute[];
    /** Every route Fastify registered (method and URL), whoever registered it: tests check /api against the endpoints. */
    routeLog: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The signed-in caller, once the route's session hook has run; null on public calls without a session. */
    caller: Caller | null;
    scope: Scope | null;
  }
  interface FastifyContextConfig {
    api?: ApiRouteMeta;
    /** False to leave a route out of the operation log (API docs assets). */
    operationLog?: boolean;
  }
}
