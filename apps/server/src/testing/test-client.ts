/**
 * The typed test client: `t.call(E.x, input, token)` sends one call of an endpoint from
 * `@storefleet/contracts` through `app.inject`, with the URL built as the web builds it (`callUrl`),
 * and resolves with the envelope's `data`, typed by the endpoint. A test cannot drift from the contract:
 * a path, a misspelt filter or a wrong body does not compile. Error cases use `t.send`, which returns
 * the raw reply (status, headers, body) of the same request.
 *
 *   const page = await t.call(StoreEndpoints.list, { query: { pageNum: 1, pageSize: 5 } }, admin);
 *   const res = await t.send(StoreEndpoints.list, { query: { sortBy: 'password' } }, admin);
 *   expect(res.statusCode).toBe(400);
 */
import {
  type AnyEndpoint,
  type CallInput,
  callUrl,
  type NeedsInput,
  type QueryValue,
} from '@storefleet/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';

import { bearer, withoutLanguage } from './test-app';

/**
 * Who calls: a bearer token, or the token with an agent admin's company, extra headers, and
 * `language: null` for no Accept-Language header (the console's default language, Chinese).
 */
export type Caller =
  | string
  | { token?: string; companyId?: number; language?: null; headers?: Readonly<Record<string, string>> }
  | undefined;

/** The envelope's `data` of a successful reply, or the bytes of a file reply. */
export type ReplyOf<E extends AnyEndpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : Buffer;

/** The input argument: optional when the endpoint needs nothing. */
export type InputArg<E extends AnyEndpoint> =
  NeedsInput<E> extends true ? CallInput<E> : CallInput<E> | undefined;

/**
 * What `send` takes: the call's path parameters and query as `call` types them, and any body, since
 * error cases send the wrong one on purpose.
 */
export type RawInput<E extends AnyEndpoint> = Omit<CallInput<E>, 'body'> & { body?: unknown };
/** The input argument of `send`: optional when the endpoint needs nothing. */
export type RawArg<E extends AnyEndpoint> =
  NeedsInput<E> extends true ? RawInput<E> : RawInput<E> | undefined;

/** A call whose reply was not a success (`t.call`); the raw reply is kept for the message. */
export class CallFailed extends Error {
  constructor(
    readonly endpoint: AnyEndpoint,
    readonly res: LightMyRequestResponse,
  ) {
    super(`${endpoint.method} ${endpoint.path} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    this.name = 'CallFailed';
  }
}

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

function headersOf(caller: Caller): Record<string, string> {
  if (caller === undefined) return {};
  if (typeof caller === 'string') return bearer(caller);
  const auth = caller.token === undefined ? {} : bearer(caller.token, caller.companyId);
  return { ...(caller.language === null ? withoutLanguage(auth) : auth), ...caller.headers };
}

/** The raw reply of one call of `endpoint`. */
export function sendCall<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: RawArg<E>,
  caller?: Caller,
): Promise<LightMyRequestResponse> {
  const loose = (input ?? {}) as LooseInput;
  return app.inject({
    method: endpoint.method,
    url: callUrl(endpoint, loose),
    headers: headersOf(caller),
    ...(loose.body === undefined ? {} : { payload: loose.body as object }),
  });
}

/** One call of `endpoint`: its `data` on success, a thrown CallFailed otherwise. */
export async function callEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: InputArg<E>,
  caller?: Caller,
): Promise<ReplyOf<E>> {
  const res = await sendCall(app, endpoint, input, caller);
  if (res.statusCode < 200 || res.statusCode > 299) throw new CallFailed(endpoint, res);
  if (typeof endpoint.response === 'string') return res.rawPayload as ReplyOf<E>;
  const envelope = res.json() as { ok?: boolean; data: ReplyOf<E> };
  if (envelope.ok === false) throw new CallFailed(endpoint, res);
  return envelope.data;
}

/** The typed calls on one app: what `TestApp` offers, for an app a test built itself (`buildApp`). */
export interface TestClient {
  /** One call of an endpoint: its `data`; throws CallFailed unless the reply is a success. */
  call<E extends AnyEndpoint>(endpoint: E, input: InputArg<E>, caller?: Caller): Promise<ReplyOf<E>>;
  /** The same request as `call`, answered raw (status, headers, body): for error cases. */
  send<E extends AnyEndpoint>(
    endpoint: E,
    input: RawArg<E>,
    caller?: Caller,
  ): Promise<LightMyRequestResponse>;
}

/** The typed client of `app`. */
export function testClient(app: FastifyInstance): TestClient {
  return {
    call: (endpoint, input, caller) => callEndpoint(app, endpoint, input, caller),
    send: (endpoint, input, caller) => sendCall(app, endpoint, input, caller),
  };
}
