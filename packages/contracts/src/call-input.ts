/**
 * What a client sends for one call, typed by its endpoint, and the URL it goes to. The web's `api()`
 * and the server tests' `t.call()` both build requests from these, so neither can drift from the
 * contract: a misspelt filter, a missing path parameter or a wrong body does not compile.
 */
import {
  type AnyEndpoint,
  type BodyInput,
  fillPath,
  type ParamsInput,
  type QueryInput,
  type QueryValue,
} from './endpoint';

type Part<Name extends string, T> = [T] extends [never]
  ? { [K in Name]?: never }
  : Record<string, never> extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/** What a call of `E` sends: its path parameters, query and body, each only where `E` has them. */
export type CallInput<E extends AnyEndpoint> = Part<'params', ParamsInput<E>> &
  Part<'query', QueryInput<E>> &
  ('multipart' extends E['bodyEncoding'] ? { body: FormData } : Part<'body', BodyInput<E>>);

/** Whether a call of `E` must say something (a required path parameter, query field or body). */
export type NeedsInput<E extends AnyEndpoint> = Record<string, never> extends CallInput<E> ? false : true;

/** Query or form values as a client sends them: empty values left out, lists as repeated keys. */
export function encodeParams(params: Readonly<Record<string, QueryValue>>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) out.append(name, String(item));
    else out.append(name, String(value));
  }
  return out;
}

/** The URL of a call: the endpoint's path with its parameters filled in, and the encoded query. */
export function callUrl(
  endpoint: AnyEndpoint,
  input: {
    params?: Readonly<Record<string, string | number>>;
    query?: Readonly<Record<string, QueryValue>>;
  } = {},
): string {
  const path = fillPath(endpoint.path, input.params);
  const query = input.query ? encodeParams(input.query).toString() : '';
  return query ? `${path}?${query}` : path;
}
