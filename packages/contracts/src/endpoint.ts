/**
 * One API call as data: method, the spec's path (Fastify `:param` syntax), the schemas of what is
 * sent and what comes back, and the permission rule. The server registers it (`defineRoute(app,
 * endpoint, handler)`), the web calls it (`api(endpoint, input)`), the OpenAPI document is generated
 * from it, and a test checks that every endpoint of `ENDPOINTS` is registered exactly once. A call's
 * path is written here and nowhere else. The web's build keeps each endpoint without its schemas
 * (`true` in their place; markers such as `FILE_RESPONSE` stay): the web reads them only as types, and
 * zod stays out of its start-up (apps/web/vite.endpoint-descriptors.ts). Web code that parses with a
 * schema imports the schema itself.
 *
 *   export const AlertRuleEndpoints = {
 *     list: endpoint({
 *       method: 'GET', path: `${ALERT_API}/listAlertRules`, summary: 'List alert rules', summaryZh: '告警规则列表', module: 'alert',
 *       permissions: [MODULE.alarmRules, PAGE.alarmRulesList],
 *       query: ListAlertRulesQuery, response: pagedResultSchema(AlertRule),
 *     }),
 *   };
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: 'public' (no session), 'authenticated' (any signed-in user), a list of codes that must
 * all be held, or `{ any: [...] }` where one suffices (spec §6).
 */
export type PermissionRule =
  | 'public'
  | 'authenticated'
  | readonly string[]
  | { readonly any: readonly string[] };

/** A binary download (an .xlsx template, an export, an image file): no envelope. */
export const FILE_RESPONSE = 'file' as const;
/** A server-sent event stream. */
export const EVENT_STREAM_RESPONSE = 'event-stream' as const;
export type NonJsonResponse = typeof FILE_RESPONSE | typeof EVENT_STREAM_RESPONSE;

/**
 * How the body travels: JSON (default; the server also accepts the same fields form-encoded, spec
 * §7), or a multipart upload whose one file part is read by the handler (`body` then describes the
 * other fields, if any).
 */
export type BodyEncoding = 'json' | 'multipart';

export interface EndpointDefinition<
  M extends HttpMethod = HttpMethod,
  Path extends string = string,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | NonJsonResponse = z.ZodType | NonJsonResponse,
  A extends PermissionRule = PermissionRule,
  Enc extends BodyEncoding = BodyEncoding,
> {
  method: M;
  /** `/api/...` with `:name` path parameters, exactly as the spec names the call. */
  path: Path;
  /** Short English description: the OpenAPI summary and the operation log's name of the call. */
  summary: string;
  /** The same in Chinese: the operation log's name of the call in the Chinese console. */
  summaryZh: string;
  /** The product area (`device`, `alert`, `store` …): OpenAPI tag, operation-log module, query-key root. */
  module: string;
  permissions: A;
  params?: P;
  query?: Q;
  body?: B;
  bodyEncoding?: Enc;
  /** The envelope's `data` on success, or a marker for a non-JSON reply. */
  response: R;
  description?: string;
  /**
   * Whether the call changes data; left out: every method but GET does. Set on a GET that writes
   * (`true`) and a POST that only reads (`false`): the operation log records writes, not reads.
   */
  writes?: boolean;
}

/** An endpoint: its definition, frozen. The type keeps every schema so both sides infer from it. */
export type Endpoint<
  M extends HttpMethod = HttpMethod,
  Path extends string = string,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | NonJsonResponse = z.ZodType | NonJsonResponse,
  A extends PermissionRule = PermissionRule,
  Enc extends BodyEncoding = BodyEncoding,
> = Readonly<EndpointDefinition<M, Path, P, Q, B, R, A, Enc>>;

// biome-ignore lint/suspicious/noExplicitAny: the widest endpoint, for registries and generic helpers
export type AnyEndpoint = Endpoint<HttpMethod, string, any, any, any, any, PermissionRule, any>;

/** Declares one call (see the file comment). Optional schemas left out stay `undefined` in the type. */
export function endpoint<
  const M extends HttpMethod,
  const Path extends string,
  const A extends PermissionRule,
  R extends z.ZodType | NonJsonResponse,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  const Enc extends BodyEncoding = 'json',
>(definition: EndpointDefinition<M, Path, P, Q, B, R, A, Enc>): Endpoint<M, Path, P, Q, B, R, A, Enc> {
  return Object.freeze({ ...definition });
}

/** The schema an optional member holds (`never` when the endpoint leaves it out). */
type Given<S> = Exclude<S, undefined>;
type Out<S> = [Given<S>] extends [never]
  ? undefined
  : Given<S> extends z.ZodType
    ? z.output<Given<S>>
    : undefined;

/** What the server's handler gets after validation. */
export type ParamsOf<E extends AnyEndpoint> = Out<E['params']>;
export type QueryOf<E extends AnyEndpoint> = Out<E['query']>;
export type BodyOf<E extends AnyEndpoint> = Out<E['body']>;

/** The `data` of a successful reply (a Blob on the web for files). */
export type ResponseOf<E extends AnyEndpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : Blob;

/** A value the web may put in a query string: text, a number, a flag or a list of them. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * What a client sends. Query fields arrive as URL text, so only their names are checked (a misspelt
 * filter does not compile); path parameters and bodies are typed by their schemas' input.
 */
export type ParamsInput<E extends AnyEndpoint> = InputOf<E['params'], 'params'>;
export type QueryInput<E extends AnyEndpoint> = InputOf<E['query'], 'query'>;
export type BodyInput<E extends AnyEndpoint> = InputOf<E['body'], 'body'>;

type InputOf<S, Part extends 'params' | 'query' | 'body'> = [Given<S>] extends [never]
  ? never
  : Given<S> extends z.ZodType
    ? Part extends 'params'
      ? { [K in keyof z.input<Given<S>>]-?: string | number }
      : Part extends 'query'
        ? { [K in keyof z.input<Given<S>>]?: QueryValue }
        : z.input<Given<S>>
    : never;

/** The names of an endpoint's path parameters, read from its path (`/a/:id/b` → `id`). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/** The URL of a call: its path with the parameters put in (each URL-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`path parameter ${name} of ${path} is missing`);
    return encodeURIComponent(String(value));
  });
}
