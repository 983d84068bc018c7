/**
 * The one typed way the web calls the server: `api(endpoint, input)` with an endpoint object from
 * `@storefleet/contracts`. The path, method and shapes come from the endpoint, so a misspelt filter or
 * a wrong body does not compile, and the reply is typed by the endpoint's response schema.
 *
 *   const rules = useQuery(apiQuery(AlertEndpoints.listAlertRules, { query: { pageNum: 1, pageSize: 10 } }));
 *   await api(AlertEndpoints.addAlertRule, { body });
 *   await queryClient.invalidateQueries({ queryKey: moduleKey(AlertEndpoints.addAlertRule) });
 *
 * Query keys come from the endpoint (`[module, path, input]`), so one resource is cached under one key
 * wherever it is read, and a module's reads are invalidated together after one of its writes.
 */
import {
  type AnyEndpoint,
  type CallInput,
  fillPath,
  type NeedsInput,
  type ResponseOf,
} from '@storefleet/contracts';
import { queryOptions } from '@tanstack/react-query';

import { type Params, request } from '../request/client';

export type { CallInput } from '@storefleet/contracts';

/** The arguments after the endpoint: the input (optional when nothing is required) and a signal. */
export type CallArgs<E extends AnyEndpoint> =
  NeedsInput<E> extends true
    ? [input: CallInput<E>, options?: CallOptions]
    : [input?: CallInput<E>, options?: CallOptions];

export interface CallOptions {
  signal?: AbortSignal;
  /** For multipart uploads: called with the share of the body sent so far (0 to 1). */
  onUploadProgress?: (fraction: number) => void;
}

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Params;
  body?: unknown;
}

/** Calls `endpoint` and resolves with the envelope's `data` (a Blob for file endpoints); spec §8 on failure. */
export function api<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<ResponseOf<E>> {
  const loose = (input ?? {}) as LooseInput;
  const url = fillPath(endpoint.path, loose.params);
  const file = endpoint.response === 'file';
  return request<ResponseOf<E>>(endpoint.method, url, {
    ...(loose.query ? { query: loose.query } : {}),
    ...(loose.body === undefined
      ? {}
      : loose.body instanceof FormData
        ? { multipart: loose.body }
        : { json: loose.body }),
    ...(file ? { responseType: 'blob' as const } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
  });
}

/** The key under which every read of `endpoint`'s module is cached: invalidate it after a write. */
export function moduleKey(endpoint: AnyEndpoint): readonly [string] {
  return [endpoint.module];
}

/** The key of every cached read of one endpoint (any input). */
export function endpointKey(endpoint: AnyEndpoint): readonly [string, string] {
  return [endpoint.module, endpoint.path];
}

/** TanStack Query options for a read: key from the endpoint and its input, fetch through `api`. */
export function apiQuery<E extends AnyEndpoint>(endpoint: E, ...[input]: CallArgs<E>) {
  const key = [...endpointKey(endpoint), (input ?? {}) as unknown] as const;
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      (api as (e: E, i: unknown, o: CallOptions) => Promise<ResponseOf<E>>)(endpoint, input, { signal }),
  });
}
